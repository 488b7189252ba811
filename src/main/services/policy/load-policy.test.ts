import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Logger } from '../log/logger'
import { effectiveSettings } from './effective-settings'
import { loadPolicy, type PolicyReaders } from './load-policy'
import { parseRegQueryOutput } from './registry'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const buildFile = (path: string) =>
  readFileSync(new URL(`../../../../build/${path}`, import.meta.url), 'utf8')

function recordingLog() {
  const warnings: string[] = []
  const log: Logger = {
    debug() {},
    info() {},
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(message),
  }
  return { log, warnings }
}

const windowsReaders = (hklm: string | null, hkcu: string | null): PolicyReaders => ({
  windowsRegistry: async (hive) => {
    const text = hive === 'HKLM' ? hklm : hkcu
    return text === null ? null : parseRegQueryOutput(text)
  },
})

describe('loadPolicy on Windows (registry)', () => {
  it('reads HKLM as machine policy and HKCU as user policy, DWORDs as on/off', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'win32',
      readers: windowsReaders(fixture('reg-query-hklm.txt'), null),
      log,
    })
    expect(policy.machine).toEqual({
      serverUrl: 'https://operately.acme.example',
      lockServerUrl: true,
      autoUpdate: false,
      updateFeedUrl: 'https://updates.acme.example/operately-tray/',
      globalShortcut: 'Ctrl+Alt+O',
    })
    expect(policy.user).toEqual({})
    expect(policy.sources).toEqual([{ scope: 'machine', origin: 'HKLM\\SOFTWARE\\Policies\\OperatelyTray' }])
    expect(warnings).toEqual([])
  })

  it('matches value names case-insensitively, as the registry does, and skips what it cannot use', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'win32',
      readers: windowsReaders(null, fixture('reg-query-hkcu.txt')),
      log,
    })
    expect(policy.user).toEqual({
      serverUrl: 'https://personal.example',
      autoUpdate: true,
      startAtLogin: true,
      reminders: false,
      globalShortcut: 'Ctrl+Shift+P',
    })
    expect(policy.warnings).toEqual(warnings)
    expect(warnings).toHaveLength(3)
    expect(warnings[0]).toContain('“Favourite Colour” in HKCU\\SOFTWARE\\Policies\\OperatelyTray is not one')
    expect(warnings[1]).toContain('LockServerUrl in HKCU\\SOFTWARE\\Policies\\OperatelyTray was ignored')
    expect(warnings[1]).toContain('true or false (1 or 0 in the registry)')
    expect(warnings[2]).toContain('“Notes”')
  })

  it('with both hives set: HKLM beats HKCU beats the user beats the default', async () => {
    const { log } = recordingLog()
    const policy = await loadPolicy({
      platform: 'win32',
      readers: windowsReaders(fixture('reg-query-hklm.txt'), fixture('reg-query-hkcu.txt')),
      log,
    })
    const settings = effectiveSettings(policy, {
      autoUpdate: true,
      globalShortcut: 'Alt+Space',
      reminders: true,
    })
    expect(settings.values).toEqual({
      serverUrl: 'https://operately.acme.example', // HKLM over HKCU's personal.example
      autoUpdate: false, // HKLM 0 over HKCU 1 and the user's choice
      updateFeedUrl: 'https://updates.acme.example/operately-tray/',
      startAtLogin: true, // only HKCU sets it: a recommendation over the default
      keepOpenOnBlur: false, // nobody sets it: the default
      globalShortcut: 'Ctrl+Alt+O', // HKLM over HKCU over the user
      reminders: true, // recommended off by HKCU, but the user chose on
    })
    expect(settings.locked).toEqual(['serverUrl', 'autoUpdate', 'updateFeedUrl', 'globalShortcut'])
    expect(settings.sources).toMatchObject({
      serverUrl: 'machine-policy',
      startAtLogin: 'user-policy',
      reminders: 'user',
      keepOpenOnBlur: 'default',
    })
  })

  it('has no policy, and no warnings, when neither key exists', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({ platform: 'win32', readers: windowsReaders(null, null), log })
    expect(policy).toEqual({ machine: {}, user: {}, sources: [], warnings: [] })
    expect(warnings).toEqual([])
  })

  it('keeps the machine policy when reading the user policy fails', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'win32',
      readers: {
        windowsRegistry: async (hive) => {
          if (hive === 'HKCU') throw new Error('reg.exe was not found')
          return parseRegQueryOutput(fixture('reg-query-hklm.txt'))
        },
      },
      log,
    })
    expect(policy.machine.serverUrl).toBe('https://operately.acme.example')
    expect(warnings).toEqual([
      'The policy in HKCU\\SOFTWARE\\Policies\\OperatelyTray was ignored: reg.exe was not found.',
    ])
  })
})

