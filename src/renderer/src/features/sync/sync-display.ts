import type { SyncItem, SyncStatusView, SyncView } from '@shared/domain/sync'
import { waitingForPersonStates } from '@shared/domain/sync-states'
import type { AppError } from '@shared/errors'
import type { Route } from '../../app/navigation'
import { syncedAtText } from '../../ui/freshness'
import { keptAtLabel } from '../description/project-display'

/** What the Sync view and the Sync tab say, worked out from main's view: pure, tested without a DOM. */

/** How many things are saved on this computer and not yet on the server (every item listed). */
export const waitingCount = (view: SyncView | undefined): number => view?.items.length ?? 0

/** Whether anything is listed at all: items, or queued files that could not be read. */
export const hasAnything = (view: SyncView): boolean => view.items.length > 0 || view.damaged.length > 0

/** The Sync tab's accessible name: "Sync, 2 waiting", or just "Sync" when nothing waits. */
export const syncTabName = (count: number): string => (count === 0 ? 'Sync' : `Sync, ${count} waiting`)

/** The line under the title: whether the app reaches the server, and what waits. */
export function statusLine(status: SyncStatusView, waiting: number, now: Date): string {
  if (status.syncing) return 'Syncing…'
  const synced = status.lastSyncedAt ? `last synced ${syncedAtText(status.lastSyncedAt, now)}` : null
  if (!status.online) {
    if (waiting > 0) return `Offline · ${waiting} waiting`
    return synced ? `Offline · ${synced}` : 'Offline'
  }
  return synced ? `Online · ${synced}` : 'Online'
}

/** When the next automatic attempt is, if one is planned and something waits for it. */
export function nextAttemptText(status: SyncStatusView, waiting: number, now: Date): string | null {
  if (status.syncing || waiting === 0 || !status.nextAttemptAt || status.halted) return null
  return `Next attempt ${syncedAtText(status.nextAttemptAt, now)}`
}

/** The banner when the whole queue waits for the person: what happened and what to do. */
export function haltedNotice(halted: AppError): { title: string; text: string } {
  switch (halted.kind) {
    case 'read_only_token':
      return {
        title: 'Nothing can be sent with this token',
        text: 'The token you signed in with can only read. In Operately, open Account → API tokens, create a token with write access, and sign in again with it. Everything waiting is kept.',
      }
    case 'unauthorized':
    case 'not_signed_in':
      return {
        title: 'Sign in again to send what is waiting',
        text: `${halted.message} Everything waiting is kept and is sent once you are signed in.`.trim(),
      }
    default:
      return { title: 'Sending is paused', text: `${halted.message} Everything waiting is kept.`.trim() }
  }
}

/** "Description · Apollo", "Check-in · Ship the engine": what the item is and what it belongs to. */
export function itemTitle(
  item: Pick<SyncItem, 'kind' | 'title'> & Partial<Pick<SyncItem, 'targetKind'>>,
): string {
  const name = item.title?.trim()
  if (item.kind === 'description') return `Description · ${name || 'a project'}`
  const of = name || `a ${item.targetKind ?? 'goal'}`
  return item.kind === 'acknowledgement' ? `Acknowledgement · ${of}` : `Check-in · ${of}`
}

/**
 * The item's state in words, the same words as the check-in screen: "Queued", "Checking whether Operately
 * saved it…", "Needs you". (Main's meaning: `failed` is a refusal a retry alone will not fix, such as a
 * project that is gone; `needs_attention` waits for the person, such as edit access or an entry Operately
 * refused several times; both need the person.)
 */
export function stateText(state: SyncItem['state']): string {
  switch (state) {
    case 'pending':
      return 'Queued'
    case 'sending':
      return 'Sending…'
    case 'checking':
      return 'Checking whether Operately saved it…'
    case 'failed':
    case 'needs_attention':
      return 'Needs you'
    case 'conflict':
      return 'Changed in Operately meanwhile: open it to choose which version to keep'
  }
}

/**
 * When it was queued and how many requests for it may have reached Operately: "Queued 10:42 · 3 attempts"
 * ("not sent yet" while none has: reading the server first does not count).
 */
export function detailText(item: Pick<SyncItem, 'createdAt' | 'attempts'>, now: Date): string {
  const tries =
    item.attempts === 0 ? 'not sent yet' : item.attempts === 1 ? '1 attempt' : `${item.attempts} attempts`
  return `Queued ${syncedAtText(item.createdAt, now)} · ${tries}`
}

/**
 * What "Discard" means for this item, said before the person confirms. An item being sent or checked may
 * already be on Operately: "never sent" would be untrue there, and a person who believed it would write
 * the same check-in again.
 */
