import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import {
  fillDisk,
  mountSmallDisk,
  unmountSmallDisk,
  whyNoSmallDisk,
} from '../../../../e2e/support/small-disk'
import { checkInDraftKey } from '@shared/contract/drafts'
import { syncNotice } from '../../shell/sync-signals'
import type { SyncEvent } from '../sync/sync-engine'
import { checkInSubmission } from '../sync/testing/entries'
import type { CheckInOutcome } from '@shared/domain/check-ins'
import type { Result } from '@shared/errors'
import {
  checkInInput,
  hasSecretService,
  observingFetch,
  readGoal,
  signedInServices,
  type SignedIn,
} from './testing/signed-in'

// A full disk under the app's data folder, for real: a small tmpfs is the data folder, and a big file
// fills it in the middle of a draft and of a submission. The form must hear what happened in plain words
// (never "Something went wrong inside the app"), nothing may reach Operately, and once there is space
// again the same submission posts exactly one check-in.

const SHIP = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const draftKey = checkInDraftKey(SHIP)

const noTmpfs = whyNoSmallDisk()
// Said out loud, not only as a skipped test: a run without root must not look like one that passed.
if (noTmpfs) console.warn(`disk-full.test.ts: SKIPPED, ${noTmpfs}`)
if (!hasSecretService)
  console.warn('disk-full.test.ts: SKIPPED, no Secret Service (run under scripts/with-keyring.sh)')

const plainWords =
  /^The disk that holds the app's data folder (\(.+\) )?is full, so .+\. Free some space on that disk, then press the button again\.$/

