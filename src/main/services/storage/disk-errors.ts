import { dirname } from 'node:path'
import { appError, type AppError } from '@shared/errors'

/**
 * A disk that refuses the app's data folder, said in words a person can act on. A draft, an outbox entry
 * or a claim that cannot be written is not a bug in the app ("Something went wrong inside the app"): the
 * disk is full, it turned read-only, or the folder is not the app's to write, and the person can fix that
 * and press the button again. Node says which through the errno code of the error, or of an error it wraps
 * (`cause`), so that code is what is recognised here, never the message.
 */

export const diskCodes = ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM'] as const
export type DiskCode = (typeof diskCodes)[number]

export interface DiskProblem {
  code: DiskCode
  /** The file or folder the system named, when it named one. */
  path: string | null
}

const isDiskCode = (code: unknown): code is DiskCode =>
  typeof code === 'string' && (diskCodes as readonly string[]).includes(code)

/** Codes that only mean "the disk" when a file or folder is named: a socket may be refused them too. */
const needsPath: readonly DiskCode[] = ['EACCES', 'EPERM']

/** The disk problem behind `err` (itself, or any error in its `cause` chain), or null. */
export function diskProblemOf(err: unknown): DiskProblem | null {
  const seen = new Set<unknown>()
  for (let at = err; typeof at === 'object' && at !== null && !seen.has(at);) {
    seen.add(at)
    const { code, path, cause } = at as { code?: unknown; path?: unknown; cause?: unknown }
    const named = typeof path === 'string' && path.length > 0 ? path : null
    if (isDiskCode(code) && (named !== null || !needsPath.includes(code))) return { code, path: named }
    at = cause
  }
  return null
}

/** What happened, with the folder concerned when the system named it. */
function whatHappened({ code, path }: DiskProblem): string {
  const at = path ? ` (${dirname(path)})` : ''
  switch (code) {
    case 'ENOSPC':
      return `The disk that holds the app's data folder${at} is full`
    case 'EDQUOT':
      return `Your disk quota is used up on the disk that holds the app's data folder${at}`
    case 'EROFS':
      return `The app's data folder${at} is on a disk that is read-only now`
    case 'EACCES':
    case 'EPERM':
      return `The app is not allowed to write to its data folder${at}`
  }
}

function whatToDo(code: DiskCode): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'Free some space on that disk, then press the button again.'
    case 'EROFS':
      return 'Make that disk writable again (one that turned read-only by itself often needs the computer restarted), then press the button again.'
    case 'EACCES':
    case 'EPERM':
      return 'Give your user account permission to write to that folder, then press the button again.'
  }
}

/** What a failed write meant for the work being done: for a person waiting on it, nothing left. */
export const NOTHING_SENT = 'the app could not write to it, and nothing was sent'

/**
 * The `disk` AppError for `err`, or null when `err` is not a disk problem (it stays whatever it was).
 * `consequence` says what the failed write meant for the work at hand, after "so".
 */
export function diskFailure(err: unknown, consequence: string = NOTHING_SENT): AppError | null {
  const problem = diskProblemOf(err)
  if (!problem) return null
  return appError('disk', `${whatHappened(problem)}, so ${consequence}. ${whatToDo(problem.code)}`)
}
