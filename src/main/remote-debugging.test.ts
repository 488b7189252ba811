import { describe, expect, it } from 'vitest'
import { remoteDebuggingRefusal } from './remote-debugging'

const exe = '/opt/Operately Tray/operately-tray'
const packaged = { isPackaged: true, isUnfusedTestBuild: () => false }
const development = { isPackaged: false, isUnfusedTestBuild: () => false }

describe('remoteDebuggingRefusal', () => {
  it.each([
    ['--remote-debugging-port=9222'],
    ['--remote-debugging-port', '9222'],
    ['--remote-debugging-port'],
    ['--remote-debugging-pipe'],
    ['-remote-debugging-port=9222'],
    ['--hidden', '--remote-debugging-pipe=cbor'],
  ])('refuses a packaged build started with %s', (...args) => {
    const refusal = remoteDebuggingRefusal([exe, ...args], packaged, 'linux')
    expect(refusal).toMatch(/^Operately Tray does not start with --remote-debugging-(port|pipe)/)
  })

  it('reads Windows switches as Chromium does there: "/" and any case', () => {
    const win = 'C:\\Program Files\\Operately Tray\\Operately Tray.exe'
    expect(remoteDebuggingRefusal([win, '/remote-debugging-port=9222'], packaged, 'win32')).not.toBeNull()
    expect(remoteDebuggingRefusal([win, '--Remote-Debugging-Pipe'], packaged, 'win32')).not.toBeNull()
  })

  it('lets a packaged build start without them, or with them only after "--" (no longer switches)', () => {
    expect(remoteDebuggingRefusal([exe], packaged, 'linux')).toBeNull()
    expect(remoteDebuggingRefusal([exe, '--version'], packaged, 'darwin')).toBeNull()
    expect(remoteDebuggingRefusal([exe, '--remote-debugging-portal'], packaged, 'linux')).toBeNull()
    expect(remoteDebuggingRefusal([exe, '--', '--remote-debugging-port=9222'], packaged, 'linux')).toBeNull()
  })

  it('leaves development and test builds alone (Playwright launches Electron with --remote-debugging-port=0)', () => {
    const args = ['electron', '/repo', '--remote-debugging-port=0']
    expect(remoteDebuggingRefusal(args, development, 'linux')).toBeNull()
  })

  it('leaves the unfused test build alone, and asks whether it is one only when the switch is there', () => {
    let asked = 0
    const testBuild = { isPackaged: true, isUnfusedTestBuild: () => (asked++, true) }
    expect(remoteDebuggingRefusal([exe, '--hidden'], testBuild, 'linux')).toBeNull()
    expect(asked).toBe(0)
    expect(remoteDebuggingRefusal([exe, '--remote-debugging-port=0'], testBuild, 'linux')).toBeNull()
    expect(asked).toBe(1)
  })
})
