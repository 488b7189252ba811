import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))
const pageEntry = 'src/renderer/src/features/check-in/test-support/trend-page.tsx'

const pageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<title>Target trends</title>
<link rel="stylesheet" href="/page.css">
</head>
<body>
<div id="root"></div>
<script type="module" src="/page.js"></script>
</body>
</html>
`

export interface TrendPageServer {
  /** The page's address, ending in "/". */
  url: string
  close(): Promise<void>
}

/**
 * Serves the trend page (the check-in form's targets with a goal's history, bundled in memory from the
 * working tree's sources with the app's styles) on a random port of 127.0.0.1.
 */
export async function startTrendPage(): Promise<TrendPageServer> {
  const bundle = await build({
    entryPoints: { page: `${root}/${pageEntry}` },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: 'trend-out',
    write: false,
    minify: true,
    logLevel: 'silent',
    alias: { '@renderer': `${root}/src/renderer/src`, '@shared': `${root}/src/shared` },
  })
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html', body: pageHtml },
  }
  for (const output of bundle.outputFiles) {
    const name = output.path.slice(output.path.lastIndexOf('/'))
    files[name] = { type: name.endsWith('.css') ? 'text/css' : 'text/javascript', body: output.contents }
  }
  if (!files['/page.js'] || !files['/page.css']) throw new Error('the trend page bundle is incomplete')
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