const failed = (result: Result<unknown>) => {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`)
  return result.error
}

describe.skipIf(noTmpfs !== null || !hasSecretService)(
  `a full disk under the data folder${noTmpfs ? ` (SKIPPED: ${noTmpfs})` : ''}`,
  () => {
    let emulator: Emulator
    let disk: string
    let session: SignedIn
    let free: (() => void) | null = null
    /** What the emulator's fetch does at each request; a test sets it to fill the disk at the right one. */
    let onRequest: (endpoint: string) => void = () => undefined

    beforeAll(async () => {
      emulator = await startEmulator()
    })
    afterAll(async () => {
      await emulator.close()
    })
    beforeEach(async () => {
      emulator.reset()
      disk = mkdtempSync(join(tmpdir(), 'operately-tray-small-disk-'))
      mountSmallDisk(disk, '8m')
      onRequest = () => undefined
      session = await signedInServices(emulator, {
        dataDir: disk,
        fetch: observingFetch((endpoint) => onRequest(endpoint)),
      })
    })
    afterEach(async () => {
      free?.()
      free = null
      await session.cleanup()
      unmountSmallDisk(disk)
      rmSync(disk, { recursive: true, force: true })
    })

    it('says so in plain words mid-draft, keeps the draft on disk as it was, and saves once there is space', async () => {
      const { services } = session
      expect((await services.dispatch('drafts.save', { key: draftKey, value: { typed: 'first' } })).ok).toBe(
        true,
      )

      free = fillDisk(disk)
      const error = failed(
        await services.dispatch('drafts.save', { key: draftKey, value: { typed: 'second' } }),
      )
      expect(error.kind).toBe('disk')
      expect(error.message).toMatch(plainWords)
      expect(error.message).toContain('nothing was sent')
      // The draft on disk is the one before, whole: the failed write never replaced it.
      expect(await services.dispatch('drafts.get', { key: draftKey })).toMatchObject({
        ok: true,
        value: { value: { typed: 'first' } },
      })

      free()
      free = null
      expect((await services.dispatch('drafts.save', { key: draftKey, value: { typed: 'second' } })).ok).toBe(
        true,
      )
      expect(await services.dispatch('drafts.get', { key: draftKey })).toMatchObject({
        ok: true,
        value: { value: { typed: 'second' } },
      })
    })

    it('says so in plain words mid-submit, sends nothing, and posts exactly one check-in once there is space', async () => {
      const { services } = session
      const goal = await readGoal(services, SHIP)
      const input = checkInInput(goal, 'Written while the disk filled up')
      const checkInsBefore = emulator.state.checkIns.length
      const requestsBefore = emulator.state.requests.length
      const creates = () =>
        emulator.state.requests.slice(requestsBefore).filter((r) => r.endpoint === 'goals/create_check_in')

      // Full before the submission could be queued: it is refused before anything leaves the computer.
      free = fillDisk(disk)
      const beforeQueued = failed(await services.dispatch('checkIns.create', input))
      expect(beforeQueued.kind).toBe('disk')
      expect(beforeQueued.message).toMatch(plainWords)
      expect(beforeQueued.message).toContain('nothing was sent')
      expect(services.sync.outbox.list()).toEqual([])
      free()
      free = null

      // Full while it is being sent: queued on disk, then the goal is read to build the request, and the
      // disk fills before the attempt can be counted on disk. No request may go out uncounted.
      onRequest = (endpoint) => {
        if (endpoint !== 'goals/get' || free) return
        free = fillDisk(disk)
      }
      const whileSending = failed(await services.dispatch('checkIns.create', input))
      onRequest = () => undefined
      expect(free).not.toBeNull()
      expect(whileSending.kind).toBe('disk')
      expect(whileSending.message).toMatch(plainWords)
      expect(whileSending.message).not.toMatch(/went wrong/i)
      expect(creates()).toEqual([])
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore)

      // Space again: the same submission is pressed again, and posted once.
      free!()
      free = null
      const sent = await services.dispatch('checkIns.create', input)
      expect(sent).toMatchObject({ ok: true, value: { outcome: 'created' } })
      expect((sent as { value: CheckInOutcome }).value.outcome).toBe('created')
      await services.sync.engine.syncNow()
      expect(creates()).toHaveLength(1)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(emulator.state.checkIns.at(-1)!.message).toEqual(JSON.parse(input.message))
      expect(services.sync.outbox.list()).toEqual([])
      expect(readdirSync(join(disk, 'outbox')).filter((name) => name.endsWith('.json'))).toEqual([])
    })

    it('tells the tray when a check-in going out in the background meets a full disk, sends nothing, and posts it once there is space', async () => {
      const { services } = session
      const events: SyncEvent[] = []
      const stop = services.sync.engine.onEvent((event) => events.push(event))
      const requestsBefore = emulator.state.requests.length
      const creates = () =>
        emulator.state.requests.slice(requestsBefore).filter((r) => r.endpoint === 'goals/create_check_in')
      // Nobody waits for it (queued earlier, now going out): the disk fills as its request is being built.
      onRequest = (endpoint) => {
        if (endpoint !== 'goals/get' || free) return
        free = fillDisk(disk)
      }
      const message = JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sent while nobody watched' }] }],
      })
      await services.sync.enqueue(checkInSubmission(SHIP, message))
      await vi.waitFor(() => expect(events.some((event) => event.type !== 'delivered')).toBe(true), {
        timeout: 10_000,
      })
      onRequest = () => undefined
      const told = events.find((event) => event.type === 'failed' || event.type === 'needs_attention')
      expect(told).toMatchObject({ awaited: false, error: { kind: 'disk' } })
      // The tray's notification says it in the disk's words, not "Something went wrong".
      const notice = syncNotice(told!)
      expect(notice?.title).toBe('Not sent: the app could not write to disk')
      expect(notice?.body).toMatch(/^The disk that holds the app's data folder (\(.+\) )?is full, so /)
      expect(creates()).toEqual([])

      // Space again: the queued check-in goes out once, with no one pressing anything.
      free!()
      free = null
      await services.sync.engine.syncNow()
      await vi.waitFor(() => expect(services.sync.outbox.list()).toEqual([]), { timeout: 10_000 })
      expect(creates()).toHaveLength(1)
      stop()
    })
  },
)
