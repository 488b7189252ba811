import { describe, expect, it } from 'vitest'
import { macLocale, macNumberSettings, noNumberSettings, windowsNumberSettings } from './number-settings'

/** `reg query "HKCU\Control Panel\International"` as reg.exe prints it: CRLF, a blank line, subkeys last. */
const regOutput = (values: Record<string, string>) =>
  [
    '',
    'HKEY_CURRENT_USER\\Control Panel\\International',
    '    Locale    REG_SZ    00000407',
    '    LocaleName    REG_SZ    de-DE',
    '    s1159    REG_SZ    ',
    ...Object.entries(values).map(([name, data]) => `    ${name}    REG_SZ    ${data}`),
    '    sNativeDigits    REG_SZ    0123456789',
    '',
    'HKEY_CURRENT_USER\\Control Panel\\International\\Geo',
    'HKEY_CURRENT_USER\\Control Panel\\International\\User Profile',
    '',
  ].join('\r\n')

describe('Windows regional settings', () => {
  it('reads the decimal sign and separator the person set', () => {
    expect(windowsNumberSettings(regOutput({ sDecimal: '.', sThousand: ',' }))).toEqual({
      decimal: '.',
      group: ',',
      digits: null,
    })
  })

  it('keeps a no-break space separator (France), which trimming the line would lose', () => {
    expect(windowsNumberSettings(regOutput({ sDecimal: ',', sThousand: '\u00a0' }))).toEqual({
      decimal: ',',
      group: '\u00a0',
      digits: null,
    })
    expect(windowsNumberSettings(regOutput({ sDecimal: ',', sThousand: '' })).group).toBe('')
  })

  it('reads digit substitution: 1 never the locale’s digits, 2 always, 0 as the context says', () => {
    const digits = (values: Record<string, string>) =>
      windowsNumberSettings(regOutput({ sDecimal: '.', sThousand: ',', ...values })).digits
    expect(digits({ iDigitSubst: '1' })).toBe('latin')
    expect(digits({ iDigitSubst: '2' })).toBe('native')
    expect(digits({ iDigitSubst: '0' })).toBeNull()
    expect(digits({ NumShape: '2' })).toBe('native')
    expect(digits({})).toBeNull()
  })

  it('falls back to the locale for a missing, garbled or impossible sign', () => {
    expect(windowsNumberSettings(regOutput({}))).toEqual(noNumberSettings)
    expect(windowsNumberSettings('')).toEqual(noNumberSettings)
    // A no-break space printed in the OEM code page and read as UTF-8.
    expect(windowsNumberSettings(regOutput({ sDecimal: ',', sThousand: '\ufffd' }))).toEqual({
      decimal: ',',
      group: null,
      digits: null,
    })
    expect(windowsNumberSettings(regOutput({ sDecimal: '5', sThousand: ',' }))).toEqual(noNumberSettings)
    expect(windowsNumberSettings(regOutput({ sDecimal: ' ', sThousand: ',' }))).toEqual(noNumberSettings)
    expect(windowsNumberSettings(regOutput({ sDecimal: 'decimal', sThousand: ',' }))).toEqual(
      noNumberSettings,
    )
    // The same sign for both would make every number two: the separator goes.
    expect(windowsNumberSettings(regOutput({ sDecimal: ',', sThousand: ',' }))).toEqual({
      decimal: ',',
      group: null,
      digits: null,
    })
  })
})

describe('macOS number settings', () => {
  /** `defaults read -g AppleICUNumberSymbols` as it prints it. */
  const symbols = (zero: string, one: string) =>
    `{\n    0 = ${zero};\n    1 = ${one};\n    10 = ${zero};\n    17 = ${one};\n}\n`

  it('reads symbol 0 as the decimal sign and 1 as the separator, quoted or not, with \\U escapes', () => {
    expect(macNumberSettings(symbols('"."', '"\\U2019"'))).toEqual({
      decimal: '.',
      group: '\u2019',
      digits: null,
    })
    expect(macNumberSettings(symbols('","', '"."'))).toEqual({ decimal: ',', group: '.', digits: null })
    expect(macNumberSettings(symbols('","', '"\\U202f"'))).toEqual({
      decimal: ',',
      group: '\u202f',
      digits: null,
    })
    expect(macNumberSettings(symbols('x', '" "'))).toEqual({ decimal: 'x', group: ' ', digits: null })
  })

  it('falls back to the locale when the default is missing or garbled', () => {
    expect(macNumberSettings('')).toEqual(noNumberSettings)
    expect(macNumberSettings('{\n    1 = ".";\n}\n')).toEqual(noNumberSettings)
    expect(macNumberSettings(symbols('"7"', '","'))).toEqual(noNumberSettings)
    expect(macNumberSettings(symbols('"unterminated', '","'))).toEqual(noNumberSettings)
  })

  it('reads AppleLocale as a locale tag, with the region override winning', () => {
    expect(macLocale('de_CH\n')).toBe('de-CH')
    expect(macLocale('en_US@rg=chzzzz\n')).toBe('en-CH')
    expect(macLocale('zh-Hans_CN\n')).toBe('zh-Hans-CN')
    expect(macLocale('\n')).toBeNull()
    expect(macLocale('not a locale!')).toBeNull()
  })
})
