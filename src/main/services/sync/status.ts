import type { AppError } from '@shared/errors'
import type { OutboxEntry } from '../outbox/entry'

/** What the tray, its tooltip and the Sync view show about queued work. */
export interface SyncStatus {
  /** Waiting to be sent or being sent. */
  pending: number
  failed: number
  conflicts: number
  needsAttention: number
  /** When the queue last got through to the server with nothing left it could send (ISO), or null. */
  lastSyncedAt: string | null
  online: boolean
  /** Set while the whole queue is stopped until the user acts (signed out, token revoked, read-only). */
  halted: AppError | null
  /** When the next automatic attempt is due (ISO), or null. */
  nextAttemptAt: string | null
  syncing: boolean
}

export function countStates(entries: OutboxEntry[]) {
  const count = (...states: OutboxEntry['state'][]) => entries.filter((e) => states.includes(e.state)).length
  return {
    pending: count('pending', 'sending'),
    failed: count('failed'),
    conflicts: count('conflict'),
    needsAttention: count('needs_attention'),
  }
}

export const sameStatus = (a: SyncStatus, b: SyncStatus): boolean => JSON.stringify(a) === JSON.stringify(b)
