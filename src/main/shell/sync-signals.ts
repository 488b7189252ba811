import type { AppError } from '@shared/errors'
import type { OutboxEntry } from '../services/outbox/entry'
import type { SyncEvent } from '../services/sync/sync-engine'
import { plainText } from '../services/sync/preview'
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

export interface SyncNoticeOptions {
  /** "10:42" in the person's own time zone (tests pass a fixed one). */
  clockTime?: (at: Date) => string
  now?: () => Date
}

const localClockTime = (at: Date) => at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })

/** A check-in's words as a notification can carry them: plain, one line, short. */
const QUOTED_MAX = 140

/**
 * When a check-in delivered in the background was posted, from the delivery (check-ins/CheckInDelivery):
 * the server's own time when this pass read the record, else "by" now (an earlier pass found it). Null
 * when the result says nothing about a check-in.
 */
function postedWhen(result: unknown, options: SyncNoticeOptions): string | null {
  if (typeof result !== 'object' || result === null || !('checkIn' in result)) return null
  const clockTime = options.clockTime ?? localClockTime
  const record = (result as { checkIn: { inserted_at?: unknown } | null }).checkIn
  const at = typeof record?.inserted_at === 'string' ? new Date(record.inserted_at) : null
  if (at && !Number.isNaN(at.getTime())) return `at ${clockTime(at)}`
  return `by ${clockTime((options.now ?? (() => new Date()))())}`
}

/** The notification's words for a check-in that reached Operately with nobody watching. */
function checkInPosted(entry: OutboxEntry, result: unknown, options: SyncNoticeOptions): SyncNotice {
  const goal = named(entry.title, 'a goal')
  const when = postedWhen(result, options)
  const message = entry.kind === 'check-in' ? entry.payload?.message : undefined
  const words = typeof message === 'string' ? plainText(message, QUOTED_MAX).replace(/\s+/g, ' ').trim() : ''
  const said = words ? `: “${words}”` : '.'
  return {
    title: 'Check-in posted',
    body: when
      ? `Your check-in for ${goal} was posted ${when}${said}`
      : `Your check-in for ${goal} is now in Operately${said}`,
  }
}

/**
 * The OS notification for an event of the sync engine, or null for events that need none. What the person
 * saw happen where they were (a form that waited for its delivery) needs none either; work they let go on
 * in the background ("Keep it in the background", or queued) is followed to the end by these, a check-in
 * with when it was posted and what it said (a restarted app shows the same on the goal's screen).
 */
export function syncNotice(event: SyncEvent, options: SyncNoticeOptions = {}): SyncNotice | null {
  if (event.type !== 'halted' && event.awaited) return null
  switch (event.type) {
    case 'delivered': {
      const { entry } = event
      return entry.kind === 'description'
        ? {
            title: 'Description saved',
            body: `Your queued change to ${named(entry.title, 'a project')} is now in Operately.`,
          }
        : checkInPosted(entry, event.result, options)
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
