import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseRegQueryOutput, registryValueData } from './registry'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

describe('parseRegQueryOutput', () => {
  it('reads the values of the key asked for, not of its subkeys', () => {
    expect(parseRegQueryOutput(fixture('reg-query-hklm.txt'))).toEqual([
      { name: 'ServerUrl', type: 'REG_SZ', data: 'https://operately.acme.example' },
      { name: 'LockServerUrl', type: 'REG_DWORD', data: '0x1' },
      { name: 'AutoUpdate', type: 'REG_DWORD', data: '0x0' },
      { name: 'UpdateFeedUrl', type: 'REG_SZ', data: 'https://updates.acme.example/operately-tray' },
      { name: 'GlobalShortcut', type: 'REG_SZ', data: 'Ctrl+Alt+O' },
    ])
  })

  it('keeps names with spaces, empty strings and the default value', () => {
    const output = [
      '',
      'HKEY_CURRENT_USER\\SOFTWARE\\Policies\\OperatelyTray',
      '    (Default)    REG_SZ    ignored',
      '    Global Shortcut    REG_SZ    Ctrl+Alt+O',
      '    GlobalShortcut    REG_SZ    ',
      '    Reminders    REG_DWORD    0x0',
      '',
    ].join('\n')
    expect(parseRegQueryOutput(output)).toEqual([
      { name: '', type: 'REG_SZ', data: 'ignored' },
      { name: 'Global Shortcut', type: 'REG_SZ', data: 'Ctrl+Alt+O' },
      { name: 'GlobalShortcut', type: 'REG_SZ', data: '' },
      { name: 'Reminders', type: 'REG_DWORD', data: '0x0' },
    ])
  })

  it('finds nothing in an error message or an empty key', () => {
    expect(
      parseRegQueryOutput('ERROR: The system was unable to find the specified registry key or value.'),
    ).toEqual([])
    expect(parseRegQueryOutput('\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\OperatelyTray\r\n\r\n')).toEqual(
      [],
    )
  })
})

describe('registryValueData', () => {
  it('turns DWORDs into numbers and strings into text', () => {
    expect(registryValueData({ name: 'A', type: 'REG_DWORD', data: '0x1' })).toBe(1)
    expect(registryValueData({ name: 'A', type: 'REG_DWORD', data: '0xffffffff' })).toBe(4294967295)
    expect(registryValueData({ name: 'A', type: 'REG_SZ', data: '1' })).toBe('1')
    expect(registryValueData({ name: 'A', type: 'REG_EXPAND_SZ', data: '%APPDATA%' })).toBe('%APPDATA%')
  })

  it('keeps other types recognisably wrong', () => {
    expect(registryValueData({ name: 'A', type: 'REG_BINARY', data: '01' })).toEqual({
      registryType: 'REG_BINARY',
    })
  })
})