describe('loadPolicy on macOS (managed preferences)', () => {
  const macReaders = (machine: string | null, user: string | null): PolicyReaders => ({
    macManagedPreferences: async (scope) => (scope === 'machine' ? machine : user),
  })

  it('reads the device and user profiles, ignoring the profile bookkeeping keys', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'darwin',
      readers: macReaders(fixture('managed-preferences-machine.xml'), null),
      log,
    })
    expect(policy.machine).toEqual({
      autoUpdate: true,
      lockServerUrl: true,
      // A pasted page address still means the server.
      serverUrl: 'https://operately.acme.example',
      startAtLogin: true,
      updateFeedUrl: 'https://updates.acme.example/tray/',
      reminders: false,
    })
    expect(warnings).toEqual([])
  })

  it('ignores wrong types and unsafe update addresses in the user profile, keeping the rest', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'darwin',
      readers: macReaders(null, fixture('managed-preferences-user.xml')),
      log,
    })
    expect(policy.user).toEqual({
      serverUrl: 'https://somewhere-else.example',
      globalShortcut: 'Command+Option+T',
    })
    expect(warnings.join('\n')).toContain('AutoUpdate')
    expect(warnings.join('\n')).toContain('UpdateFeedUrl')
    expect(warnings.find((w) => w.includes('UpdateFeedUrl'))).toContain('https://')
    expect(warnings.find((w) => w.includes('“InstallDate”'))).toBeDefined()
    expect(warnings.find((w) => w.includes('“Icon”'))).toBeDefined()
    expect(warnings).toHaveLength(4)
  })

  it('accepts managed preferences converted to JSON too', async () => {
    const { log } = recordingLog()
    const policy = await loadPolicy({
      platform: 'darwin',
      readers: macReaders('{"AutoUpdate": false}', null),
      log,
    })
    expect(policy.machine).toEqual({ autoUpdate: false })
  })

  it('skips a damaged property list with a warning', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'darwin',
      readers: macReaders('<plist><dict><key>AutoUpdate</key><true/>', '<plist><string>x</string></plist>'),
      log,
    })
    expect(policy.machine).toEqual({})
    expect(policy.user).toEqual({})
    expect(warnings[0]).toContain('could not be read as a property list')
    expect(warnings[1]).toContain('must hold a set of named settings')
  })
})

