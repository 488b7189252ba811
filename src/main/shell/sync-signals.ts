import type { AppError } from '@shared/errors'
import type { OutboxEntry } from '../services/outbox/entry'
import type { SyncEvent } from '../services/sync/sync-engine'
import type { SyncStatus } from '../services/sync/status'
import type { TrayBadge } from './tray-badge'

/**
 * What the tray and OS notifications say about queued work. Pure, so the words and the icon logic are
 * tested without Electron; start-shell.ts connects them to the sync engine.
 */

/** The tray's part of the sync state: offline, waiting work, and work that needs the person. */
export function syncBadge(status: SyncStatus): Pick<TrayBadge, 'offline' | 'attention' | 'pending'> {
  return {
    offline: !status.online,
    attention: status.halted !== null || status.failed + status.conflicts + status.needsAttention > 0,
    pending: status.pending,
  }
}

export interface SyncNotice {
  title: string
  body: string
}

const named = (title: string | null | undefined, fallback: string) => (title ? `“${title}”` : fallback)

/** The headline of an item that stopped: a disk that refused the data folder first (the person can fix it). */
const titleOfFailure = (kind: OutboxEntry['kind'], error: AppError): string => {
  if (error.kind === 'disk') return 'Not sent: the app could not write to disk'
  return kind === 'check-in' ? 'A check-in needs you' : 'A queued change could not be sent'
}

/**
 * The OS notification for an event of the sync engine, or null for events that need none. What the person
 * saw happen where they were (a form that waited for its delivery) needs none either; work they let go on
 * in the background ("Keep it in the background", or queued) is followed to the end by these.
 */
export function syncNotice(event: SyncEvent): SyncNotice | null {
  if (event.type !== 'halted' && event.awaited) return null
  switch (event.type) {
    case 'delivered': {
      const { entry } = event
      return entry.kind === 'description'
        ? {
            title: 'Description saved',
            body: `Your queued change to ${named(entry.title, 'a project')} is now in Operately.`,
          }
        : {
            title: 'Check-in posted',
            body: `Your queued check-in for ${named(entry.title, 'a goal')} is now in Operately.`,
          }
    }
    case 'conflict':
      return {
        title: 'A queued change needs your decision',
        body: `Someone else changed the description of ${named(event.entry.title, 'a project')} meanwhile. Nothing was overwritten: open Sync to choose which version to keep.`,
      }
    case 'failed':
    case 'needs_attention':
      return {
        title: titleOfFailure(event.entry.kind, event.error),
        body: event.entry.lastError?.message ?? event.error.message,
      }
    case 'halted':
      // The entry's own notice (needs_attention) has already said why; one notification is enough.
      return null
  }
}
