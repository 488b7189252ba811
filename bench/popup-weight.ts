import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { result, type BenchResult } from './result'

/**
 * Popup weight: the JavaScript the popup's first screen loads, gzipped, and all renderer JavaScript.
 * "First screen" is the entry script of out/renderer/index.html plus every chunk it pulls in before it
 * runs: modulepreload links in the page and the static `import … from "./x.js"` statements of each chunk,
 * followed transitively. Dynamic `import()` chunks (lazily loaded parts) are not counted.
 */

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024

/** Relative module paths a chunk imports statically (Vite/Rolldown output: `import{…}from"./x.js"`). */
function staticImports(code: string): string[] {
  const found: string[] = []
  const patterns = [/\bimport\s*[^('"`]*?\bfrom\s*["']([^"']+\.js)["']/g, /\bimport\s*["']([^"']+\.js)["']/g]
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!)
  return found
}

export function measurePopupWeight(rendererDir: string): BenchResult[] {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => resolve(rendererDir, m[1]!))
  if (entries.length === 0) throw new Error(`no entry script in ${join(rendererDir, 'index.html')}`)

  const firstScreen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (firstScreen.has(file)) continue
    firstScreen.add(file)
    const code = readFileSync(file, 'utf8')
    for (const spec of staticImports(code)) if (spec.startsWith('.')) queue.push(resolve(file, '..', spec))
  }

  const assets = join(rendererDir, 'assets')
  const allJs = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(assets, name))
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0)
  const firstKb = sum(firstScreen)
  const totalKb = sum(allJs)
  return [
    result('popup first-screen JS (gzip)', firstKb, 'KB', 110, {
      note: `${firstScreen.size} of ${allJs.length} chunks`,
    }),
    result('renderer JS total (gzip)', totalKb, 'KB', null, { note: `${allJs.length} chunks` }),
    result('lazily loaded JS (gzip)', totalKb - firstKb, 'KB', null, {
      note: 'chunks only loaded when needed (editor and other heavy parts)',
    }),
  ]
}
