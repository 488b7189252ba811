import { describe, expect, it } from 'vitest'
import type { SyncItem, SyncStatusView } from '@shared/domain/sync'
import {
  copyText,
  damagedTitle,
  discardText,
  canRetry,
  detailText,
  groupItems,
  haltedNotice,
  itemTitle,
  nextAttemptText,
  openRoute,
  otherAccountText,
  retryOutcomeText,
  stateText,
  statusLine,
  syncTabName,
  waitingCount,
} from './sync-display'

// Local times (the constructor reads them on this machine's calendar), so the tests hold in any time zone.
const now = new Date(2026, 10, 25, 16, 5)
const at = (hours: number, minutes: number, day = 25) => new Date(2026, 10, day, hours, minutes).toISOString()

const status = (extra: Partial<SyncStatusView> = {}): SyncStatusView => ({
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncedAt: at(10, 42),
  online: true,
  halted: null,
  nextAttemptAt: null,
  syncing: false,
  ...extra,
})

let counter = 0
const item = (extra: Partial<SyncItem> = {}): SyncItem => {
  counter++
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'description',
    state: 'pending',
    title: 'Apollo',
    targetKind: 'project',
    targetId: 'apollo-FTjZweJIkc6RtMHf1SwQI3',
    createdAt: at(10, counter),
    updatedAt: at(10, counter),
    attempts: 0,
    lastError: null,
    preview: 'The plan for Apollo',
    otherAccount: null,
    maybeOnServer: false,
    ...extra,
  }
}

describe('the Sync tab', () => {
  it('names the count of everything waiting, and is plain "Sync" when nothing waits', () => {
    expect(syncTabName(0)).toBe('Sync')
    expect(syncTabName(2)).toBe('Sync, 2 waiting')
    expect(waitingCount(undefined)).toBe(0)
    expect(
      waitingCount({ status: status(), items: [item(), item({ state: 'conflict' })], damaged: [] }),
    ).toBe(2)
  })
})

describe('the status line', () => {
  it('says online and when the last sync was', () => {
    expect(statusLine(status(), 0, now)).toBe('Online · last synced 10:42')
    expect(statusLine(status({ lastSyncedAt: null }), 0, now)).toBe('Online')
  })

  it('says offline with how much waits, or when it last synced when nothing waits', () => {
    expect(statusLine(status({ online: false }), 3, now)).toBe('Offline · 3 waiting')
    expect(statusLine(status({ online: false }), 0, now)).toBe('Offline · last synced 10:42')
    expect(statusLine(status({ online: false, lastSyncedAt: null }), 0, now)).toBe('Offline')
  })

  it('says "Syncing…" while an attempt is under way, whatever else is true', () => {
    expect(statusLine(status({ syncing: true, online: false }), 2, now)).toBe('Syncing…')
  })

  it('says when the next attempt is, only while something waits and nothing stops it', () => {
    const planned = status({ nextAttemptAt: at(16, 10) })
    expect(nextAttemptText(planned, 1, now)).toBe('Next attempt 16:10')
    expect(nextAttemptText(planned, 0, now)).toBeNull()
    expect(nextAttemptText({ ...planned, syncing: true }, 1, now)).toBeNull()
    expect(nextAttemptText({ ...planned, halted: { kind: 'unauthorized', message: 'x' } }, 1, now)).toBeNull()
  })
})

describe('the halted banner', () => {
  it('asks to sign in again when the token was refused, with the reason', () => {
    const notice = haltedNotice({ kind: 'unauthorized', message: 'The server no longer accepts this token.' })
    expect(notice.title).toBe('Sign in again to send what is waiting')
    expect(notice.text).toContain('The server no longer accepts this token.')
    expect(notice.text).toContain('Everything waiting is kept')
    expect(haltedNotice({ kind: 'not_signed_in', message: 'You are signed out.' }).title).toBe(
      'Sign in again to send what is waiting',
    )
  })

  it('asks for a token that can write when the token is read-only', () => {
    const notice = haltedNotice({ kind: 'read_only_token', message: '' })
    expect(notice.title).toBe('Nothing can be sent with this token')
    expect(notice.text).toContain('create a token with write access')
  })
})

