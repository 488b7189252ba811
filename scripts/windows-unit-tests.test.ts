import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Found by a hostile review of issue 22, item 13: installers.yml runs `npx vitest run src/` on windows-2025. Windows reports
// a file's mode as 0o666 (or 0o444) whatever mode it was written with, so an unguarded POSIX mode
// assertion fails the Windows job on its first hosted run. The other suites guard theirs
// (drafts-service.test.ts, outbox-store.test.ts: `if (process.platform !== 'win32') …`).

const root = fileURLToPath(new URL('..', import.meta.url))

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return testFiles(path)
    return /\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('unit tests that the Windows job runs', () => {
  it('assert a POSIX file mode only where the platform is not Windows', () => {
    const unguarded = testFiles(join(root, 'src')).flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      const fileSkipsWindows = /skipIf\([^)]*win32/.test(text)
      return text
        .split('\n')
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => /\.mode\s*&\s*0o777/.test(line) && !line.includes('win32') && !fileSkipsWindows)
        .map(({ number }) => `${relative(root, file)}:${number}`)
    })
    expect(unguarded).toEqual([])
  })
})
