import { describe, expect, it } from 'vitest'
import { autostartEntry, autostartPath, execArgument } from './autostart-entry'

describe('autostartPath', () => {
  it('goes into $XDG_CONFIG_HOME/autostart, or ~/.config/autostart', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/home/ana/.cfg' }, '/home/ana')).toBe(
      '/home/ana/.cfg/autostart/operately-tray.desktop',
    )
    expect(autostartPath({}, '/home/ana')).toBe('/home/ana/.config/autostart/operately-tray.desktop')
    // A relative XDG_CONFIG_HOME is invalid by the specification and ignored.
    expect(autostartPath({ XDG_CONFIG_HOME: 'cfg' }, '/home/ana')).toBe(
      '/home/ana/.config/autostart/operately-tray.desktop',
    )
  })
})

describe('autostartEntry', () => {
  it('starts the installed app hidden in the tray', () => {
    const entry = autostartEntry({ executable: '/opt/Operately Tray/operately-tray' })
    const lines = entry.split('\n')
    expect(lines[0]).toBe('[Desktop Entry]')
    expect(lines).toContain('Type=Application')
    expect(lines).toContain('Exec="/opt/Operately Tray/operately-tray" --hidden')
    expect(lines).toContain('X-GNOME-Autostart-enabled=true')
    expect(entry.endsWith('\n')).toBe(true)
  })

  it('leaves simple paths unquoted', () => {
    expect(autostartEntry({ executable: '/home/ana/Apps/Operately-Tray-0.1.0.AppImage' })).toContain(
      'Exec=/home/ana/Apps/Operately-Tray-0.1.0.AppImage --hidden\n',
    )
  })

  it('escapes quotes, dollars, backslashes and percent signs the way the specification requires', () => {
    expect(execArgument('/a b/"x"')).toBe('"/a b/\\\\"x\\\\""')
    expect(execArgument('/a/$HOME')).toBe('"/a/\\\\$HOME"')
    expect(execArgument('/a/100%')).toBe('/a/100%%')
    expect(execArgument('/a\\b')).toBe('"/a\\\\\\\\b"')
  })

  it('refuses a path with a line break, which would inject lines into the file', () => {
    expect(() => autostartEntry({ executable: '/tmp/x\nExec=evil' })).toThrow(/line break/)
  })
})
