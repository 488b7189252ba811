import { serveBundledPage, type PageServer } from '../bundled-page'
import { pageHtml } from './page-html'

export type { PageServer }

/** Serves the differential page and `documents` (as /doc/<name>.json) on a random port of 127.0.0.1. */
export function startPageServer(documents: Record<string, unknown>): Promise<PageServer> {
  const extra = Object.fromEntries(
    Object.entries(documents).map(([name, doc]) => [
      `/doc/${name}.json`,
      { type: 'application/json', body: JSON.stringify(doc) },
    ]),
  )
  return serveBundledPage({
    entry: 'src/renderer/src/editor/test-support/differential-page.ts',
    html: pageHtml,
    extra,
  })
}
