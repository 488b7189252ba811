import * as fsPromises from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

export type DataFolder = { ok: true; dir: string; temporary: boolean } | { ok: false; problem: string }

export interface DataFolderOptions {
  /** The folder the person asked for (--data-dir, OPERATELY_TRAY_DATA_DIR); a fresh one when absent. */
  given: string | undefined
  /** Name prefix of the fresh folder under the system temp directory. */
  prefix: string
  /** The current user's id; absent on Windows, where folder ownership and modes are not POSIX. */
  uid?: number | undefined
  tempRoot?: string
  /** The file system calls it makes (node:fs/promises); a test can put another process's moves in between. */
  fs?: Pick<typeof fsPromises, 'lstat' | 'mkdir' | 'mkdtemp'>
}

/**
 * The harness's data folder holds the session file and logs of a signed-in account. Without a folder
 * given it makes a fresh private one (mkdtemp, mode 0700), so nobody can plant a folder in the shared
 * temp directory for it to use. A folder given by name is created private when missing, and refused when
 * it is a symbolic link, belongs to another user, or can be read or written by others.
 */
export async function prepareDataFolder({
  given,
  prefix,
  uid = process.getuid?.(),
  tempRoot = tmpdir(),
  fs = fsPromises,
}: DataFolderOptions): Promise<DataFolder> {
  const { lstat, mkdir, mkdtemp } = fs
  if (given === undefined || given === '') {
    return { ok: true, dir: await mkdtemp(join(tempRoot, prefix)), temporary: true }
  }
  const dir = resolve(given)
  // Make it first, then look: a folder this call made is ours and private. Looking first would leave a
  // moment in which another user could put a folder (or a link to one) there for a recursive mkdir to
  // accept as is. The last step is not recursive, so anything already there fails it with EEXIST.
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 })
  try {
    await mkdir(dir, { mode: 0o700 })
    return { ok: true, dir, temporary: false }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  const stats = await lstat(dir)
  if (stats.isSymbolicLink()) {
    return { ok: false, problem: `The data folder ${dir} is a symbolic link. Give the real folder instead.` }
  }
  if (!stats.isDirectory()) return { ok: false, problem: `The data folder ${dir} is a file, not a folder.` }
  if (uid === undefined) return { ok: true, dir, temporary: false }
  if (stats.uid !== uid) {
    return {
      ok: false,
      problem: `The data folder ${dir} belongs to another user (uid ${stats.uid}). Choose a folder of your own.`,
    }
  }
  const mode = stats.mode & 0o777
  if ((mode & 0o077) !== 0) {
    return {
      ok: false,
      problem: `The data folder ${dir} can be opened by other users (mode ${mode.toString(8)}). Run \`chmod 700 "${dir}"\` or choose another folder.`,
    }
  }
  return { ok: true, dir, temporary: false }
}