describe('a row', () => {
  it('is titled by what it is and what it belongs to', () => {
    expect(itemTitle({ kind: 'description', title: 'Apollo' })).toBe('Description · Apollo')
    expect(itemTitle({ kind: 'check-in', title: 'Ship the engine' })).toBe('Check-in · Ship the engine')
    expect(itemTitle({ kind: 'check-in', title: null })).toBe('Check-in · a goal')
    expect(itemTitle({ kind: 'description', title: '  ' })).toBe('Description · a project')
    // A project's weekly check-in whose name was not kept is not called a goal's.
    expect(itemTitle({ kind: 'check-in', targetKind: 'project', title: null })).toBe('Check-in · a project')
    expect(itemTitle({ kind: 'check-in', targetKind: 'goal', title: null })).toBe('Check-in · a goal')
  })

  it('says its state in words', () => {
    expect(stateText('pending')).toBe('Queued')
    expect(stateText('sending')).toBe('Sending…')
    expect(stateText('checking')).toBe('Checking whether Operately saved it…')
    expect(stateText('failed')).toBe('Needs you')
    expect(stateText('conflict')).toMatch(/^Changed in Operately meanwhile/)
    expect(stateText('needs_attention')).toBe('Needs you')
  })

  it('says when it was queued and how often sending was tried', () => {
    expect(detailText({ createdAt: at(10, 42), attempts: 0 }, now)).toBe('Queued 10:42 · not sent yet')
    expect(detailText({ createdAt: at(10, 42), attempts: 1 }, now)).toBe('Queued 10:42 · 1 attempt')
    expect(detailText({ createdAt: at(9, 0, 24), attempts: 4 }, now)).toBe(
      'Queued yesterday 09:00 · 4 attempts',
    )
  })

  it('of another account says which server it waits for', () => {
    expect(otherAccountText({ baseUrl: 'https://ops.example.com', personName: 'Ada' })).toBe(
      'Waiting for https://ops.example.com: sign in to that account to send it',
    )
  })

  it('offers "Retry now" unless it is being sent or checked, waits for a choice, or belongs to another account', () => {
    expect(canRetry(item({ state: 'checking' }))).toBe(false)
    expect(canRetry(item({ state: 'pending' }))).toBe(true)
    expect(canRetry(item({ state: 'failed' }))).toBe(true)
    expect(canRetry(item({ state: 'needs_attention' }))).toBe(true)
    expect(canRetry(item({ state: 'sending' }))).toBe(false)
    expect(canRetry(item({ state: 'conflict' }))).toBe(false)
    expect(canRetry(item({ otherAccount: { baseUrl: 'https://x.example', personName: null } }))).toBe(false)
  })

  it('never says "never sent" of an item that is being sent or checked: Operately may have it already', () => {
    for (const kind of ['check-in', 'description'] as const) {
      for (const state of ['sending', 'checking'] as const) {
        expect(discardText({ kind, state, maybeOnServer: false })).toMatch(/^Operately may already have this/)
        expect(discardText({ kind, state, maybeOnServer: false })).not.toMatch(/never sent/)
      }
      for (const state of ['pending', 'failed', 'needs_attention', 'conflict'] as const) {
        expect(discardText({ kind, state, maybeOnServer: false })).toMatch(/never sent/)
        // Waiting for the person ("Send again?", "twice"), yet maybe on Operately: never "never sent".
        expect(discardText({ kind, state, maybeOnServer: true })).toMatch(/^Operately may already have this/)
      }
    }
  })

  it('opens the project of a description, the goal of a goal’s check-in, the project’s check-in form', () => {
    expect(openRoute(item())).toEqual({ section: 'projects', projectId: 'apollo-FTjZweJIkc6RtMHf1SwQI3' })
    expect(
      openRoute(item({ kind: 'check-in', targetKind: 'goal', targetId: 'ship-kHLABHdtjTkzZF2eK502u' })),
    ).toEqual({ section: 'check-ins', goalId: 'ship-kHLABHdtjTkzZF2eK502u' })
    expect(openRoute(item({ kind: 'check-in', targetId: 'apollo-FTjZweJIkc6RtMHf1SwQI3' }))).toEqual({
      section: 'projects',
      projectId: 'apollo-FTjZweJIkc6RtMHf1SwQI3',
      checkIn: true,
    })
    expect(openRoute(item({ otherAccount: { baseUrl: 'https://x.example', personName: null } }))).toBeNull()
  })
})

