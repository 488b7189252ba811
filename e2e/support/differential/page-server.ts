import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { pageHtml } from './page-html'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const pageEntry = 'src/renderer/src/editor/test-support/differential-page.ts'

export interface PageServer {
  /** The page's address, ending in "/". */
  url: string
  close(): Promise<void>
}

interface ServedFile {
  type: string
  body: string | Uint8Array
}

/** The differential page bundled in memory from the working tree's sources (its script and its CSS). */
async function bundlePage(): Promise<Record<string, ServedFile>> {
  const bundle = await build({
    entryPoints: { page: `${root}/${pageEntry}` },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'differential-out',
    write: false,
    minify: true,
    logLevel: 'silent',
    alias: { '@renderer': `${root}/src/renderer/src`, '@shared': `${root}/src/shared` },
  })
  const files: Record<string, ServedFile> = {}
  for (const output of bundle.outputFiles) {
    const name = output.path.slice(output.path.lastIndexOf('/'))
    files[name] = { type: name.endsWith('.css') ? 'text/css' : 'text/javascript', body: output.contents }
  }
  if (!files['/page.js'] || !files['/page.css']) throw new Error('the differential page bundle is incomplete')
  return files
}

/**
 * Serves the differential page and `documents` (as /doc/<name>.json) on a random port of 127.0.0.1.
 */
export async function startPageServer(documents: Record<string, unknown>): Promise<PageServer> {
  const files = await bundlePage()
  files['/'] = { type: 'text/html', body: pageHtml }
  for (const [name, doc] of Object.entries(documents)) {
    files[`/doc/${name}.json`] = { type: 'application/json', body: JSON.stringify(doc) }
  }
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://page.invalid').pathname]
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