describe('loadPolicy on Linux (/etc/operately-tray/policy.json)', () => {
  const linux = (text: string | null) => ({ linuxPolicyFile: async () => text })

  it('reads the shipped example without a single warning', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'linux',
      readers: linux(buildFile('policy/policy.example.json')),
      log,
    })
    expect(policy.machine).toEqual({
      serverUrl: 'https://operately.example.com',
      lockServerUrl: true,
      autoUpdate: true,
      updateFeedUrl: 'https://updates.example.com/operately-tray/',
      startAtLogin: true,
      globalShortcut: 'CommandOrControl+Shift+O',
      reminders: true,
    })
    expect(policy.sources).toEqual([{ scope: 'machine', origin: '/etc/operately-tray/policy.json' }])
    expect(warnings).toEqual([])
  })

  it('survives garbage: not JSON at all', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({ platform: 'linux', readers: linux('ServerUrl = https://x\n{{'), log })
    expect(policy.machine).toEqual({})
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^The policy in \/etc\/operately-tray\/policy.json was ignored: .* is not valid JSON/,
    )
  })

  it('survives JSON that is not a set of settings', async () => {
    const { log, warnings } = recordingLog()
    await loadPolicy({ platform: 'linux', readers: linux('["ServerUrl"]'), log })
    await loadPolicy({ platform: 'linux', readers: linux('null'), log })
    expect(warnings).toHaveLength(2)
    for (const warning of warnings) expect(warning).toContain('must hold a set of named settings')
  })

  it('keeps each valid value and names each bad one', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({
      platform: 'linux',
      readers: linux(
        JSON.stringify({
          ServerUrl: 'ftp://operately.example.com',
          LockServerUrl: 'true',
          AutoUpdate: false,
          UpdateFeedUrl: 'javascript:alert(document.cookie)',
          StartAtLogin: 2,
          GlobalShortcut: 'O',
          Reminders: null,
          serverUrl: 'https://lowercase.example',
        }),
      ),
      log,
    })
    expect(policy.machine).toEqual({ autoUpdate: false })
    const about = (key: string) =>
      warnings.find((w) => w.includes(` ${key} `) || w.includes(`“${key}”`)) ?? ''
    expect(about('ServerUrl')).toContain('“ftp:” addresses cannot be used')
    expect(about('LockServerUrl')).toContain('must be true or false')
    expect(about('UpdateFeedUrl')).toContain('https://')
    expect(about('StartAtLogin')).toContain('must be true or false')
    expect(about('GlobalShortcut')).toContain('every app')
    expect(about('Reminders')).toContain('not empty')
    expect(about('serverUrl')).toContain('did you mean ServerUrl?')
    // LockServerUrl was unusable, so nothing warns about a lock without an address.
    expect(warnings).toHaveLength(7)
  })

  it('refuses update feeds that are plain http, carry credentials or a query', async () => {
    for (const url of [
      'http://updates.example.com/tray/',
      'https://user:secret@updates.example.com/',
      'https://updates.example.com/tray/?token=x',
      'file:///srv/updates/',
    ]) {
      const { log, warnings } = recordingLog()
      const policy = await loadPolicy({
        platform: 'linux',
        readers: linux(JSON.stringify({ UpdateFeedUrl: url })),
        log,
      })
      expect(policy.machine, url).toEqual({})
      expect(warnings, url).toHaveLength(1)
    }
  })

  it('warns when the address is to be locked but no address is given', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({ platform: 'linux', readers: linux('{"LockServerUrl": true}'), log })
    expect(policy.machine).toEqual({ lockServerUrl: true })
    expect(warnings).toEqual([
      'LockServerUrl is on but no valid ServerUrl is set, so the server address is not locked.',
    ])
  })

  it('treats an empty GlobalShortcut as "no shortcut"', async () => {
    const { log, warnings } = recordingLog()
    const policy = await loadPolicy({ platform: 'linux', readers: linux('{"GlobalShortcut": ""}'), log })
    expect(policy.machine).toEqual({ globalShortcut: '' })
    expect(warnings).toEqual([])
  })

  it('has no policy when the file does not exist', async () => {
    const { log, warnings } = recordingLog()
    expect(await loadPolicy({ platform: 'linux', readers: linux(null), log })).toEqual({
      machine: {},
      user: {},
      sources: [],
      warnings: [],
    })
    expect(warnings).toEqual([])
  })
})

it('reads nothing on platforms without a policy source', async () => {
  const { log } = recordingLog()
  const readers: PolicyReaders = {
    linuxPolicyFile: async () => '{"AutoUpdate": false}',
    windowsRegistry: async () => [{ name: 'AutoUpdate', type: 'REG_DWORD', data: '0x0' }],
  }
  // A Windows registry reader must not be consulted on Linux, nor the Linux file on Windows.
  expect((await loadPolicy({ platform: 'freebsd', readers, log })).sources).toEqual([])
  expect(
    (await loadPolicy({ platform: 'linux', readers: { windowsRegistry: readers.windowsRegistry }, log }))
      .sources,
  ).toEqual([])
})
