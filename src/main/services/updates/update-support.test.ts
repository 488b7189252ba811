import { describe, expect, it } from 'vitest'
import { defaultSettings, effectiveSettings } from '../policy/effective-settings'
import { emptyPolicy } from '../policy/load-policy'
import { updatePlan, updateSupport, type InstallFacts } from './update-support'

const windowsEnv = {
  ProgramFiles: 'C:\\Program Files',
  'ProgramFiles(x86)': 'C:\\Program Files (x86)',
  LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local',
}

const facts = (overrides: Partial<InstallFacts>): InstallFacts => ({
  platform: 'linux',
  isPackaged: true,
  execPath: '/opt/Operately Tray/operately-tray',
  env: {},
  exists: () => false,
  ...overrides,
})

describe('updateSupport', () => {
  it('updates the per-user NSIS install, recognised by its uninstaller beside the executable', () => {
    const execPath = 'C:\\Users\\ana\\AppData\\Local\\Programs\\operately-tray\\Operately Tray.exe'
    const seen: string[] = []
    const support = updateSupport(
      facts({
        platform: 'win32',
        execPath,
        env: windowsEnv,
        exists: (path) => {
          seen.push(path)
          return (
            path === 'C:\\Users\\ana\\AppData\\Local\\Programs\\operately-tray\\Uninstall Operately Tray.exe'
          )
        },
      }),
    )
    expect(support).toEqual({ supported: true, kind: 'nsis' })
    expect(seen).toEqual([
      'C:\\Users\\ana\\AppData\\Local\\Programs\\operately-tray\\Uninstall Operately Tray.exe',
    ])
  })

  it('never updates an MSI install under Program Files', () => {
    for (const execPath of [
      'C:\\Program Files\\Operately Tray\\Operately Tray.exe',
      'c:\\program files (x86)\\Operately Tray\\Operately Tray.exe',
    ]) {
      expect(updateSupport(facts({ platform: 'win32', execPath, env: windowsEnv }))).toEqual({
        supported: false,
        reason: 'msi',
      })
    }
  })

  it('does not update a Windows copy that no installer put there', () => {
    const execPath = 'D:\\Tools\\win-unpacked\\Operately Tray.exe'
    expect(updateSupport(facts({ platform: 'win32', execPath, env: windowsEnv }))).toEqual({
      supported: false,
      reason: 'not-installed',
    })
  })

  it('updates AppImages only, never .deb or .rpm installs', () => {
    expect(updateSupport(facts({ env: { APPIMAGE: '/home/ana/Operately-Tray.AppImage' } }))).toEqual({
      supported: true,
      kind: 'appimage',
    })
    expect(updateSupport(facts({ env: {} }))).toEqual({ supported: false, reason: 'linux-package' })
  })

  it('updates the Mac app, but not while it runs from the disk image', () => {
    const mac = (execPath: string) => updateSupport(facts({ platform: 'darwin', execPath }))
    expect(mac('/Applications/Operately Tray.app/Contents/MacOS/Operately Tray')).toEqual({
      supported: true,
      kind: 'mac-zip',
    })
    expect(mac('/Volumes/Operately Tray 0.1.0/Operately Tray.app/Contents/MacOS/Operately Tray')).toEqual({
      supported: false,
      reason: 'disk-image',
    })
    expect(
      mac('/private/var/folders/x/AppTranslocation/ABC/d/Operately Tray.app/Contents/MacOS/Operately Tray'),
    ).toEqual({ supported: false, reason: 'disk-image' })
  })

  it('never updates a development build', () => {
    expect(updateSupport(facts({ isPackaged: false, env: { APPIMAGE: '/x.AppImage' } }))).toEqual({
      supported: false,
      reason: 'development',
    })
  })
})

describe('updatePlan', () => {
  const supported = { supported: true, kind: 'appimage' } as const
  const defaults = { values: defaultSettings, locked: [], sources: {} } as unknown as Parameters<
    typeof updatePlan
  >[1]

  it('uses the feed built into the installer unless policy names another', () => {
    expect(updatePlan(supported, defaults, true)).toEqual({ enabled: true, feedUrl: null })
    const withFeed = effectiveSettings(
      { ...emptyPolicy, machine: { updateFeedUrl: 'https://u.example/' } },
      {},
    )
    expect(updatePlan(supported, withFeed, false)).toEqual({ enabled: true, feedUrl: 'https://u.example/' })
  })

  it('is off without any feed', () => {
    expect(updatePlan(supported, defaults, false)).toEqual({ enabled: false, reason: 'no-feed' })
  })

  it('says whether updates are off by policy or by the user', () => {
    const byPolicy = effectiveSettings({ ...emptyPolicy, user: { autoUpdate: false } }, { autoUpdate: true })
    expect(updatePlan(supported, byPolicy, true)).toEqual({ enabled: false, reason: 'policy' })
    const byUser = effectiveSettings(emptyPolicy, { autoUpdate: false })
    expect(updatePlan(supported, byUser, true)).toEqual({ enabled: false, reason: 'user' })
  })

  it('lets the install type win over everything: policy cannot turn updates on for an MSI install', () => {
    const on = effectiveSettings({ ...emptyPolicy, machine: { autoUpdate: true } }, {})
    expect(updatePlan({ supported: false, reason: 'msi' }, on, true)).toEqual({
      enabled: false,
      reason: 'msi',
    })
  })
})
