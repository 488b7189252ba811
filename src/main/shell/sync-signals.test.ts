import { describe, expect, it } from 'vitest'
import { appError } from '@shared/errors'
import type { OutboxEntry } from '../services/outbox/entry'
import type { SyncStatus } from '../services/sync/status'
import { syncBadge, syncNotice } from './sync-signals'

const status: SyncStatus = {
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncedAt: null,
  online: true,
  halted: null,
  nextAttemptAt: null,
  syncing: false,
}

const entry = (over: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind'>): OutboxEntry =>
  ({
    id: '0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    key: 'description:abc',
    seq: 0,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    attempts: 1,
    firstAttemptAt: null,
    lastError: null,
    state: 'pending',
    title: 'Office move',
    ...over,
  }) as OutboxEntry

describe('syncBadge', () => {
  it('is quiet when online with nothing waiting', () => {
    expect(syncBadge(status)).toEqual({ offline: false, attention: false, pending: 0 })
  })

  it('says offline and how much waits', () => {
    expect(syncBadge({ ...status, online: false, pending: 2 })).toEqual({
      offline: true,
      attention: false,
      pending: 2,
    })
  })

  it.each([
    ['a conflict', { conflicts: 1 }],
    ['a failed item', { failed: 1 }],
    ['an item that needs the person', { needsAttention: 1 }],
    ['a stopped queue', { halted: appError('unauthorized', 'Sign in again.') }],
  ])('asks for attention for %s', (_name, over) => {
    expect(syncBadge({ ...status, ...over }).attention).toBe(true)
  })
})

describe('syncNotice', () => {
  it('names the project of a delivered description and the goal of a delivered check-in', () => {
    expect(
      syncNotice({ type: 'delivered', entry: entry({ kind: 'description' }), result: null, awaited: false }),
    ).toEqual({
      title: 'Description saved',
      body: 'Your queued change to “Office move” is now in Operately.',
    })
    expect(
      syncNotice({
        type: 'delivered',
        entry: entry({ kind: 'check-in', title: 'Ship the engine' }),
        result: null,
        awaited: false,
      }),
    ).toEqual({
      title: 'Check-in posted',
      body: 'Your check-in for “Ship the engine” is now in Operately.',
    })
  })

  it('says when a check-in sent in the background was posted, and with which words', () => {
    const checkIn = entry({
      kind: 'check-in',
      title: 'Ship the engine',
      payload: {
        message: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tests are green again.' }] }],
        }),
      },
    } as Partial<OutboxEntry> & { kind: 'check-in' })
    const utcClock = (at: Date) => at.toISOString().slice(11, 16)
    const result = { checkIn: { inserted_at: '2026-11-26T10:42:05Z' } }
    expect(
      syncNotice({ type: 'delivered', entry: checkIn, result, awaited: false }, { clockTime: utcClock }),
    ).toEqual({
      title: 'Check-in posted',
      body: 'Your check-in for “Ship the engine” was posted at 10:42: “Tests are green again.”',
    })
    // Found by an earlier pass (no record read now): the time it was found is the best known.
    expect(
      syncNotice(
        { type: 'delivered', entry: checkIn, result: { checkIn: null }, awaited: false },
        { clockTime: utcClock, now: () => new Date('2026-11-26T11:05:00Z') },
      )?.body,
    ).toBe('Your check-in for “Ship the engine” was posted by 11:05: “Tests are green again.”')
  })

  it('says a conflict overwrote nothing and where to decide', () => {
    expect(
      syncNotice({
        type: 'conflict',
        entry: entry({ kind: 'description', title: null }),
        server: null,
        awaited: false,
      }),
    ).toMatchObject({
      body: expect.stringMatching(/of a project meanwhile\. Nothing was overwritten: open Sync/),
    })
  })

  it('gives the stored reason of an item that could not be sent', () => {
    const failed = entry({
      kind: 'description',
      lastError: { kind: 'not_found', message: 'This project is gone.' },
    })
    expect(
      syncNotice({ type: 'failed', entry: failed, error: appError('not_found', 'raw'), awaited: false }),
    ).toEqual({
      title: 'A queued change could not be sent',
      body: 'This project is gone.',
    })
  })

  it('stays quiet about what the person watched happen (the form waited for it), and speaks up once they stopped watching', () => {
    const checkIn = entry({ kind: 'check-in', title: 'Ship the engine' })
    expect(syncNotice({ type: 'delivered', entry: checkIn, result: null, awaited: true })).toBeNull()
    const refused = entry({ kind: 'check-in', lastError: { kind: 'server_error', message: 'Refused.' } })
    expect(
      syncNotice({
        type: 'needs_attention',
        entry: refused,
        error: appError('server_error', 'x'),
        awaited: true,
      }),
    ).toBeNull()
    // "Keep it in the background": the form stopped waiting, so the delivery is news.
    expect(syncNotice({ type: 'delivered', entry: checkIn, result: null, awaited: false })).toMatchObject({
      title: 'Check-in posted',
    })
    expect(
      syncNotice({
        type: 'needs_attention',
        entry: refused,
        error: appError('server_error', 'x'),
        awaited: false,
      }),
    ).toEqual({ title: 'A check-in needs you', body: 'Refused.' })
  })

  it('says in its title that the disk refused the data folder, with the stored plain words as the body', () => {
    const words =
      "The disk that holds the app's data folder is full, so the app stopped sending this. Free some space on that disk, then press the button again. Your check-in is kept here; press Retry when this is sorted out, or discard it."
    const stuck = entry({ kind: 'check-in', lastError: { kind: 'disk', message: words } })
    for (const type of ['failed', 'needs_attention'] as const) {
      expect(syncNotice({ type, entry: stuck, error: appError('disk', 'raw'), awaited: false })).toEqual({
        title: 'Not sent: the app could not write to disk',
        body: words,
      })
    }
  })

  it('adds nothing for the queue stopping (its item already said why)', () => {
    expect(syncNotice({ type: 'halted', error: appError('unauthorized', 'Sign in again.') })).toBeNull()
  })
})