export function discardText(
  item: Pick<SyncItem, 'kind' | 'state' | 'maybeOnServer'> & Partial<Pick<SyncItem, 'targetKind'>>,
): string {
  const mayBeThere = item.state === 'sending' || item.state === 'checking' || item.maybeOnServer
  if (item.kind === 'description') {
    return mayBeThere
      ? 'Operately may already have this text. Discarding only stops the app from sending it; look at the project in Operately to see which text it has.'
      : 'The text waiting here is never sent and cannot be brought back.'
  }
  if (item.kind === 'acknowledgement') {
    return mayBeThere
      ? 'Operately may already have this acknowledgement. Discarding only stops the app from sending it; the check-in in Operately says whether it is acknowledged.'
      : 'This acknowledgement is never sent; the check-in stays in your inbox to acknowledge.'
  }
  return mayBeThere
    ? `Operately may already have this check-in. Discarding only stops the app from sending it; look at the ${item.targetKind ?? 'goal'} in Operately before you write it again.`
    : 'This check-in is never sent and cannot be brought back.'
}

/** Said instead of the actions' use when the item belongs to another account than the one signed in. */
export const otherAccountText = (other: NonNullable<SyncItem['otherAccount']>): string =>
  `Waiting for ${other.baseUrl}: sign in to that account to send it`

export const attentionStates: ReadonlyArray<SyncItem['state']> = waitingForPersonStates

export interface SyncGroups {
  /** "Needs you": conflicts, items that wait for the person, refused ones; in that order, oldest first. */
  attention: SyncItem[]
  /** Queued, being sent, or being checked on the server, oldest first. */
  waiting: SyncItem[]
}

/** What a damaged queue file was, in a few words. */
export function damagedTitle(kind: 'description' | 'check-in' | 'acknowledgement' | null): string {
  if (kind === 'description') return 'A description that could not be read back'
  if (kind === 'check-in') return 'A check-in that could not be read back'
  if (kind === 'acknowledgement') return 'An acknowledgement that could not be read back'
  return 'Something queued that could not be read back'
}

export function groupItems(items: readonly SyncItem[]): SyncGroups {
  const byAge = [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  const rank = (item: SyncItem) => attentionStates.indexOf(item.state)
  return {
    attention: byAge.filter((item) => rank(item) !== -1).sort((a, b) => rank(a) - rank(b)),
    waiting: byAge.filter((item) => rank(item) === -1),
  }
}

/**
 * What "Retry now" came to, said in the row when the item is still there: main answers once the attempt
 * is over, so an item still listed was not sent. Null when it was (the row is gone) or is on its way.
 */
export function retryOutcomeText(
  item: Pick<SyncItem, 'state' | 'lastError'> | undefined,
  status: Pick<SyncStatusView, 'online' | 'halted'>,
): string | null {
  if (!item || item.state === 'sending' || item.state === 'checking') return null
  if (status.halted) return `Not sent: ${status.halted.message}`.trim()
  if (!status.online) {
    return 'Not sent: Operately cannot be reached right now. It stays here and is sent once it can be.'
  }
  if (item.lastError) return `Not sent: ${item.lastError.message}`
  return item.state === 'conflict' ? 'Not sent: the description changed in Operately meanwhile.' : null
}

/**
 * "Retry now" makes sense unless it is being sent now, being checked on the server (it is looked up again
 * by itself, and nothing may be sent before), waits for the person's choice, or belongs to another account.
 */
export const canRetry = (item: Pick<SyncItem, 'state' | 'otherAccount'>): boolean =>
  item.state !== 'sending' &&
  item.state !== 'checking' &&
  item.state !== 'conflict' &&
  item.otherAccount === null

/**
 * Where "Open" leads: the project's description, or the goal's (the project's) check-in form; null for
 * another account.
 */
export function openRoute(
  item: Pick<SyncItem, 'kind' | 'targetKind' | 'targetId' | 'otherAccount'>,
): Route | null {
  if (item.otherAccount !== null) return null
  if (item.kind === 'description') return { section: 'projects', projectId: item.targetId }
  // An acknowledgement has no form of its own to open: its check-in waits in the inbox until it is sent.
  if (item.kind === 'acknowledgement') return { section: 'inbox' }
  return item.targetKind === 'project'
    ? { section: 'projects', projectId: item.targetId, checkIn: true }
    : { section: 'check-ins', goalId: item.targetId }
}

/**
 * The words of a link to one copy of a check-in Operately ended up with twice ("Open the copy posted at
 * 10:42"); without a page address, what to look for instead.
 */
export function copyText(copy: NonNullable<SyncItem['copies']>[number], now: Date, locale?: string): string {
  const label = copy.postedAt ? keptAtLabel(copy.postedAt, now, locale) : null
  const today = copy.postedAt !== null && new Date(copy.postedAt).toDateString() === now.toDateString()
  const when = label ? `posted ${today ? 'at ' : ''}${label}` : 'posted at an unknown time'
  return copy.url ? `Open the copy ${when}` : `The copy ${when}: open the goal in Operately to find it`
}
