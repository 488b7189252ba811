import { describe, expect, it, vi } from 'vitest'

// Found by a hostile review of issue 22, item 13: installers.yml runs `npx vitest run src/` on windows-2025, where node:path
// is path.win32. autostart-entry.test.ts expects the Linux autostart path with forward slashes
// ('/home/ana/.config/autostart/operately-tray.desktop'), but autostartPath joins with node:path, which
// on Windows writes backslashes: that test fails the Windows job on its first hosted run. This file
// runs autostartPath as the Windows runner will (node:path is path.win32) against the same expectations.
vi.mock('node:path', async () => {
  const path = await vi.importActual<typeof import('node:path')>('node:path')
  return { ...path.win32, default: path.win32 }
})

const { autostartPath } = await import('./autostart-entry')

describe('the Linux autostart path, computed on the Windows unit-test runner', () => {
  it('is what autostart-entry.test.ts expects there too', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/home/ana/.cfg' }, '/home/ana')).toBe(
      '/home/ana/.cfg/autostart/operately-tray.desktop',
    )
    expect(autostartPath({}, '/home/ana')).toBe('/home/ana/.config/autostart/operately-tray.desktop')
  })
})
