import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { afterAll } from 'vitest'

// Under Windows path rules a POSIX temporary folder joins to `\tmp\…`, which this disk reads as a
// relative file name: a test that writes there would litter the working copy. Each test file of the
// Windows path run (its own process: pool forks) works in a throwaway folder instead. The folder is
// named by string, not node:path, which is path.win32 here.
const sandbox = mkdtempSync(`${tmpdir()}/win32-paths-`)
process.chdir(sandbox)
afterAll(() => rmSync(sandbox, { recursive: true, force: true }))
