import { describe, expect, it } from 'vitest'
import type { ExecFile } from './policy-sources'
import { systemNumberSettings } from './number-settings-source'

const none = { decimal: null, group: null, digits: null }

/** An exec that answers each command line with recorded output, and fails as the tool does otherwise. */
const fakeExec = (answers: Record<string, string>, calls: string[][] = []): ExecFile => {
  return async (file, args) => {
    calls.push([file, ...args])
    // The file by its last part: path.join writes the Windows path with this OS's separator.
    const answer = answers[[file.split(/[\\/]/).at(-1), ...args].join(' ')]
    if (answer === undefined) throw Object.assign(new Error('exit 1'), { code: 1 })
    return { stdout: answer }
  }
}

describe('the person’s number settings, read from the OS', () => {
  it('on Windows, asks reg.exe by its full path for HKCU\\Control Panel\\International', async () => {
    const calls: string[][] = []
    const reg = 'D:\\Win\\System32\\reg.exe'
    const output =
      '\r\nHKEY_CURRENT_USER\\Control Panel\\International\r\n    sDecimal    REG_SZ    .\r\n    sThousand    REG_SZ    ,\r\n    iDigitSubst    REG_SZ    1\r\n'
    const source = systemNumberSettings({
      platform: 'win32',
      env: { SystemRoot: 'D:\\Win' },
      execFile: fakeExec({ ['reg.exe query HKCU\\Control Panel\\International']: output }, calls),
    })
    expect(await source.settings()).toEqual({ decimal: '.', group: ',', digits: 'latin' })
    expect(await source.locale()).toBeNull()
    expect(calls[0]?.[0]?.replace(/\//g, '\\')).toBe(reg)
  })

  it('on macOS, asks defaults for AppleICUNumberSymbols and AppleLocale', async () => {
    const calls: string[][] = []
    const source = systemNumberSettings({
      platform: 'darwin',
      execFile: fakeExec(
        {
          'defaults read -g AppleICUNumberSymbols': '{\n    0 = ".";\n    1 = "\\U2019";\n}\n',
          'defaults read -g AppleLocale': 'en_US@rg=chzzzz\n',
        },
        calls,
      ),
    })
    expect(await source.settings()).toEqual({ decimal: '.', group: '\u2019', digits: null })
    expect(await source.locale()).toBe('en-CH')
    expect(calls.map(([file]) => file)).toEqual(['/usr/bin/defaults', '/usr/bin/defaults'])
  })

  it('gives no settings where the tool fails (a default never set), so the locale decides', async () => {
    const mac = systemNumberSettings({ platform: 'darwin', execFile: fakeExec({}) })
    expect(await mac.settings()).toEqual(none)
    expect(await mac.locale()).toBeNull()
    const windows = systemNumberSettings({ platform: 'win32', env: {}, execFile: fakeExec({}) })
    expect(await windows.settings()).toEqual(none)
  })

  it('asks nothing on Linux, where there is no such setting apart from the locale', async () => {
    const calls: string[][] = []
    const linux = systemNumberSettings({ platform: 'linux', execFile: fakeExec({}, calls) })
    expect(await linux.settings()).toEqual(none)
    expect(await linux.locale()).toBeNull()
    expect(calls).toEqual([])
  })
})
