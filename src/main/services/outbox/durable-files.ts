import { open, rename, unlink } from 'node:fs/promises'
import { basename, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'

/**
 * Writes that survive a crash or a power cut. write-file-atomic writes a temp file beside the target,
 * fsyncs it and renames it over the target; the rename is only durable once the directory itself is
 * fsynced, which write-file-atomic does not do, so every change of a directory entry ends with that.
 * The outbox, its records and the drafts all write through this.
 */

/** Windows cannot open a directory to fsync it; NTFS journals the rename itself. */
const canSyncDirectories = process.platform !== 'win32'

export async function syncDirectory(dir: string): Promise<void> {
  if (!canSyncDirectories) return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export async function writeFileDurably(dir: string, name: string, text: string): Promise<void> {
  await writeFileAtomic(join(dir, name), text, { mode: 0o600, fsync: true })
  await syncDirectory(dir)
}

export async function removeFileDurably(dir: string, name: string): Promise<void> {
  try {
    await unlink(join(dir, name))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  await syncDirectory(dir)
}

/** The durable writes as one value, so a service can be handed them (and a test can watch them). */
export interface DurableFiles {
  write(dir: string, name: string, text: string): Promise<void>
  remove(dir: string, name: string): Promise<void>
  syncDirectory(dir: string): Promise<void>
}

/**
 * The durable writes, with the directory fsync passed in: the real one by default; a test passes one that
 * records each directory it syncs (and then syncs it).
 */
export function createDurableFiles(sync: (dir: string) => Promise<void> = syncDirectory): DurableFiles {
  return {
    async write(dir, name, text) {
      await writeFileAtomic(join(dir, name), text, { mode: 0o600, fsync: true })
      await sync(dir)
    },
    async remove(dir, name) {
      try {
        await unlink(join(dir, name))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
      await sync(dir)
    },
    syncDirectory: sync,
  }
}

export const durableFiles: DurableFiles = createDurableFiles()

/** Moves a file into `toDir` under a name that does not clash with an earlier one. */
export async function moveAside(path: string, toDir: string, stamp: string): Promise<string> {
  const target = join(toDir, `${stamp}-${basename(path)}`)
  await rename(path, target)
  return target
}

/** write-file-atomic's temp files are `<target>.<unsigned 32-bit number>`. */
export const isAtomicTempName = (name: string, target: RegExp): boolean => {
  const match = /^(.*)\.(\d{1,10})$/.exec(name)
  return match !== null && target.test(match[1]!)
}
