import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultWorkingTime } from '@shared/domain/working-time'
import { silentLogger } from '../log/logger'
import { createRemindersStore, remindersPath } from './reminders-store'
import { workingTimeOf } from './working-hours'

// A hand-edited working time that breaks a rule must cost only itself (the default applies to it), never
// the rest of reminders.json: losing `notified` repeats reminders already sent, and losing the settings
// turns reminders back on for someone who turned them off.

const notified = { 'goal-1@2026-03-02': { dueOn: '2026-03-02', overdueOn: null } }

async function readBack(settings: Record<string, unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reminders-store-'))
  writeFileSync(remindersPath(dataDir), JSON.stringify({ settings, notified }))
  return createRemindersStore(dataDir, silentLogger).read()
}

describe('reminders.json with a broken working time', () => {
  it.each([
    ['no working day', { workingDays: [] }],
    ['a day twice', { workingDays: ['mon', 'mon'] }],
    ['eight days', { workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'mon'] }],
    ['a day that is none', { workingDays: ['mon', 'funday'] }],
    ['quiet hours at 25:00', { quietHours: { from: '25:00', to: '07:00' } }],
    ['equal quiet hours', { quietHours: { from: '07:00', to: '07:00' } }],
  ])('%s: the defaults stand in for it, and what was sent and chosen is kept', async (_, broken) => {
    const state = await readBack({ enabled: false, time: '10:30', ...broken })
    expect(state.notified).toEqual(notified)
    expect(state.settings).toMatchObject({ enabled: false, time: '10:30' })
    const working = workingTimeOf(state.settings)
    if ('workingDays' in broken) expect(working.workingDays).toEqual(defaultWorkingTime.workingDays)
    else expect(working.quietHours).toEqual(defaultWorkingTime.quietHours)
  })
})
