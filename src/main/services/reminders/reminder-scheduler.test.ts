import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../assignments/testing/manual-clock'
import { silentLogger } from '../log/logger'
import type { Reminder, ReminderCandidate } from './reminder-rules'
import { createReminderScheduler, type ReminderSchedulerOptions } from './reminder-scheduler'
import { createRemindersStore, remindersPath } from './reminders-store'

// The scheduler on a clock that only moves when the test moves it, with its record in a real file.

const goal = (name: string, dueDate: string | null): ReminderCandidate => ({
  id: `goal_check_in:owner:${name.toLowerCase()}`,
  goalId: `${name.toLowerCase()}-goal`,
  goalName: name,
  dueDate,
})

interface Shown extends Reminder {
  at: string
}

function setup(
  start: string,
  options: Partial<Omit<ReminderSchedulerOptions, 'items'>> & { dataDir?: string; clock?: ManualClock } = {},
) {
  const clock = options.clock ?? manualClock(start)
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'reminders-'))
  const list: { items: ReminderCandidate[] | null } = { items: [] }
  const shown: Shown[] = []
  const scheduler = createReminderScheduler({
    store: createRemindersStore(dataDir, silentLogger),
    items: () => list.items,
    log: silentLogger,
    now: clock.now,
    timers: clock.timers,
    timeZone: () => 'Europe/Berlin',
    ...options,
  })
  const begin = async () => {
    scheduler.start((reminder) => {
      shown.push({ ...reminder, at: new Date(clock.now()).toISOString() })
      return true
    })
    await scheduler.whenIdle()
  }
  /** Moves the clock (running the scheduler's timers) and lets it finish what it started. */
  const advanceTo = async (iso: string) => {
    // Step by the timers the scheduler set, so each check finishes before the next one is due.
    const target = Date.parse(iso)
    for (;;) {
      const next = clock.pendingDelays()[0]
      if (next === undefined || clock.now() + next > target) break
      clock.advanceBy(next)
      await scheduler.whenIdle()
    }
    clock.advanceTo(target)
    await scheduler.whenIdle()
  }
  const setItems = async (items: ReminderCandidate[] | null) => {
    list.items = items
    scheduler.check()
    await scheduler.whenIdle()
  }
  return { clock, dataDir, scheduler, shown, begin, advanceTo, setItems }
}

