import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { win32PathTests } from '../vitest.win32.config'

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

/** Tests of path-building modules that read or write real files at joined paths: a Windows path cannot be
 * opened on this disk, so they run under Windows rules only on the Windows runner. */
const leftToTheRunner: Record<string, string> = {
  'src/main/services/log/logger.test.ts': 'writes log files',
  'src/main/services/reminders/reminders-store.test.ts': 'writes its store',
  'src/main/services/cache/cache.test.ts': 'writes its cache',
  'src/main/services/updates/windows-signature.test.ts': 'runs PowerShell on real files (Windows job)',
  'src/main/services/check-ins/server-drafts.test.ts': 'writes drafts',
  'src/main/services/storage/disk-errors.test.ts': 'makes real disk errors',
  'src/main/services/drafts/drafts-service.test.ts': 'writes drafts',
  'src/main/services/outbox/delivered-records.test.ts': 'writes records',
  'src/main/services/outbox/damaged-files.test.ts': 'writes damaged files',
  'src/main/services/outbox/outbox-store.test.ts': 'writes the outbox',
  'src/main/shell/managed-configuration.test.ts':
    'writes an autostart entry (that test skips itself on Windows)',
  'src/main/shell/start-at-login.test.ts': 'writes an autostart entry',
  'src/main/version-flag.test.ts': 'reads package.json',
}

// Issue 39: the rest of the kind, found before a runner finds them. Each rule reads the test files as
// text; the Windows path rules themselves run in vitest.win32.config.ts (a step of npm test).

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line, where: `${relative(root, file)}:${index + 1}` }))

describe('unit tests that the Windows job runs, issue 39', () => {
  const files = testFiles(join(root, 'src'))

  it('compare a path with a POSIX literal only where the test runs under Windows path rules too, or says why it may', () => {
    // `toBe('/opt/app/tray')` against a joined path is the failure issue 39 found twice. A literal is
    // fine where vitest.win32.config.ts proves it, or where the line says why (`// windows: …` above it).
    const checked = new Set(win32PathTests.map((file) => join(root, file)))
    const posixLiteral = /\.to(Be|Equal|StrictEqual|Contain)\(\[?'\/[A-Za-z][^']*\//
    const found = files
      .filter((file) => !checked.has(file))
      .flatMap((file) =>
        lines(file).filter(
          ({ line }, index, all) =>
            posixLiteral.test(line) &&
            !/\/\/ windows:/.test(all[index - 1]?.line ?? '') &&
            !line.includes('://'),
        ),
      )
      .map(({ where }) => where)
    expect(found).toEqual([])
  })

  it("take a file name from a path with basename, never by splitting on '/'", () => {
    // A joined path on Windows has backslashes: split('/').pop() is then the whole path.
    const found = files
      .flatMap((file) => lines(file).filter(({ line }) => /path\)?\??\.split\('\/'\)/.test(line)))
      .map(({ where }) => where)
    expect(found).toEqual([])
  })

  it('read process.platform only to choose which tests run on this system', () => {
    // A test that silently expects the host to be Linux fails on the Windows runner; each use must guard.
    const found = files
      .flatMap((file) =>
        lines(file).filter(
          ({ line }) =>
            line.includes('process.platform') && !/(skipIf|runIf)\(|if \(process\.platform/.test(line),
        ),
      )
      .map(({ where }) => where)
    expect(found).toEqual([])
  })

  it('keep the Windows path run honest: each module that builds paths is run under Windows rules, or named as left to the runner', () => {
    const importsPath = /from '(node:)?path'/
    const modules = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))
      .map((name) => join(root, 'src', name))
      .filter((file) => importsPath.test(readFileSync(file, 'utf8')))
      .map((file) => file.replace(/\.ts$/, '.test.ts'))
      .filter((test) => files.includes(test))
      .map((test) => relative(root, test).split(sep).join('/'))
    const accounted = new Set([...win32PathTests, ...Object.keys(leftToTheRunner)])
    expect(modules.filter((test) => !accounted.has(test))).toEqual([])
  })

  it('check out with LF line ends everywhere, so CRLF never reaches a test (.gitattributes)', () => {
    // actions/checkout on Windows converts to CRLF unless told otherwise.
    expect(readFileSync(join(root, '.gitattributes'), 'utf8')).toMatch(/^\* text=auto eol=lf$/m)
  })

  it('never hold two files whose names differ only in case (one on Windows and macOS)', () => {
    const names = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n')
    const seen = new Map<string, string>()
    const clashes = names.flatMap((name) => {
      const other = seen.get(name.toLowerCase())
      seen.set(name.toLowerCase(), name)
      return other !== undefined && other !== name ? [`${other} / ${name}`] : []
    })
    expect(clashes).toEqual([])
  })
})
