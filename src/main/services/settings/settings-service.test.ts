import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppFailure } from '@shared/errors'
import { silentLogger, type Logger } from '../log/logger'
import type { EffectiveSettings } from '../policy/effective-settings'
import { emptyPolicy, type Policy } from '../policy/load-policy'
import { createSettingsService, managedMessage } from './settings-service'

const tempDir = () => mkdtempSync(join(tmpdir(), 'settings-'))
const saved = (dir: string) => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as unknown

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise
  } catch (err) {
    if (err instanceof AppFailure) return err
    throw err
  }
  throw new Error('expected the promise to fail')
}

describe('settings service', () => {
  it('starts from the defaults and keeps what the user chooses across restarts', async () => {
    const dataDir = tempDir()
    const first = await createSettingsService({ dataDir, policy: emptyPolicy, log: silentLogger })
    expect(first.current().values.startAtLogin).toBe(false)

    await first.update({ startAtLogin: true, keepOpenOnBlur: true, globalShortcut: 'ctrl+alt+o' })
    expect(saved(dataDir)).toEqual({ startAtLogin: true, keepOpenOnBlur: true, globalShortcut: 'Ctrl+Alt+O' })

    const second = await createSettingsService({ dataDir, policy: emptyPolicy, log: silentLogger })
    expect(second.current().values).toMatchObject({
      startAtLogin: true,
      keepOpenOnBlur: true,
      globalShortcut: 'Ctrl+Alt+O',
    })
  })

  it('refuses to change what the organisation manages, and saves nothing of that change', async () => {
    const dataDir = tempDir()
    const policy: Policy = { ...emptyPolicy, machine: { autoUpdate: false, globalShortcut: 'Ctrl+Alt+O' } }
    const settings = await createSettingsService({ dataDir, policy, log: silentLogger })
    expect(settings.current().locked).toEqual(['autoUpdate', 'globalShortcut'])

    const refused = await failure(settings.update({ autoUpdate: true, startAtLogin: true }))
    expect(refused.error).toEqual({ kind: 'invalid_input', message: managedMessage })
    expect(settings.current().values.startAtLogin).toBe(false)

    // Sending the managed value back unchanged (a whole form, say) is fine.
    await settings.update({ autoUpdate: false, startAtLogin: true })
    expect(settings.current().values).toMatchObject({ autoUpdate: false, startAtLogin: true })
  })

  it('refuses a shortcut that is not valid, with the reason', async () => {
    const settings = await createSettingsService({
      dataDir: tempDir(),
      policy: emptyPolicy,
      log: silentLogger,
    })
    const refused = await failure(settings.update({ globalShortcut: 'Q' }))
    expect(refused.error.kind).toBe('invalid_input')
    expect(refused.error.message).toContain('every app')
    await settings.update({ globalShortcut: '  ' })
    expect(settings.current().values.globalShortcut).toBe('')
  })

  it('tells subscribers about real changes only', async () => {
    const settings = await createSettingsService({
      dataDir: tempDir(),
      policy: emptyPolicy,
      log: silentLogger,
    })
    const seen: EffectiveSettings[] = []
    const unsubscribe = settings.subscribe((value) => seen.push(value))
    await settings.update({ reminders: false })
    await settings.update({ reminders: false })
    await settings.recordAppliedStartAtLogin(true)
    expect(seen.map((s) => s.values.reminders)).toEqual([false])
    unsubscribe()
    await settings.update({ reminders: true })
    expect(seen).toHaveLength(1)
  })

  it('applies quick successive changes in order', async () => {
    const dataDir = tempDir()
    const settings = await createSettingsService({ dataDir, policy: emptyPolicy, log: silentLogger })
    await Promise.all([
      settings.update({ keepOpenOnBlur: true }),
      settings.update({ keepOpenOnBlur: false }),
      settings.update({ keepOpenOnBlur: true }),
    ])
    expect(settings.current().values.keepOpenOnBlur).toBe(true)
    expect(saved(dataDir)).toEqual({ keepOpenOnBlur: true })
  })

  it('remembers what start at login was last set to in the OS', async () => {
    const dataDir = tempDir()
    const settings = await createSettingsService({ dataDir, policy: emptyPolicy, log: silentLogger })
    expect(settings.appliedStartAtLogin()).toBeUndefined()
    await settings.recordAppliedStartAtLogin(true)
    const again = await createSettingsService({ dataDir, policy: emptyPolicy, log: silentLogger })
    expect(again.appliedStartAtLogin()).toBe(true)
  })

  it('keeps the good values of a damaged settings file and warns about the bad shortcut', async () => {
    const dataDir = tempDir()
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({ startAtLogin: 'yes', reminders: false, globalShortcut: 'Banana', unknown: 1 }),
    )
    const warnings: string[] = []
    const log: Logger = { ...silentLogger, warn: (message) => warnings.push(message) }
    const settings = await createSettingsService({ dataDir, policy: emptyPolicy, log })
    expect(settings.current().values).toMatchObject({
      startAtLogin: false,
      reminders: false,
      globalShortcut: 'CommandOrControl+Shift+O',
    })
    expect(warnings).toEqual(['the saved keyboard shortcut is not valid; using the default'])
  })

  it('starts with defaults when the settings file is not JSON at all', async () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, 'settings.json'), '{"startAtLogin": tru')
    const settings = await createSettingsService({ dataDir, policy: emptyPolicy, log: silentLogger })
    expect(settings.current().values.startAtLogin).toBe(false)
    await settings.update({ startAtLogin: true })
    expect(saved(dataDir)).toEqual({ startAtLogin: true })
  })
})