// Europe/Berlin is UTC+1 in winter: 09:00 local is 08:00Z.
describe('reminder scheduler', () => {
  it('reminds once on the due day at 09:00, once more the next day as overdue, and then stops', async () => {
    const r = setup('2026-03-01T05:00:00Z') // 06:00 in Berlin
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    expect(r.shown).toEqual([])

    await r.advanceTo('2026-03-01T20:00:00Z')
    expect(r.shown).toEqual([
      {
        title: 'Goal check-in due today',
        body: "Time to write this month's check-in for “Grow revenue”.",
        goalId: 'grow revenue-goal',
        at: '2026-03-01T08:00:00.000Z',
      },
    ])
    // The list is read again (a poll, a wake-up) later that day: nothing new.
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    expect(r.shown).toHaveLength(1)

    await r.advanceTo('2026-03-05T20:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in due today', '2026-03-01T08:00:00.000Z'],
      ['Goal check-in overdue', '2026-03-02T08:00:00.000Z'],
    ])
    expect(r.shown[1]?.body).toBe('The check-in for “Grow revenue” was due Mar 1. Write it now?')
  })

  it('uses the time the user picked, on their local clock across a DST change', async () => {
    // Sunday Mar 29, 2026: Berlin moves to UTC+2 at 02:00, so 14:30 local is 12:30Z.
    const r = setup('2026-03-28T23:00:00Z')
    await r.scheduler.setSettings({ enabled: true, time: '14:30' })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-29')])
    await r.advanceTo('2026-03-29T12:29:00Z')
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-29T21:00:00Z')
    expect(r.shown.map((s) => s.at)).toEqual(['2026-03-29T12:30:00.000Z'])
    expect(await r.scheduler.getSettings()).toEqual({ enabled: true, time: '14:30' })
  })

  it('never reminds at night: what turns up late waits for the chosen time the next morning', async () => {
    const r = setup('2026-03-01T21:30:00Z') // 22:30 in Berlin
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    await r.advanceTo('2026-03-02T07:59:00Z') // 08:59
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-02T12:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-02T08:00:00.000Z'],
    ])
  })

  it('refuses a reminder time at night', async () => {
    const r = setup('2026-03-01T05:00:00Z')
    await expect(r.scheduler.setSettings({ enabled: true, time: '23:00' })).rejects.toMatchObject({
      error: { kind: 'invalid_input' },
    })
    expect(await r.scheduler.getSettings()).toEqual({ enabled: true, time: '09:00' })
  })

  it('sends nothing while switched off, and picks up again when switched back on', async () => {
    const r = setup('2026-03-01T05:00:00Z')
    await r.begin()
    await r.scheduler.setSettings({ enabled: false, time: '09:00' })
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    await r.advanceTo('2026-03-03T20:00:00Z')
    expect(r.shown).toEqual([])

    await r.advanceTo('2026-03-04T10:00:00Z') // 11:00 in Berlin
    await r.scheduler.setSettings({ enabled: true, time: '09:00' })
    await r.scheduler.whenIdle()
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-04T10:00:00.000Z'],
    ])
  })

  it('starts switched off when policy says so, until the user turns reminders on', async () => {
    const r = setup('2026-03-01T05:00:00Z', { defaultEnabled: false })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    await r.advanceTo('2026-03-01T20:00:00Z')
    expect(r.shown).toEqual([])
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '09:00' })
  })

  it("uses the app's settings as the one on/off switch once attached, in both directions", async () => {
    // The settings service's `reminders` value: policy may recommend off, the settings screen may change it.
    const settings = { reminders: false }
    const r = setup('2026-03-01T05:00:00Z')
    r.scheduler.useEnabledSwitch({
      get: () => settings.reminders,
      set: async (enabled) => {
        settings.reminders = enabled
      },
    })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    await r.advanceTo('2026-03-01T12:00:00Z')
    expect(r.shown).toEqual([])
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '09:00' })

    // Turned on from the inbox: the app's setting follows, and the reminder goes out.
    await r.scheduler.setSettings({ enabled: true, time: '09:00' })
    await r.scheduler.whenIdle()
    expect(settings.reminders).toBe(true)
    expect(r.shown.map((s) => s.at)).toEqual(['2026-03-01T12:00:00.000Z'])

    // Turned off in the settings screen: the inbox shows it off.
    settings.reminders = false
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '09:00' })
  })

  it('reminds again the same day only when a new item falls due', async () => {
    const r = setup('2026-03-01T05:00:00Z')
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-01'), goal('Next week', '2026-03-09')])
    await r.advanceTo('2026-03-01T13:00:00Z')
    expect(r.shown.map((s) => s.goalId)).toEqual(['grow revenue-goal'])

    // At 15:00 a new goal check-in shows up, due today.
    await r.advanceTo('2026-03-01T14:00:00Z')
    await r.setItems([
      goal('Grow revenue', '2026-03-01'),
      goal('Cut costs', '2026-03-01'),
      goal('Next week', '2026-03-09'),
    ])
    expect(r.shown.map((s) => [s.goalId, s.at])).toEqual([
      ['grow revenue-goal', '2026-03-01T08:00:00.000Z'],
      ['cut costs-goal', '2026-03-01T14:00:00.000Z'],
    ])
  })

  it('sums up many check-ins falling due at once in one reminder that opens the inbox', async () => {
    const r = setup('2026-03-01T05:00:00Z')
    await r.begin()
    await r.setItems(['A', 'B', 'C', 'D', 'E'].map((name) => goal(name, '2026-03-01')))
    await r.advanceTo('2026-03-01T12:00:00Z')
    expect(r.shown).toEqual([
      {
        title: '5 goal check-ins are due',
        body: '“A”, “B” and 3 more. Open Operately Tray to write them one after another.',
        goalId: null,
        at: '2026-03-01T08:00:00.000Z',
      },
    ])
  })

  it('remembers across a restart what it sent today, and still reminds tomorrow', async () => {
    const first = setup('2026-03-01T05:00:00Z')
    await first.begin()
    await first.setItems([goal('Grow revenue', '2026-03-01')])
    await first.advanceTo('2026-03-01T09:00:00Z')
    expect(first.shown).toHaveLength(1)
    first.scheduler.stop()
    expect(JSON.parse(readFileSync(remindersPath(first.dataDir), 'utf8'))).toMatchObject({
      notified: { 'goal_check_in:owner:grow revenue@2026-03-01': { dueOn: '2026-03-01', overdueOn: null } },
    })

    // The app restarts at 10:30 the same day.
    const second = setup('2026-03-01T09:30:00Z', { dataDir: first.dataDir })
    await second.begin()
    await second.setItems([goal('Grow revenue', '2026-03-01')])
    await second.advanceTo('2026-03-01T20:00:00Z')
    expect(second.shown).toEqual([])
    await second.advanceTo('2026-03-02T12:00:00Z')
    expect(second.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-02T08:00:00.000Z'],
    ])
  })

  it('sends nothing while the list is not known, nor for check-ins due later', async () => {
    const r = setup('2026-03-01T05:00:00Z')
    await r.begin()
    await r.setItems(null)
    await r.advanceTo('2026-03-01T20:00:00Z')
    await r.setItems([goal('Tomorrow', '2026-03-02'), goal('Undated', null)])
    await r.advanceTo('2026-03-01T21:00:00Z')
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-02T12:00:00Z')
    expect(r.shown.map((s) => [s.title, s.goalId])).toEqual([['Goal check-in due today', 'tomorrow-goal']])
  })

  it('does not remind before it is started (no notifications yet) nor after it is stopped', async () => {
    const r = setup('2026-03-01T05:00:00Z')
    await r.setItems([goal('Grow revenue', '2026-03-01')])
    await r.advanceTo('2026-03-01T12:00:00Z')
    expect(r.shown).toEqual([])
    await r.begin()
    expect(r.shown).toHaveLength(1)
    r.scheduler.stop()
    await r.advanceTo('2026-03-03T12:00:00Z')
    expect(r.shown).toHaveLength(1)
    expect(r.clock.pendingDelays()).toEqual([])
  })
})
