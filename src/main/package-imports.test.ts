import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// The main bundle is an ES module that leaves npm packages to Node's resolver at run time
// (externalizeDeps). That resolver, unlike Vite's and vitest's, adds no file extensions: a deep import
// such as 'builder-util-runtime/out/rfc2253Parser' builds and passes every test, then stops the app at
// start with ERR_MODULE_NOT_FOUND. So every package path main imports must name a file that exists.

const root = fileURLToPath(new URL('../..', import.meta.url))
const mainDir = join(root, 'src', 'main')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
  })
}

/** Bare specifiers (npm packages) imported by main's own files; Electron provides 'electron' itself. */
const packageImports = [
  ...new Set(
    sources(mainDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)]
        .map((match) => match[1]!)
        .filter((spec) => !spec.startsWith('node:') && !spec.startsWith('@shared/') && spec !== 'electron'),
    ),
  ),
].sort()

/** Each specifier resolved by Node's own ES module resolver, as a file path ('' when it does not resolve). */
function resolvedByNode(specifiers: string[]): Record<string, string> {
  const script = `
    import { existsSync } from 'node:fs'
    import { fileURLToPath } from 'node:url'
    const out = {}
    for (const spec of JSON.parse(process.argv[1])) {
      let file = ''
      try { file = fileURLToPath(import.meta.resolve(spec)) } catch {}
      out[spec] = file && existsSync(file) ? file : ''
    }
    console.log(JSON.stringify(out))`
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(specifiers)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  return JSON.parse(output) as Record<string, string>
}

it('every package main imports resolves to a file under Node’s ES module rules', () => {
  expect(packageImports).toContain('electron-updater')
  const resolved = resolvedByNode(packageImports)
  const unresolved = packageImports.filter((spec) => resolved[spec] === '')
  expect(unresolved, `not found by Node (in ${relative(root, mainDir)})`).toEqual([])
})

it('notices a deep import without its file extension', () => {
  expect(resolvedByNode(['builder-util-runtime/out/rfc2253Parser'])).toEqual({
    'builder-util-runtime/out/rfc2253Parser': '',
  })
  expect(
    resolvedByNode(['builder-util-runtime/out/rfc2253Parser.js'])[
      'builder-util-runtime/out/rfc2253Parser.js'
    ],
  ).toMatch(/rfc2253Parser\.js$/)
})
