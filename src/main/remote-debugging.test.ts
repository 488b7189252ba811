import { describe, expect, it } from 'vitest'
import { remoteDebuggingRefusal } from './remote-debugging'

const exe = '/opt/Operately Tray/operately-tray'

describe('remoteDebuggingRefusal', () => {
  it.each([
    ['--remote-debugging-port=9222'],
    ['--remote-debugging-port', '9222'],
    ['--remote-debugging-port'],
    ['--remote-debugging-pipe'],
    ['-remote-debugging-port=9222'],
    ['--hidden', '--remote-debugging-pipe=cbor'],
  ])('refuses a packaged build started with %s', (...args) => {
    const refusal = remoteDebuggingRefusal([exe, ...args], true, 'linux')
    expect(refusal).toMatch(/^Operately Tray does not start with --remote-debugging-(port|pipe)/)
  })

  it('reads Windows switches as Chromium does there: "/" and any case', () => {
    const win = 'C:\\Program Files\\Operately Tray\\Operately Tray.exe'
    expect(remoteDebuggingRefusal([win, '/remote-debugging-port=9222'], true, 'win32')).not.toBeNull()
    expect(remoteDebuggingRefusal([win, '--Remote-Debugging-Pipe'], true, 'win32')).not.toBeNull()
  })

  it('lets a packaged build start without them, or with them only after "--" (no longer switches)', () => {
    expect(remoteDebuggingRefusal([exe], true, 'linux')).toBeNull()
    expect(remoteDebuggingRefusal([exe, '--version'], true, 'darwin')).toBeNull()
    expect(remoteDebuggingRefusal([exe, '--remote-debugging-portal'], true, 'linux')).toBeNull()
    expect(remoteDebuggingRefusal([exe, '--', '--remote-debugging-port=9222'], true, 'linux')).toBeNull()
  })

  it('leaves development and test builds alone (Playwright launches Electron with --remote-debugging-port=0)', () => {
    expect(
      remoteDebuggingRefusal(['electron', '/repo', '--remote-debugging-port=0'], false, 'linux'),
    ).toBeNull()
  })
})
