import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AssignmentsView } from '@shared/domain/assignments'
import type { SessionState } from '@shared/session'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { createAssignmentsService } from '../assignments/assignments-service'
import { manualClock } from '../assignments/testing/manual-clock'
import { silentLogger } from '../log/logger'
import { createOperatelyClient } from '../operately/client'
import type { Reminder } from './reminder-rules'
import { createPendingNavigation } from './pending-navigation'
import { createReminders, reminderCandidates } from './reminders-service'

// Reminders fed by the real assignments service, which reads the emulator over HTTP.

let emulator: Emulator
let serverClock = new Date('2026-03-02T06:00:00Z') // Monday, in the quiet hours
beforeAll(async () => {
  emulator = await startEmulator({ now: () => serverClock })
})
afterAll(() => emulator.close())
beforeEach(() => {
  serverClock = new Date('2026-03-02T06:00:00Z') // Monday, in the quiet hours
  emulator.reset()
})

function setup() {
  const clock = manualClock(serverClock.getTime())
  const dataDir = mkdtempSync(join(tmpdir(), 'reminders-service-'))
  const state: SessionState = {
    status: 'signed_in',
    baseUrl: emulator.url,
    person: {
      id: 'ada-lovelace-D4JcwFdlaMHYHBE0o9yzOe',
      fullName: 'Ada Lovelace',
      email: null,
      title: null,
      avatarUrl: null,
    },
    canWrite: true,
    serverVersion: '1.8.0',
    capabilities: null,
  }
  const client = createOperatelyClient({ baseUrl: emulator.url, getToken: () => emulator.tokens.write })
  const assignments = createAssignmentsService({
    session: { get: async () => state, client: async () => client, subscribe: () => () => {} },
    dataDir,
    log: silentLogger,
    now: clock.now,
    timers: clock.timers,
    timeZone: () => 'UTC',
  })
  const reminders = createReminders({
    dataDir,
    log: silentLogger,
    assignments,
    now: clock.now,
    timers: clock.timers,
    timeZone: () => 'UTC',
  })
  const shown: Reminder[] = []
  return { clock, assignments, reminders, shown, client }
}

describe('reminders fed by the assignments service', () => {
  it("reminds Ada of the check-in she owes since Sunday (a day off) when Monday's quiet hours end, once, and it opens that goal's form", async () => {
    const { clock, assignments, reminders, shown } = setup()
    reminders.start((reminder) => shown.push(reminder) > 0)
    assignments.start()
    await assignments.whenIdle()
    await reminders.whenIdle()
    expect(shown).toEqual([]) // 06:00: quiet hours

    clock.advanceTo('2026-03-02T06:59:59Z')
    await reminders.whenIdle()
    expect(shown).toEqual([])
    clock.advanceTo('2026-03-02T07:00:00Z')
    await assignments.whenIdle()
    await reminders.whenIdle()
    expect(shown).toHaveLength(1)
    // Not again at her reminder time.
    clock.advanceTo('2026-03-02T09:00:00Z')
    await assignments.whenIdle()
    await reminders.whenIdle()
    expect(shown).toHaveLength(1)
    expect(shown[0]?.title).toBe('Goal check-in overdue')
    expect(shown[0]?.body).toContain('Ship the Analytical Engine v2')
    const owed = assignments.current()?.goalCheckIns.overdue[0]
    expect(shown[0]?.goalId).toBe(owed?.goalId)

    // A click on it leaves word for the popup, handed out once.
    const navigation = createPendingNavigation({ now: clock.now })
    navigation.set(shown[0]?.goalId ?? null)
    expect(navigation.take()).toEqual({ goalId: owed?.goalId })
    expect(navigation.take()).toEqual({ goalId: null })
    assignments.stop()
    reminders.stop()
  })

  it('does not remind from an old saved list the server has not confirmed', () => {
    const view: AssignmentsView = {
      goalCheckIns: {
        overdue: [
          {
            id: 'goal_check_in:owner:g1',
            kind: 'goal_check_in',
            projectId: null,
            review: null,
            goalId: 'g1',
            title: 'Grow revenue - Goal Update',
            originName: 'Grow revenue',
            dueDate: '2026-03-01',
            dueLabel: 'Overdue by 1 day',
            role: 'owner',
            isOutdated: false,
            webUrl: null,
          },
        ],
        today: [],
        thisWeek: [],
        later: [],
      },
      toReview: [],
      other: [],
      dueNowCount: 1,
      fetchedAt: '2026-03-02T06:00:00.000Z',
      fromCache: true,
      refreshing: false,
      lastError: { kind: 'offline', message: 'Offline.' },
    }
    const tenAm = Date.parse('2026-03-02T10:00:00Z')
    expect(reminderCandidates(view, tenAm)?.map((c) => c.goalId)).toEqual(['g1'])
    expect(reminderCandidates(view, Date.parse('2026-03-02T18:00:01Z'))).toBeNull()
    expect(reminderCandidates({ ...view, fromCache: false }, tenAm + 48 * 3_600_000)).toHaveLength(1)
    expect(reminderCandidates(null, tenAm)).toBeNull()
  })

  it('forgets a notification click after a couple of minutes', () => {
    const clock = manualClock('2026-03-02T09:00:00Z')
    const navigation = createPendingNavigation({ now: clock.now })
    navigation.set('g1')
    clock.advanceBy(3 * 60_000)
    expect(navigation.take()).toEqual({ goalId: null })
  })
})