describe('the groups', () => {
  it('put what needs the person first (conflicts, then needs attention, then failed), the rest after', () => {
    const pending = item({ state: 'pending' })
    const failed = item({ state: 'failed' })
    const sending = item({ state: 'sending' })
    const conflict = item({ state: 'conflict' })
    const attention = item({ state: 'needs_attention' })
    const groups = groupItems([pending, failed, sending, conflict, attention])
    expect(groups.attention.map((i) => i.state)).toEqual(['conflict', 'needs_attention', 'failed'])
    expect(groups.waiting).toEqual([pending, sending])
  })

  it('list the oldest first within a group', () => {
    const late = item({ createdAt: at(15, 0) })
    const early = item({ createdAt: at(8, 0) })
    expect(groupItems([late, early]).waiting).toEqual([early, late])
    expect(groupItems([])).toEqual({ attention: [], waiting: [] })
  })
})

describe('what "Retry now" came to', () => {
  const online = { online: true, halted: null }
  it('says nothing when the item was sent (gone from the list) or is being sent', () => {
    expect(retryOutcomeText(undefined, online)).toBeNull()
    expect(retryOutcomeText({ state: 'sending', lastError: null }, online)).toBeNull()
  })

  it('says it was not sent, and why: offline, a stop for the whole queue, or the attempt’s error', () => {
    expect(retryOutcomeText({ state: 'pending', lastError: null }, { online: false, halted: null })).toBe(
      'Not sent: Operately cannot be reached right now. It stays here and is sent once it can be.',
    )
    expect(
      retryOutcomeText(
        { state: 'needs_attention', lastError: null },
        { online: true, halted: { kind: 'unauthorized', message: 'Sign in again.' } },
      ),
    ).toBe('Not sent: Sign in again.')
    expect(
      retryOutcomeText(
        { state: 'pending', lastError: { kind: 'server_error', message: 'Operately had a problem (502).' } },
        online,
      ),
    ).toBe('Not sent: Operately had a problem (502).')
    expect(retryOutcomeText({ state: 'conflict', lastError: null }, online)).toMatch(/changed in Operately/)
  })
})

describe('copyText', () => {
  const now = new Date(2026, 10, 26, 12, 0)
  it('names each copy of a check-in sent twice by when it was posted, as a link when its page is known', () => {
    const at = new Date(2026, 10, 26, 10, 42).toISOString()
    expect(copyText({ postedAt: at, url: 'https://ops.example/a/goal-check-ins/x' }, now, 'en-GB')).toBe(
      'Open the copy posted at 10:42',
    )
    expect(copyText({ postedAt: at, url: null }, now, 'en-GB')).toBe(
      'The copy posted at 10:42: open the goal in Operately to find it',
    )
    const earlier = new Date(2026, 10, 24, 9, 5).toISOString()
    expect(copyText({ postedAt: earlier, url: 'https://ops.example/x' }, now, 'en-GB')).toBe(
      'Open the copy posted 24 Nov, 9:05',
    )
    expect(copyText({ postedAt: null, url: 'https://ops.example/x' }, now, 'en-GB')).toBe(
      'Open the copy posted at an unknown time',
    )
  })
})

describe("a project's check-in in the Sync view", () => {
  it('says to look at the project, not a goal, before it is written again', () => {
    const text = discardText({
      kind: 'check-in',
      targetKind: 'project',
      state: 'checking',
      maybeOnServer: true,
    })
    expect(text).toMatch(/look at the project in Operately/)
    expect(text).not.toMatch(/goal/)
    expect(
      discardText({ kind: 'check-in', targetKind: 'goal', state: 'checking', maybeOnServer: true }),
    ).toMatch(/look at the goal in Operately/)
  })
})

describe('an acknowledgement waiting in Sync', () => {
  it('is named as one, opens the inbox, and its discard says what discarding it means', () => {
    const ack = item({ kind: 'acknowledgement', targetKind: 'goal', title: 'Hire a data team' })
    expect(itemTitle(ack)).toBe('Acknowledgement · Hire a data team')
    expect(openRoute(ack)).toEqual({ section: 'inbox' })
    expect(discardText({ ...ack, state: 'failed', maybeOnServer: false })).toMatch(/stays in your inbox/)
    expect(discardText({ ...ack, state: 'checking', maybeOnServer: true })).toMatch(
      /may already have this acknowledgement/,
    )
    expect(damagedTitle('acknowledgement')).toBe('An acknowledgement that could not be read back')
  })
})
