import { describe, expect, it } from 'vitest'
import { defaultSettings, effectiveSettings, serverUrlAllowed } from './effective-settings'
import type { Policy } from './load-policy'
import type { PolicyValues } from './policy-keys'

const policy = (machine: PolicyValues = {}, user: PolicyValues = {}): Policy => ({
  machine,
  user,
  sources: [],
  warnings: [],
})

describe('effectiveSettings', () => {
  it('uses the built-in defaults when there is neither policy nor a user choice', () => {
    const settings = effectiveSettings(policy(), {})
    expect(settings.values).toEqual(defaultSettings)
    expect(settings.locked).toEqual([])
    expect(Object.values(settings.sources).every((source) => source === 'default')).toBe(true)
  })

  it('lets the user choose where there is no policy', () => {
    const settings = effectiveSettings(policy(), {
      autoUpdate: false,
      globalShortcut: 'Alt+Space',
      startAtLogin: true,
      keepOpenOnBlur: true,
      reminders: false,
    })
    expect(settings.values).toMatchObject({
      autoUpdate: false,
      globalShortcut: 'Alt+Space',
      startAtLogin: true,
      keepOpenOnBlur: true,
      reminders: false,
    })
    expect(settings.sources.autoUpdate).toBe('user')
    expect(settings.locked).toEqual([])
  })

  it('enforced keys: machine policy beats user policy beats the user beats the default, and lock', () => {
    const user = { autoUpdate: true, globalShortcut: 'Alt+Space' }
    const both = effectiveSettings(
      policy(
        { autoUpdate: false, globalShortcut: 'Ctrl+Alt+O' },
        { autoUpdate: true, globalShortcut: 'Ctrl+Alt+P' },
      ),
      user,
    )
    expect(both.values.autoUpdate).toBe(false)
    expect(both.values.globalShortcut).toBe('Ctrl+Alt+O')
    expect(both.sources.autoUpdate).toBe('machine-policy')

    const userPolicyOnly = effectiveSettings(
      policy({}, { autoUpdate: false, globalShortcut: 'Ctrl+Alt+P' }),
      user,
    )
    expect(userPolicyOnly.values.autoUpdate).toBe(false)
    expect(userPolicyOnly.values.globalShortcut).toBe('Ctrl+Alt+P')
    expect(userPolicyOnly.sources.globalShortcut).toBe('user-policy')
    expect(userPolicyOnly.locked).toEqual(['autoUpdate', 'globalShortcut'])

    const userOnly = effectiveSettings(policy(), user)
    expect(userOnly.values.globalShortcut).toBe('Alt+Space')
    expect(userOnly.locked).toEqual([])
  })

  it('recommended keys: the policy only replaces the default, the user still decides', () => {
    const recommended = policy({ startAtLogin: true, reminders: false }, { startAtLogin: false })
    const untouched = effectiveSettings(recommended, {})
    expect(untouched.values.startAtLogin).toBe(true)
    expect(untouched.sources.startAtLogin).toBe('machine-policy')
    expect(untouched.values.reminders).toBe(false)

    const chosen = effectiveSettings(recommended, { startAtLogin: false, reminders: true })
    expect(chosen.values.startAtLogin).toBe(false)
    expect(chosen.values.reminders).toBe(true)
    expect(chosen.locked).toEqual([])
  })

  it('prefills the server address, and locks it only when LockServerUrl is on', () => {
    const prefilled = effectiveSettings(policy({ serverUrl: 'https://operately.acme.example' }), {})
    expect(prefilled.values.serverUrl).toBe('https://operately.acme.example')
    expect(prefilled.locked).toEqual([])
    expect(serverUrlAllowed(prefilled, 'https://elsewhere.example')).toBe(true)

    const locked = effectiveSettings(
      policy({ lockServerUrl: true }, { serverUrl: 'https://operately.acme.example', lockServerUrl: false }),
      {},
    )
    expect(locked.locked).toEqual(['serverUrl'])
    expect(serverUrlAllowed(locked, 'https://operately.acme.example')).toBe(true)
    expect(serverUrlAllowed(locked, 'https://elsewhere.example')).toBe(false)

    // The machine's address beats the user policy's, locked or not.
    const machineWins = effectiveSettings(
      policy(
        { serverUrl: 'https://machine.example' },
        { serverUrl: 'https://user.example', lockServerUrl: true },
      ),
      {},
    )
    expect(machineWins.values.serverUrl).toBe('https://machine.example')
    expect(machineWins.locked).toEqual(['serverUrl'])
  })

  it('does not lock a server address nobody set', () => {
    const settings = effectiveSettings(policy({ lockServerUrl: true }), {})
    expect(settings.values.serverUrl).toBeNull()
    expect(settings.locked).toEqual([])
  })

  it('locks the update feed set by policy and lets "no shortcut" come from policy', () => {
    const settings = effectiveSettings(
      policy({ updateFeedUrl: 'https://updates.acme.example/', globalShortcut: '' }),
      { globalShortcut: 'Alt+Space' },
    )
    expect(settings.values.updateFeedUrl).toBe('https://updates.acme.example/')
    expect(settings.values.globalShortcut).toBe('')
    expect(settings.locked).toEqual(['updateFeedUrl', 'globalShortcut'])
  })
})
