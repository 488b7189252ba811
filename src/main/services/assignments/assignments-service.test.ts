import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AssignmentsView } from '@shared/domain/assignments'
import { WEEKDAYS, defaultWorkingTime, type WorkingTime } from '@shared/domain/working-time'
import { AppFailure, appError } from '@shared/errors'
import type { SessionState } from '@shared/session'
import { SEED_IDS, startEmulator, type Emulator } from '../../../../e2e/emulator'
import { silentLogger } from '../log/logger'
import { createOperatelyClient } from '../operately/client'
import { createAssignmentsService, type AssignmentsServiceOptions } from './assignments-service'
import { assignmentsCachePath } from './assignments-store'
import { manualClock } from './testing/manual-clock'

// The service against the Operately emulator over real HTTP, with the emulator's clock frozen.

const serverNow = new Date('2026-03-10T12:00:00Z')
const ada = 'ada-lovelace-D4JcwFdlaMHYHBE0o9yzOe'
const minutes = (n: number) => n * 60_000
/** Outside working time the service looks again at least hourly (a new time zone), asking nothing. */
const waitUntil = (ms: number) => [Math.min(ms, minutes(60))]

let emulator: Emulator
let serverClock = serverNow
beforeAll(async () => {
  emulator = await startEmulator({ now: () => serverClock })
})
afterAll(() => emulator.close())
beforeEach(() => {
  serverClock = serverNow
  emulator.reset()
})

/** The session as the service sees it, signed in to the emulator as Ada with her write token. */
function signedInSession() {
  const listeners = new Set<(state: SessionState) => void>()
  let state: SessionState = {
    status: 'signed_in',
    baseUrl: emulator.url,
    person: { id: ada, fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
    canWrite: true,
    serverVersion: '1.8.0',
    capabilities: null,
  }
  const client = createOperatelyClient({
    baseUrl: emulator.url,
    getToken: () => emulator.tokens.write,
    timeoutMs: 5000,
  })
  return {
    client: async () => {
      if (state.status !== 'signed_in') throw new AppFailure(appError('not_signed_in', 'Signed out.'))
      return client
    },
    get: async () => state,
    subscribe(listener: (state: SessionState) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signOut() {
      state = { status: 'signed_out', lastBaseUrl: emulator.url }
      for (const listener of listeners) listener(state)
    },
  }
}

function setup(overrides: Partial<AssignmentsServiceOptions> = {}) {
  const session = signedInSession()
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'assignments-'))
  const clock = manualClock(serverNow.getTime())
  const service = createAssignmentsService({
    session,
    dataDir,
    log: silentLogger,
    now: clock.now,
    timers: clock.timers,
    timeZone: () => 'UTC',
    ...overrides,
  })
  const changes: (AssignmentsView | null)[] = []
  service.subscribe((view) => changes.push(view))
  return { service, session, dataDir, clock, changes }
}

const assignmentRequests = () =>
  emulator.state.requests.filter((r) => r.endpoint === 'people/list_assignments')

const overdueGoals = (view: AssignmentsView) => view.goalCheckIns.overdue.map((i) => i.originName)

const message = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })

describe('assignments service against the emulator', () => {
  it('lists the check-in Ada owes and the one she must acknowledge, with links to her server', async () => {
    const { service } = setup()
    const view = await service.get()
    expect(overdueGoals(view)).toEqual(['Ship the Analytical Engine v2'])
    const [owed] = view.goalCheckIns.overdue
    expect(owed).toMatchObject({
      kind: 'goal_check_in',
      role: 'owner',
      dueDate: '2026-03-01',
      dueLabel: 'Overdue by 9 days',
      isOutdated: true,
    })
    expect(owed?.goalId).toMatch(/^ship-the-analytical-engine-v2-/)
    expect(owed?.webUrl?.startsWith(`${emulator.url}/`)).toBe(true)
    expect(view.toReview.map((i) => i.originName)).toEqual(['Hire a data team'])
    expect(view).toMatchObject({ dueNowCount: 1, fromCache: false, refreshing: false, lastError: null })
    expect(view.fetchedAt).toBe(serverNow.toISOString())
  })

  it('drops the item once Ada checks in, and the count falls', async () => {
    const { service, session, changes } = setup()
    const before = await service.get()
    const goalId = before.goalCheckIns.overdue[0]?.goalId
    if (!goalId) throw new Error('the seeded check-in is missing')

    await (
      await session.client()
    ).createCheckIn({ goal_id: goalId, status: 'on_track', content: message('Done') })
    const after = await service.refresh()

    expect(after.goalCheckIns.overdue).toEqual([])
    expect(after.dueNowCount).toBe(0)
    expect(changes.map((view) => view?.dueNowCount)).toEqual([1, 0])
  })

  it('sends no second request while one is under way: every trigger shares it', async () => {
    const { service } = setup()
    await service.get()
    emulator.setFaults({ latencyMs: 300 })
    service.start()
    await vi.waitFor(() => expect(assignmentRequests()).toHaveLength(2))
    // The request is on the wire: the popup opens, the computer wakes, the network returns, the page asks.
    service.onPopupShown()
    service.onWake()
    service.onOnline()
    const waited = service.get({ wait: true })
    expect((await service.get()).refreshing).toBe(true)
    expect((await waited).refreshing).toBe(false)
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    service.stop()
  })

  it('lets an explicit refresh during a request ask again afterwards, so a just-sent check-in shows', async () => {
    const { service, session } = setup()
    await service.get()
    emulator.setFaults({ latencyMs: 200 })
    service.onWake()
    await vi.waitFor(() => expect(assignmentRequests()).toHaveLength(2))
    // The check-in is sent while the wake-up request is under way; that request may or may not see it,
    // so a refresh asked for now must wait for it and then ask again.
    emulator.clearFaults()
    const goalId = SEED_IDS.goals.shipEngine
    await (
      await session.client()
    ).createCheckIn({ goal_id: goalId, status: 'on_track', content: message('x') })
    const [first, second] = await Promise.all([service.refresh(), service.refresh()])
    expect(first?.dueNowCount).toBe(0)
    expect(second?.dueNowCount).toBe(0)
    // The wake-up request, then exactly one more shared by both refreshes.
    expect(assignmentRequests()).toHaveLength(3)
  })

  it('does not tell listeners anything when a poll brings the same lists', async () => {
    const { service, changes } = setup()
    await service.get()
    await service.refresh()
    await service.refresh()
    expect(assignmentRequests()).toHaveLength(3)
    expect(changes).toHaveLength(1)
  })

  it('opens offline with the last lists and when they were fetched, saying they come from the cache', async () => {
    const first = setup()
    const fresh = await first.service.get()
    expect(existsSync(assignmentsCachePath(first.dataDir))).toBe(true)

    emulator.pause()
    const later = setup({ dataDir: first.dataDir })
    const view = await later.service.refresh()
    expect(view.fromCache).toBe(true)
    expect(view.lastError?.kind).toBe('offline')
    expect(view.fetchedAt).toBe(fresh.fetchedAt)
    expect(overdueGoals(view)).toEqual(['Ship the Analytical Engine v2'])
    expect(later.changes.map((v) => v?.dueNowCount)).toEqual([1])

    emulator.resume()
    const back = await later.service.refresh()
    expect(back).toMatchObject({ fromCache: false, lastError: null })
    // Back online is news (the inbox stops saying it shows saved lists); the same lists again are not.
    expect(later.changes.map((v) => v?.fromCache)).toEqual([true, false])
  })

  it('fails with the reason when offline and nothing was ever saved', async () => {
    emulator.pause()
    const { service } = setup()
    await expect(service.get()).rejects.toMatchObject({ error: { kind: 'offline' } })
  })

  it('backs off while the server fails, honours Retry-After, and returns to 15 minutes after a success', async () => {
    const { service, clock } = setup()
    emulator.setFaults({ serverErrors: 3 })
    service.start()
    await service.whenIdle()
    expect(service.current()).toBeNull()
    expect(clock.pendingDelays()).toEqual([minutes(30)])

    clock.advanceBy(minutes(30))
    await service.whenIdle()
    expect(clock.pendingDelays()).toEqual([minutes(60)])

    clock.advanceBy(minutes(60))
    await service.whenIdle()
    expect(clock.pendingDelays()).toEqual([minutes(120)])

    clock.advanceBy(minutes(120))
    await service.whenIdle()
    expect(service.current()?.dueNowCount).toBe(1)
    expect(clock.pendingDelays()).toEqual([minutes(15)])
    expect(assignmentRequests().map((r) => r.status)).toEqual([500, 500, 500, 200])

    emulator.setFaults({ serverErrors: 1, retryAfterSeconds: 4 * 3600 })
    clock.advanceBy(minutes(15))
    await service.whenIdle()
    expect(clock.pendingDelays()).toEqual([4 * 3600_000])
    service.stop()
    expect(clock.pendingDelays()).toEqual([])
  })

  it('polls every 15 minutes in the day, rests at night, and the first poll of the morning moves the badge', async () => {
    // 21:00 on Saturday Feb 28 in Los Angeles = 05:00 on Sunday Mar 1 in UTC: the server already lists
    // the check-in due Mar 1, which for Ada is due tomorrow.
    serverClock = new Date('2026-03-01T05:00:00Z')
    emulator.reset()
    const clock = manualClock('2026-03-01T05:00:00Z')
    const { service, changes } = setup({
      now: clock.now,
      timers: clock.timers,
      timeZone: () => 'America/Los_Angeles',
      workingTime: () => ({ ...defaultWorkingTime, workingDays: WEEKDAYS }),
    })
    service.start()
    await service.whenIdle()
    expect(service.current()?.goalCheckIns.thisWeek.map((i) => i.dueLabel)).toEqual(['Due tomorrow'])
    expect(service.current()?.dueNowCount).toBe(0)

    // 21:15, 21:30, 21:45 local; the 22:00 poll finds the night begun and waits for 07:00.
    for (let poll = 0; poll < 4; poll++) {
      clock.advanceBy(minutes(15))
      await service.whenIdle()
    }
    expect(assignmentRequests()).toHaveLength(4)
    expect(clock.pendingDelays()).toEqual(waitUntil(9 * 3600_000))
    // Through the night: nothing asked (the clock runs every timer on the way).
    clock.advanceBy(9 * 3600_000 - 1)
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(4)

    // 07:00: one request, and the check-in due today counts now.
    clock.advanceBy(1)
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(5)
    expect(service.current()?.goalCheckIns.today.map((i) => i.dueLabel)).toEqual(['Due today'])
    expect(changes.map((v) => v?.dueNowCount)).toEqual([0, 1])
    expect(clock.pendingDelays()).toEqual([minutes(15)])
    service.stop()
  })

  it('at night, waking up or the network coming back asks nothing: the morning poll does', async () => {
    let osOnline = true
    // 21:50 in UTC: the last poll of the day, then the night.
    const clock = manualClock('2026-03-10T21:50:00Z')
    const { service } = setup({ now: clock.now, timers: clock.timers, isOsOnline: () => osOnline })
    service.start()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)

    // Asleep at 22:30; a maintenance wake at 03:00, and the network found again at 03:01.
    clock.advanceTo('2026-03-10T22:30:00Z')
    service.onSuspend()
    osOnline = false
    clock.jumpTo('2026-03-11T03:00:00Z')
    service.onWake()
    await service.whenIdle()
    osOnline = true
    clock.jumpTo('2026-03-11T03:01:00Z')
    service.onOnline()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    // It waits for 07:00, and asks then, once.
    expect(clock.pendingDelays()).toEqual(waitUntil(Date.parse('2026-03-11T07:00:00Z') - clock.now()))
    clock.advanceTo('2026-03-11T07:00:00Z')
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    service.stop()
  })

  it('does not poll on days off: from Friday 22:00 it waits for Monday 07:00, and a popup opened on Sunday asks once', async () => {
    const clock = manualClock('2026-03-13T21:50:00Z') // Friday 21:50 in UTC
    const { service } = setup({ now: clock.now, timers: clock.timers })
    service.start()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    clock.advanceBy(minutes(15))
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    expect(clock.pendingDelays()).toEqual(waitUntil(Date.parse('2026-03-16T07:00:00Z') - clock.now()))

    clock.jumpTo('2026-03-15T12:00:00Z')
    service.onPopupShown()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    // Still no poll until Monday 07:00.
    clock.advanceTo('2026-03-16T06:59:59Z')
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    clock.advanceTo('2026-03-16T07:00:00Z')
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(3)
    service.stop()
  })

  it('follows a new time zone while it waits for working time: flown from Berlin to Tokyo over the weekend', async () => {
    let zone = 'Europe/Berlin'
    const clock = manualClock('2026-03-13T20:50:00Z') // Friday 21:50 in Berlin
    const { service } = setup({ now: clock.now, timers: clock.timers, timeZone: () => zone })
    service.start()
    await service.whenIdle()
    clock.advanceBy(minutes(15)) // 22:05 in Berlin: quiet, and the weekend follows
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    clock.advanceTo('2026-03-14T12:00:00Z')
    zone = 'Asia/Tokyo' // landed; the OS tells the app nothing, its clock simply reads another zone
    // Monday 07:00 in Tokyo is Sunday 22:00 UTC; Monday 07:00 in Berlin would be 8 hours later.
    clock.advanceTo('2026-03-15T21:59:59Z')
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    clock.advanceTo('2026-03-15T23:00:00Z') // Monday 08:00 in Tokyo: polled within the hour
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    service.stop()
  })

  it('plans its next poll again when the working time changes', async () => {
    let working: WorkingTime = defaultWorkingTime
    const clock = manualClock('2026-03-14T12:00:00Z') // Saturday noon
    const { service } = setup({ now: clock.now, timers: clock.timers, workingTime: () => working })
    // Starting asks once (someone just opened the app); the next poll finds the weekend and waits.
    service.start()
    await service.whenIdle()
    clock.advanceBy(minutes(15))
    await service.whenIdle()
    expect(clock.pendingDelays()).toEqual(waitUntil(Date.parse('2026-03-16T07:00:00Z') - clock.now()))
    working = { ...defaultWorkingTime, workingDays: ['sat'] }
    service.onWorkingTimeChanged()
    expect(clock.pendingDelays()).toEqual([minutes(15)])
    service.stop()
  })

  it('pauses while the OS reports no network, and resumes with one request when it returns', async () => {
    let osOnline = true
    const { service, clock } = setup({ isOsOnline: () => osOnline })
    service.start()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)

    osOnline = false
    // Three hours without a network: each due poll finds it gone and asks nothing, but looks again.
    clock.advanceBy(3 * 3600_000)
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    expect(clock.pendingDelays()).toEqual([minutes(15)])
    // Opening the popup offline asks nothing either: it shows what is kept.
    clock.jumpTo(clock.now() + 31_000)
    service.onPopupShown()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)

    // The network is back: one request, then the usual 15 minutes.
    osOnline = true
    service.onOnline()
    service.onOnline()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    expect(clock.pendingDelays()).toEqual([minutes(15)])
    clock.advanceBy(minutes(15))
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(3)
    service.stop()
  })

  it('pauses while the computer sleeps; waking asks once, and the network returning just after adds nothing', async () => {
    const { service, clock } = setup()
    service.start()
    await service.whenIdle()
    service.onSuspend()
    expect(clock.pendingDelays()).toEqual([])
    clock.advanceBy(2 * 3600_000)
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)

    service.onWake()
    await service.whenIdle()
    service.onOnline()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    expect(clock.pendingDelays()).toEqual([minutes(15)])
    service.stop()
  })

  it('woken without a network, waits for it and then asks once', async () => {
    let osOnline = true
    const { service, clock } = setup({ isOsOnline: () => osOnline })
    service.start()
    await service.whenIdle()
    service.onSuspend()
    osOnline = false
    clock.jumpTo(clock.now() + 8 * 3600_000)
    service.onWake()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    osOnline = true
    service.onOnline()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
    service.stop()
  })

  it('asks the server when the popup opens, unless it answered moments ago', async () => {
    const { service, clock } = setup()
    await service.get()
    service.onPopupShown()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(1)
    clock.jumpTo(serverNow.getTime() + 31_000)
    service.onPopupShown()
    await service.whenIdle()
    expect(assignmentRequests()).toHaveLength(2)
  })

  it('forgets what a person owed when they sign out: the badge clears and the saved copy is deleted', async () => {
    const { service, session, dataDir, changes } = setup()
    await service.get()
    session.signOut()
    await service.whenIdle()
    await vi.waitFor(() => expect(readFileSync(assignmentsCachePath(dataDir), 'utf8').trim()).toBe('null'))
    expect(changes.map((v) => v?.dueNowCount ?? null)).toEqual([1, null])
    await expect(service.get()).rejects.toMatchObject({ error: { kind: 'not_signed_in' } })
  })

  it('deletes a saved copy it finds at start when nobody is signed in any more', async () => {
    const first = setup()
    await first.service.get()
    const session = signedInSession()
    session.signOut() // e.g. the keychain entry went away while the app was closed
    const service = createAssignmentsService({ session, dataDir: first.dataDir, log: silentLogger })
    service.start()
    await service.whenIdle()
    service.stop()
    await vi.waitFor(() =>
      expect(readFileSync(assignmentsCachePath(first.dataDir), 'utf8').trim()).toBe('null'),
    )
    expect(service.current()).toBeNull()
  })
})
