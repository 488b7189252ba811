import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A small disk of a test's own (a tmpfs), to fill up for real: what the app says when the disk under its
 * data folder is full is only known by filling one. Mounting needs root; `whyNoSmallDisk` says why not.
 */

export const mountSmallDisk = (dir: string, size: string): void => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' })
}

export const unmountSmallDisk = (dir: string): void => {
  execFileSync('umount', [dir], { stdio: 'pipe' })
}

/** Why no tmpfs can be mounted here (not root, mount refused), found by mounting one; null when it can. */
export function whyNoSmallDisk(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root, so no tmpfs can be mounted'
  const probe = mkdtempSync(join(tmpdir(), 'operately-tray-probe-'))
  try {
    mountSmallDisk(probe, '64k')
    unmountSmallDisk(probe)
    return null
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim()
    return `mount -t tmpfs failed (${stderr || String(err)})`
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}

/** Fills the disk of `dir` to the last byte with one file; returns a function that frees it again. */
export function fillDisk(dir: string): () => void {
  const path = join(dir, 'ballast')
  const fd = openSync(path, 'w')
  try {
    // Big writes first, then small ones for the last pages, until the disk says no more.
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1)
      for (;;) {
        try {
          if (writeSync(fd, chunk) < size) break
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
  return () => rmSync(path)
}
