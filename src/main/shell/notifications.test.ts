import { beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { createReminderNotifier } from './notifications'
import { FakeNotification, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const reminder = {
  title: 'Goal check-in due today',
  body: "Time to write this month's check-in for “Grow revenue”.",
  goalId: 'grow-revenue-G1',
}

describe('reminder notifications', () => {
  beforeEach(() => resetFakeElectron())

  it('puts the reminder on screen and reports which goal a click asks for', () => {
    const clicked: (string | null)[] = []
    const show = createReminderNotifier({ log: silentLogger, onClick: (goalId) => clicked.push(goalId) })
    expect(show(reminder)).toBe(true)
    const [shown] = FakeNotification.shown
    expect(shown?.options).toMatchObject({ title: reminder.title, body: reminder.body })
    expect(clicked).toEqual([])
    shown?.click()
    expect(clicked).toEqual(['grow-revenue-G1'])
  })

  it('says it could not show anything where the desktop has no notifications', () => {
    FakeNotification.supported = false
    const show = createReminderNotifier({ log: silentLogger, onClick: () => {} })
    expect(show(reminder)).toBe(false)
    expect(FakeNotification.shown).toEqual([])
  })
})
