import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Weekday } from '@shared/domain/working-time'
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

const defaults = {
  workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  quietHours: { from: '22:00', to: '07:00' },
}
const everyDay = { workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as Weekday[] }

// Europe/Berlin is UTC+1 in winter: 09:00 local is 08:00Z. March 2, 2026 is a Monday.
describe('reminder scheduler', () => {
  it('reminds once on the due day at 09:00, once more the next day as overdue, and then stops', async () => {
    const r = setup('2026-03-02T05:00:00Z') // 06:00 in Berlin
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    expect(r.shown).toEqual([])

    await r.advanceTo('2026-03-02T20:00:00Z')
    expect(r.shown).toEqual([
      {
        title: 'Goal check-in due today',
        body: "Time to write this month's check-in for “Grow revenue”.",
        goalId: 'grow revenue-goal',
        at: '2026-03-02T08:00:00.000Z',
      },
    ])
    // The list is read again (a poll, a wake-up) later that day: nothing new.
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    expect(r.shown).toHaveLength(1)

    await r.advanceTo('2026-03-06T20:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in due today', '2026-03-02T08:00:00.000Z'],
      ['Goal check-in overdue', '2026-03-03T08:00:00.000Z'],
    ])
    expect(r.shown[1]?.body).toBe('The check-in for “Grow revenue” was due Mar 2. Write it now?')
  })

  it('uses the time the user picked, on their local clock across a DST change', async () => {
    // Sunday Mar 29, 2026: Berlin moves to UTC+2 at 02:00, so 14:30 local is 12:30Z.
    const r = setup('2026-03-28T23:00:00Z')
    await r.scheduler.setSettings({ enabled: true, time: '14:30', ...everyDay })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-29')])
    await r.advanceTo('2026-03-29T12:29:00Z')
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-29T21:00:00Z')
    expect(r.shown.map((s) => s.at)).toEqual(['2026-03-29T12:30:00.000Z'])
    expect(await r.scheduler.getSettings()).toEqual({
      enabled: true,
      time: '14:30',
      ...everyDay,
      quietHours: defaults.quietHours,
    })
  })

  it('never reminds in the quiet hours: what turns up late goes out once, as soon as they end', async () => {
    const r = setup('2026-03-02T21:30:00Z') // Monday 22:30 in Berlin
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    await r.advanceTo('2026-03-03T05:59:00Z') // Tuesday 06:59
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-04T12:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-03T06:00:00.000Z'],
    ])
  })

  it('refuses a reminder time at night', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await expect(r.scheduler.setSettings({ enabled: true, time: '23:00' })).rejects.toMatchObject({
      error: { kind: 'invalid_input' },
    })
    expect(await r.scheduler.getSettings()).toEqual({ enabled: true, time: '09:00', ...defaults })
  })

  it('sends nothing while switched off, and picks up again when switched back on', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await r.begin()
    await r.scheduler.setSettings({ enabled: false, time: '09:00' })
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    await r.advanceTo('2026-03-04T20:00:00Z')
    expect(r.shown).toEqual([])

    await r.advanceTo('2026-03-05T10:00:00Z') // 11:00 in Berlin
    await r.scheduler.setSettings({ enabled: true, time: '09:00' })
    await r.scheduler.whenIdle()
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-05T10:00:00.000Z'],
    ])
  })

  it('starts switched off when policy says so, until the user turns reminders on', async () => {
    const r = setup('2026-03-02T05:00:00Z', { defaultEnabled: false })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    await r.advanceTo('2026-03-02T20:00:00Z')
    expect(r.shown).toEqual([])
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '09:00', ...defaults })
  })

  it("uses the app's settings as the one on/off switch once attached, in both directions", async () => {
    // The settings service's `reminders` value: policy may recommend off, the settings screen may change it.
    const settings = { reminders: false }
    const r = setup('2026-03-02T05:00:00Z')
    r.scheduler.useEnabledSwitch({
      get: () => settings.reminders,
      set: async (enabled) => {
        settings.reminders = enabled
      },
    })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    await r.advanceTo('2026-03-02T12:00:00Z')
    expect(r.shown).toEqual([])
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '09:00', ...defaults })

    // Turned on from the inbox: the app's setting follows, and the reminder goes out.
    await r.scheduler.setSettings({ enabled: true, time: '09:00' })
    await r.scheduler.whenIdle()
    expect(settings.reminders).toBe(true)
    expect(r.shown.map((s) => s.at)).toEqual(['2026-03-02T12:00:00.000Z'])

    // Turned off in the settings screen: the inbox shows it off.
    settings.reminders = false
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '09:00', ...defaults })
  })

  it('reminds again the same day only when a new item falls due', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-02'), goal('Next week', '2026-03-10')])
    await r.advanceTo('2026-03-02T13:00:00Z')
    expect(r.shown.map((s) => s.goalId)).toEqual(['grow revenue-goal'])

    // At 15:00 a new goal check-in shows up, due today.
    await r.advanceTo('2026-03-02T14:00:00Z')
    await r.setItems([
      goal('Grow revenue', '2026-03-02'),
      goal('Cut costs', '2026-03-02'),
      goal('Next week', '2026-03-10'),
    ])
    expect(r.shown.map((s) => [s.goalId, s.at])).toEqual([
      ['grow revenue-goal', '2026-03-02T08:00:00.000Z'],
      ['cut costs-goal', '2026-03-02T14:00:00.000Z'],
    ])
  })

  it('sums up many check-ins falling due at once in one reminder that opens the inbox', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await r.begin()
    await r.setItems(['A', 'B', 'C', 'D', 'E'].map((name) => goal(name, '2026-03-02')))
    await r.advanceTo('2026-03-02T12:00:00Z')
    expect(r.shown).toEqual([
      {
        title: '5 goal check-ins are due',
        body: '“A”, “B” and 3 more. Open Operately Tray to write them one after another.',
        goalId: null,
        at: '2026-03-02T08:00:00.000Z',
      },
    ])
  })

  it('remembers across a restart what it sent today, and still reminds tomorrow', async () => {
    const first = setup('2026-03-02T05:00:00Z')
    await first.begin()
    await first.setItems([goal('Grow revenue', '2026-03-02')])
    await first.advanceTo('2026-03-02T09:00:00Z')
    expect(first.shown).toHaveLength(1)
    first.scheduler.stop()
    expect(JSON.parse(readFileSync(remindersPath(first.dataDir), 'utf8'))).toMatchObject({
      notified: { 'goal_check_in:owner:grow revenue@2026-03-02': { dueOn: '2026-03-02', overdueOn: null } },
    })

    // The app restarts at 10:30 the same day.
    const second = setup('2026-03-02T09:30:00Z', { dataDir: first.dataDir })
    await second.begin()
    await second.setItems([goal('Grow revenue', '2026-03-02')])
    await second.advanceTo('2026-03-02T20:00:00Z')
    expect(second.shown).toEqual([])
    await second.advanceTo('2026-03-03T12:00:00Z')
    expect(second.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-03T08:00:00.000Z'],
    ])
  })

  it('sends nothing while the list is not known, nor for check-ins due later', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await r.begin()
    await r.setItems(null)
    await r.advanceTo('2026-03-02T20:00:00Z')
    await r.setItems([goal('Tomorrow', '2026-03-03'), goal('Undated', null)])
    await r.advanceTo('2026-03-02T21:00:00Z')
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-03T12:00:00Z')
    expect(r.shown.map((s) => [s.title, s.goalId])).toEqual([['Goal check-in due today', 'tomorrow-goal']])
  })

  it('does not remind before it is started (no notifications yet) nor after it is stopped', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    await r.advanceTo('2026-03-02T12:00:00Z')
    expect(r.shown).toEqual([])
    await r.begin()
    expect(r.shown).toHaveLength(1)
    r.scheduler.stop()
    await r.advanceTo('2026-03-04T12:00:00Z')
    expect(r.shown).toHaveLength(1)
    expect(r.clock.pendingDelays()).toEqual([])
  })
})

