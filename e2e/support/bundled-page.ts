import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface PageServer {
  /** The page's address, ending in "/". */
  url: string
  close(): Promise<void>
}

export interface ServedFile {
  type: string
  body: string | Uint8Array
}

/** `entry` (a path from the repository's root) bundled in memory from the working tree: /page.js and /page.css. */
async function bundle(entry: string): Promise<Record<string, ServedFile>> {
  const built = await build({
    entryPoints: { page: `${root}/${entry}` },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: 'page-out',
    write: false,
    minify: true,
    logLevel: 'silent',
    alias: { '@renderer': `${root}/src/renderer/src`, '@shared': `${root}/src/shared` },
  })
  const files: Record<string, ServedFile> = {}
  for (const output of built.outputFiles) {
    const name = output.path.slice(output.path.lastIndexOf('/'))
    files[name] = { type: name.endsWith('.css') ? 'text/css' : 'text/javascript', body: output.contents }
  }
  if (!files['/page.js'] || !files['/page.css']) throw new Error(`the bundle of ${entry} is incomplete`)
  return files
}

/**
 * Serves a test page on a random port of 127.0.0.1: `html` at /, its script and styles bundled from
 * `entry`, and `extra` files by path. A page of the renderer's own sources, without the app around it.
 */
export async function serveBundledPage(options: {
  entry: string
  html: string
  extra?: Record<string, ServedFile>
}): Promise<PageServer> {
  return serveFiles({
    ...(await bundle(options.entry)),
    ...options.extra,
    '/': { type: 'text/html', body: options.html },
  })
}

/** Serves `files` by path (no-store) on a random port of 127.0.0.1; anything else is a 404. */
export async function serveFiles(files: Record<string, ServedFile>): Promise<PageServer> {
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
