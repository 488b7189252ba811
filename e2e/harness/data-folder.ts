import * as fsPromises from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

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
  let stats
  try {
    stats = await lstat(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    await mkdir(dir, { recursive: true, mode: 0o700 })
    return { ok: true, dir, temporary: false }
  }
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