describe('reminders on working days, outside the quiet hours', () => {
  it("sends nothing on a day off: a check-in due on Saturday is reminded of once, when Monday's quiet hours end", async () => {
    const r = setup('2026-03-07T07:00:00Z') // Saturday 08:00 in Berlin
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-07')])
    await r.advanceTo('2026-03-09T05:59:00Z') // Monday 06:59
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-03-10T20:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-03-09T06:00:00.000Z'],
    ])
  })

  it('refuses a reminder time inside the quiet hours, no working day, and quiet hours that start when they end', async () => {
    const r = setup('2026-03-02T05:00:00Z')
    await expect(r.scheduler.setSettings({ enabled: true, time: '23:00' })).rejects.toMatchObject({
      error: {
        kind: 'invalid_input',
        message: 'Pick a time outside your quiet hours (22:00–07:00), when the app sends no reminders.',
      },
    })
    await expect(
      r.scheduler.setSettings({ enabled: true, time: '09:00', quietHours: { from: '08:00', to: '12:00' } }),
    ).rejects.toMatchObject({ error: { message: expect.stringContaining('(08:00–12:00)') } })
    await expect(
      r.scheduler.setSettings({ enabled: true, time: '09:00', workingDays: [] }),
    ).rejects.toMatchObject({
      error: { kind: 'invalid_input', message: 'Pick at least one working day.' },
    })
    await expect(
      r.scheduler.setSettings({ enabled: true, time: '09:00', quietHours: { from: '22:00', to: '22:00' } }),
    ).rejects.toMatchObject({
      error: { message: 'Quiet hours must start and end at different times (they cannot be switched off).' },
    })
    expect(await r.scheduler.getSettings()).toEqual({ enabled: true, time: '09:00', ...defaults })
  })

  it('saves working days and quiet hours, keeps them when a change leaves them out, and says when they changed', async () => {
    let changes = 0
    const r = setup('2026-03-02T05:00:00Z', { onWorkingTimeChange: () => changes++ })
    const chosen = {
      enabled: true,
      time: '06:30',
      workingDays: ['sun', 'mon', 'sat'] as Weekday[],
      quietHours: { from: '23:30', to: '06:00' },
    }
    // Stored and answered in week order.
    const saved = { ...chosen, workingDays: ['mon', 'sat', 'sun'] }
    expect(await r.scheduler.setSettings(chosen)).toEqual(saved)
    expect(changes).toBe(1)
    expect(await r.scheduler.setSettings({ enabled: false, time: '07:15' })).toEqual({
      ...saved,
      enabled: false,
      time: '07:15',
    })
    expect(changes).toBe(1)
    expect(r.scheduler.workingTime()).toEqual({
      workingDays: saved.workingDays,
      quietHours: saved.quietHours,
    })
  })

  it('reads a file saved before working days and quiet hours existed with the defaults', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reminders-'))
    writeFileSync(
      remindersPath(dataDir),
      JSON.stringify({ settings: { enabled: false, time: '10:15' }, notified: {} }),
    )
    const r = setup('2026-03-02T05:00:00Z', { dataDir })
    expect(await r.scheduler.getSettings()).toEqual({ enabled: false, time: '10:15', ...defaults })
    expect(r.scheduler.workingTime()).toEqual(defaults)
  })

  it('a time inside the quiet hours (a hand-edited file) reminds once, when they end', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reminders-'))
    writeFileSync(
      remindersPath(dataDir),
      JSON.stringify({
        settings: { enabled: true, time: '09:00', quietHours: { from: '08:00', to: '10:30' } },
        notified: {},
      }),
    )
    const r = setup('2026-03-02T05:00:00Z', { dataDir }) // Monday 06:00 in Berlin
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-03-02')])
    await r.advanceTo('2026-03-02T23:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in due today', '2026-03-02T09:30:00.000Z'],
    ])
  })

  it('holds a reminder through the night the clocks go back (Berlin, October 25 2026) until 07:00 on the wall clock', async () => {
    const r = setup('2026-10-24T21:00:00Z') // Saturday 23:00 CEST
    await r.scheduler.setSettings({ enabled: true, time: '09:00', ...everyDay })
    await r.begin()
    await r.setItems([goal('Grow revenue', '2026-10-24')])
    // 07:00 CET on Sunday is 06:00Z: at 05:59Z (06:59 on the wall) nothing, not at 05:00Z (06:00) either.
    await r.advanceTo('2026-10-25T05:59:00Z')
    expect(r.shown).toEqual([])
    await r.advanceTo('2026-10-25T20:00:00Z')
    expect(r.shown.map((s) => [s.title, s.at])).toEqual([
      ['Goal check-in overdue', '2026-10-25T06:00:00.000Z'],
    ])
  })

  it('keeps the working week of a UTC+14 zone (Kiritimati), whose Monday starts on Sunday in UTC', async () => {
    const r = setup('2026-03-06T09:00:00Z', { timeZone: () => 'Pacific/Kiritimati' }) // Friday 23:00 there
    await r.begin()
    await r.setItems([goal('Weekend', '2026-03-07'), goal('Monday', '2026-03-09')])
    // Saturday and Sunday in Kiritimati (Friday 10:00Z to Sunday 10:00Z): nothing.
    await r.advanceTo('2026-03-08T09:59:00Z')
    expect(r.shown).toEqual([])
    // Monday 07:00 there (Sunday 17:00Z): the weekend's check-in, held back; 09:00 (19:00Z): Monday's.
    await r.advanceTo('2026-03-08T23:00:00Z')
    expect(r.shown.map((s) => [s.title, s.goalId, s.at])).toEqual([
      ['Goal check-in overdue', 'weekend-goal', '2026-03-08T17:00:00.000Z'],
      ['Goal check-in due today', 'monday-goal', '2026-03-08T19:00:00.000Z'],
    ])
  })
})
