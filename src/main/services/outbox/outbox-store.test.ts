import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from '../sync/testing/fake-clock'
import { checkInSubmission, descriptionSave, doc } from '../sync/testing/entries'
import { openOutboxStore } from './outbox-store'
import type { NewOutboxEntry } from './entry'

const goalId = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const description = (projectId: string, text: string, base: string | null = doc('base')): NewOutboxEntry =>
  descriptionSave(projectId, doc(text), base)
const checkIn = (submissionId: string = randomUUID()) =>
  checkInSubmission(goalId, doc(`check-in ${submissionId}`), submissionId)

const entryFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.json'))

describe('outbox store', () => {
  let dir: string
  const clock = createFakeClock()
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox')
  })

  it('keeps what was appended on disk, one private file per entry, and gives it back after a restart', async () => {
    const store = await openOutboxStore({ dir, clock })
    const a = await store.append(description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'first'))
    const b = await store.append(checkIn())
    expect(a).toMatchObject({
      kind: 'description',
      state: 'pending',
      attempts: 0,
      firstAttemptAt: null,
      lastError: null,
    })
    expect(a.key).toBe('description:FTjZweJIkc6RtMHf1SwQI3')
    expect(store.list().map((e) => e.id)).toEqual([a.id, b.id])
    expect(entryFiles(dir).sort()).toEqual([`${a.id}.json`, `${b.id}.json`].sort())
    if (process.platform !== 'win32') expect(statSync(join(dir, `${a.id}.json`)).mode & 0o777).toBe(0o600)

    const reopened = await openOutboxStore({ dir, clock })
    expect(reopened.list()).toEqual(store.list())
    await reopened.remove(a.id)
    expect(reopened.get(a.id)).toBeNull()
    expect(entryFiles(dir)).toEqual([`${b.id}.json`])
    expect((await openOutboxStore({ dir, clock })).list().map((e) => e.id)).toEqual([b.id])
  })

  it('collapses 50 saves of one description into one entry: the latest text, the earliest base', async () => {
    const store = await openOutboxStore({ dir, clock })
    const first = await store.append(
      description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'save 1', doc('base 1')),
    )
    for (let i = 2; i <= 50; i++) {
      // Later saves come from an editor that may have re-read the server: their base is ignored.
      const saved = await store.append(
        description('launch-site-FTjZweJIkc6RtMHf1SwQI3', `save ${i}`, doc(`base ${i}`)),
      )
      expect(saved.id).toBe(first.id)
    }
    const entries = store.list()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      id: first.id,
      payload: { description: doc('save 50') },
      base: doc('base 1'),
    })
    expect(entryFiles(dir)).toHaveLength(1)
    expect((await openOutboxStore({ dir, clock })).list()).toEqual(entries)
  })

  it('treats a slug and the bare short id of one project as the same project', async () => {
    const store = await openOutboxStore({ dir, clock })
    await store.append(description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'one'))
    await store.append(description('FTjZweJIkc6RtMHf1SwQI3', 'two'))
    await store.append(description('renamed-launch-FTjZweJIkc6RtMHf1SwQI3', 'three'))
    await store.append(description('mobile-app-beta-GH2gnDkZ6u68rtEnPLFgIc', 'other project'))
    expect(store.list().map((e) => e.kind === 'description' && e.payload.description)).toEqual([
      doc('three'),
      doc('other project'),
    ])
  })

  it('never changes an entry that is being sent: the new save waits behind it with its own base', async () => {
    const store = await openOutboxStore({ dir, clock })
    const sending = await store.append(description('office-move-HEwL7tvfVNFlSghDDCKYGY', 'sent text', null))
    await store.markAttempt(sending.id)
    const next = await store.append(description('office-move-HEwL7tvfVNFlSghDDCKYGY', 'newer text', null))
    const more = await store.append(
      description('office-move-HEwL7tvfVNFlSghDDCKYGY', 'newest text', doc('ignored')),
    )
    expect(next.id).not.toBe(sending.id)
    expect(more.id).toBe(next.id)
    expect(store.list()).toMatchObject([
      { id: sending.id, state: 'sending', attempts: 1, payload: { description: doc('sent text') } },
      {
        id: next.id,
        state: 'pending',
        attempts: 0,
        payload: { description: doc('newest text') },
        base: null,
      },
    ])
  })

  it('remembers the earlier text of an entry that was already attempted when a newer save replaces it', async () => {
    const store = await openOutboxStore({ dir, clock })
    const entry = await store.append(description('office-move-HEwL7tvfVNFlSghDDCKYGY', 'attempted', null))
    await store.markAttempt(entry.id)
    await store.update(entry.id, { state: 'pending', lastError: { kind: 'timeout', message: 'no answer' } })
    await store.append(description('office-move-HEwL7tvfVNFlSghDDCKYGY', 'newer', null))
    expect(store.list()).toMatchObject([
      { id: entry.id, payload: { description: doc('newer') }, base: null, ownVersions: [doc('attempted')] },
    ])
  })

  it('decides in its one step whether a save answers an item that waits for the person: "Keep mine" takes its base however late it arrives', async () => {
    const store = await openOutboxStore({ dir, clock })
    const project = 'office-move-HEwL7tvfVNFlSghDDCKYGY'
    const entry = await store.append(description(project, 'mine', doc('base')))
    await store.markAttempt(entry.id)
    // The editor read the item as waiting (pending); before its save reaches the queue, the item turns
    // out to conflict with a colleague's text, and the person's answer arrives without "rebase".
    await store.update(entry.id, {
      state: 'conflict',
      conflict: { serverDescription: doc('theirs'), seenAt: new Date(clock.now()).toISOString() },
    })
    const kept = await store.append(description(project, 'mine, kept', doc('theirs')))
    expect(kept).toMatchObject({
      id: entry.id,
      state: 'pending',
      base: doc('theirs'),
      conflict: null,
      payload: { description: doc('mine, kept') },
    })
  })

  it('forgets its earlier texts once a colleague’s text was seen: one of them put back is theirs, not ours', async () => {
    const store = await openOutboxStore({ dir, clock })
    const project = 'office-move-HEwL7tvfVNFlSghDDCKYGY'
    const entry = await store.append(description(project, 'No change', doc('base')))
    await store.markAttempt(entry.id)
    await store.update(entry.id, { state: 'pending', lastError: { kind: 'timeout', message: 'no answer' } })
    await store.append(description(project, 'Second', null))
    expect(store.get(entry.id)).toMatchObject({ ownVersions: [doc('No change')] })
    await store.update(entry.id, {
      state: 'conflict',
      conflict: { serverDescription: doc('theirs'), seenAt: new Date(clock.now()).toISOString() },
    })
    const kept = await store.append({
      ...description(project, 'Second', doc('theirs')),
      rebase: true,
    } as NewOutboxEntry)
    expect(kept).toMatchObject({ base: doc('theirs'), ownVersions: [] })
  })

  it('remembers a delivered description as our own text, for saves queued behind it and after it', async () => {
    const store = await openOutboxStore({ dir, clock })
    const first = await store.append(
      description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'delivered', doc('base')),
    )
    // Its first request got no answer (the app was killed, say); the second one did.
    await store.markAttempt(first.id)
    await store.markAttempt(first.id)
    const behind = await store.append(
      description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'queued behind', doc('base')),
    )
    await store.markDelivered(first.id)
    expect(store.list()).toMatchObject([{ id: behind.id, ownVersions: [doc('delivered')] }])
    await store.markDelivered(behind.id)
    expect(store.list()).toEqual([])

    // A restart later, an editor still based on the old text queues another save.
    const reopened = await openOutboxStore({ dir, clock })
    const later = await reopened.append(
      description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'later', doc('base')),
    )
    // Both are ours: the newest, and the one before it (a late request of it may still land).
    expect(later).toMatchObject({
      base: doc('base'),
      ownVersions: [doc('delivered'), doc('queued behind')],
    })
    const other = await reopened.append(
      description('mobile-app-beta-GH2gnDkZ6u68rtEnPLFgIc', 'x', doc('base')),
    )
    expect(other.kind === 'description' && other.ownVersions).toEqual([])
  })

  it('stops counting an older text of ours whose every request was answered, once a newer one is delivered', async () => {
    const store = await openOutboxStore({ dir, clock })
    const project = 'launch-site-FTjZweJIkc6RtMHf1SwQI3'
    for (const words of ['one', 'two']) {
      const entry = await store.append(description(project, words, doc('base')))
      await store.markAttempt(entry.id)
      await store.markDelivered(entry.id)
    }
    // 'one' can only be on the server again if someone put it back: a save over it is a conflict.
    const reopened = await openOutboxStore({ dir, clock })
    const later = await reopened.append(description(project, 'three', doc('base')))
    expect(later).toMatchObject({ ownVersions: [doc('two')] })
  })

  it('queues a check-in submission once, however often it is submitted', async () => {
    const store = await openOutboxStore({ dir, clock })
    const submissionId = randomUUID()
    const first = await store.append(checkIn(submissionId))
    const again = await store.append(checkIn(submissionId))
    expect(again.id).toBe(first.id)
    expect(store.list()).toHaveLength(1)
  })

  it('counts an attempt on disk before the request, and a crash mid-send reopens as pending with the count', async () => {
    const store = await openOutboxStore({ dir, clock })
    const entry = await store.append(checkIn())
    const marked = await store.markAttempt(entry.id)
    expect(marked).toMatchObject({
      state: 'sending',
      attempts: 1,
      firstAttemptAt: new Date(clock.now()).toISOString(),
    })
    const onDisk = JSON.parse(readFileSync(join(dir, `${entry.id}.json`), 'utf8'))
    expect(onDisk).toMatchObject({ state: 'sending', attempts: 1 })
    // The process dies here. The next start:
    const reopened = await openOutboxStore({ dir, clock })
    expect(reopened.get(entry.id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      firstAttemptAt: marked.firstAttemptAt,
    })
  })

  it('ignores and removes temp files left by a write a crash cut short', async () => {
    const store = await openOutboxStore({ dir, clock })
    const entry = await store.append(description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'kept'))
    writeFileSync(join(dir, `${entry.id}.json.3735928559`), '{"half": ')
    writeFileSync(join(dir, `${randomUUID()}.json.12`), '')
    const reopened = await openOutboxStore({ dir, clock })
    expect(reopened.opened).toMatchObject({ entries: 1, strayFiles: 2, damaged: [] })
    expect(reopened.list()).toEqual(store.list())
    expect(
      readdirSync(dir, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => f.name),
    ).toEqual([`${entry.id}.json`])
  })

  it('sets damaged entry files aside in outbox/damaged and still opens with the rest', async () => {
    const store = await openOutboxStore({ dir, clock })
    const good = await store.append(description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'good'))
    const truncated = await store.append(checkIn())
    const foreign = randomUUID()
    const path = join(dir, `${truncated.id}.json`)
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 40))
    writeFileSync(join(dir, `${foreign}.json`), JSON.stringify({ hello: 'world' }))

    const reopened = await openOutboxStore({ dir, clock })
    expect(reopened.list().map((e) => e.id)).toEqual([good.id])
    expect(reopened.opened.damaged.sort()).toEqual([`${truncated.id}.json`, `${foreign}.json`].sort())
    const setAside = readdirSync(join(dir, 'damaged'))
    expect(setAside).toHaveLength(2)
    expect(setAside.some((name) => name.endsWith(`${truncated.id}.json`))).toBe(true)
    // Nothing is lost for good: the damaged text is still there to recover by hand.
    expect((await openOutboxStore({ dir, clock })).list().map((e) => e.id)).toEqual([good.id])
  })

  it('refuses a change that would make an entry unsendable, and leaves the entry as it was', async () => {
    const store = await openOutboxStore({ dir, clock })
    const entry = await store.append(checkIn())
    await expect(
      store.update(entry.id, {
        payload: { projectId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3', description: doc('x') },
      }),
    ).rejects.toMatchObject({ error: { kind: 'internal' } })
    const d = await store.append(description('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'mine'))
    // Moving a save to another project would break the one-at-a-time order per project.
    await expect(
      store.update(d.id, {
        payload: { projectId: 'mobile-app-beta-GH2gnDkZ6u68rtEnPLFgIc', description: doc('x') },
      }),
    ).rejects.toMatchObject({ error: { kind: 'internal' } })
    expect((await openOutboxStore({ dir, clock })).list()).toEqual(store.list())
  })

  it('answers plainly when asked about an entry that is gone', async () => {
    const store = await openOutboxStore({ dir, clock })
    await expect(store.update(randomUUID(), { state: 'pending' })).rejects.toMatchObject({
      error: { kind: 'invalid_input' },
    })
    await expect(store.markAttempt(randomUUID())).rejects.toMatchObject({ error: { kind: 'invalid_input' } })
    await expect(store.remove(randomUUID())).resolves.toBeUndefined()
  })

  describe('a conflict on a save that a later one waits behind', () => {
    const project = 'launch-site-FTjZweJIkc6RtMHf1SwQI3'
    const theirs = { serverDescription: doc('theirs'), seenAt: '2026-11-27T10:00:00.000Z' }
    /** The first save is being sent when the second is made: the second waits behind it. */
    const twoSaves = async (secondBase: string | null = doc('base')) => {
      const store = await openOutboxStore({ dir, clock })
      const first = await store.append(description(project, 'first'))
      store.setInFlight(first.id)
      await store.markAttempt(first.id)
      const second = await store.append(description(project, 'second', secondBase))
      store.setInFlight(null)
      return { store, first, second }
    }

    it('folds the first into the later save made from the same base: one conflict, on the newest text', async () => {
      const { store, first, second } = await twoSaves()
      const carrier = await store.markConflict(first.id, theirs, () => true)
      expect(carrier).toMatchObject({
        id: second.id,
        state: 'conflict',
        conflict: theirs,
        payload: { description: doc('second') },
      })
      // The first's text was sent once: if it shows up on the server, it is ours, not someone else's.
      expect(carrier.kind === 'description' && carrier.ownVersions).toEqual([doc('first')])
      expect(store.list().map((e) => e.id)).toEqual([second.id])
      expect(entryFiles(dir)).toEqual([`${second.id}.json`])
      // After a restart, the same.
      const again = await openOutboxStore({ dir, clock })
      expect(again.list()).toMatchObject([{ id: second.id, state: 'conflict', conflict: theirs }])
    })

    it('keeps both when the later save started from another version, or may not take it', async () => {
      const other = await twoSaves(doc('another version'))
      expect(await other.store.markConflict(other.first.id, theirs, () => true)).toMatchObject({
        id: other.first.id,
        state: 'conflict',
      })
      expect(other.store.list().map((e) => [e.id, e.state])).toEqual([
        [other.first.id, 'conflict'],
        [other.second.id, 'pending'],
      ])
      dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox')
      const watched = await twoSaves()
      await watched.store.markConflict(watched.first.id, theirs, () => false)
      expect(watched.store.list().map((e) => [e.id, e.state])).toEqual([
        [watched.first.id, 'conflict'],
        [watched.second.id, 'pending'],
      ])
    })
  })
})
