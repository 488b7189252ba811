import { beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { defaultToggleShortcut, registerToggleShortcut } from './global-shortcut'
import { globalShortcut, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

describe('registerToggleShortcut', () => {
  beforeEach(() => resetFakeElectron())

  it('registers Ctrl/Cmd+Shift+O by default and runs the toggle when it is pressed', () => {
    let presses = 0
    expect(registerToggleShortcut(defaultToggleShortcut, () => presses++, silentLogger)).toBe(true)
    globalShortcut.registered.get('CommandOrControl+Shift+O')?.()
    expect(presses).toBe(1)
  })

  it('logs a warning a person can act on when another app holds the shortcut, and carries on', () => {
    globalShortcut.taken.add(defaultToggleShortcut)
    const warnings: string[] = []
    const log = { ...silentLogger, warn: (message: string) => void warnings.push(message) }
    expect(registerToggleShortcut(defaultToggleShortcut, () => {}, log)).toBe(false)
    expect(warnings).toEqual([
      'The keyboard shortcut CommandOrControl+Shift+O could not be set up (another app may be using it). Open Operately Tray from its tray icon instead.',
    ])
  })

  it('survives Electron throwing on an accelerator it cannot parse', () => {
    const register = vi.spyOn(globalShortcut, 'register').mockImplementation(() => {
      throw new Error('conversion failure')
    })
    const fields: unknown[] = []
    const log = { ...silentLogger, warn: (_m: string, f?: unknown) => void fields.push(f) }
    expect(registerToggleShortcut('Nonsense+Key', () => {}, log)).toBe(false)
    expect(fields).toEqual([{ error: 'conversion failure' }])
    register.mockRestore()
  })
})
