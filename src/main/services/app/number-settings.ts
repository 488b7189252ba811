import type { NumberSettings } from '@shared/domain/number-settings'
import { parseRegQueryOutput } from '../policy/registry'

/**
 * The person's own number settings, from what the OS tools print: `reg query "HKCU\Control Panel\
 * International"` on Windows, `defaults read -g AppleICUNumberSymbols` and `defaults read -g AppleLocale`
 * on macOS. Pure, so it is tested with recorded output instead of either OS; the shell runs the tools.
 */

export const windowsInternationalKey = 'HKCU\\Control Panel\\International'

/**
 * A sign that can separate digits: short, neither a digit nor a control character, and not U+FFFD (what
 * is left of a sign printed in another code page than the one it was read in).
 */
const isSign = (text: string, maxLength: number, mayBeEmpty: boolean): boolean =>
  (mayBeEmpty || text.length > 0) && [...text].length <= maxLength && !/[\p{Nd}\p{Cc}\ufffd]/u.test(text)

/**
 * The decimal sign and separator, each kept only when it is a sign at all and they differ (a decimal sign
 * that is also the separator would make every number two): otherwise the locale decides both.
 */
function signs(decimal: string | null, group: string | null): Pick<NumberSettings, 'decimal' | 'group'> {
  const okDecimal = decimal !== null && isSign(decimal, 3, false) && decimal.trim() !== ''
  const okGroup = group !== null && isSign(group, 3, true)
  if (!okDecimal) return { decimal: null, group: null }
  if (!okGroup || group === decimal) return { decimal, group: null }
  return { decimal, group }
}

/**
 * `sDecimal`, `sThousand`, and the digits from `iDigitSubst` (0 as the context says, 1 never the locale's
 * own, 2 always) or, where the person set no substitution, `NumShape` (the same numbers).
 */
export function windowsNumberSettings(regOutput: string): NumberSettings {
  const values = new Map(
    parseRegQueryOutput(regOutput)
      .filter((value) => value.type === 'REG_SZ')
      .map((value) => [value.name.toLowerCase(), value.data]),
  )
  // The separators read again untrimmed: France's is a no-break space, which a trimmed line loses.
  for (const line of regOutput.split(/\r?\n/)) {
    const sign = /^ {4}(sDecimal|sThousand) {4}REG_SZ {4}(.*)$/iu.exec(line)
    if (sign) values.set(sign[1]!.toLowerCase(), sign[2]!)
  }
  const shape = values.get('idigitsubst') ?? values.get('numshape')
  const digits = shape === '1' ? 'latin' : shape === '2' ? 'native' : null
  return { ...signs(values.get('sdecimal') ?? null, values.get('sthousand') ?? null), digits }
}

/** A value as `defaults` prints it in a dictionary: quoted with backslash escapes (`"\U2019"`), or bare. */
function unquote(raw: string): string | null {
  const text = raw.trim()
  if (!text.startsWith('"')) return text
  if (text.length < 2 || !text.endsWith('"')) return null
  return text
    .slice(1, -1)
    .replace(/\\U([0-9a-fA-F]{4})|\\(.)/gu, (_, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (char ?? ''),
    )
}

/**
 * `AppleICUNumberSymbols` as `defaults read -g` prints it: a dictionary of ICU number symbols by index, of
 * which 0 is the decimal sign and 1 the grouping separator (`0 = ",";` `1 = "\U2019";`).
 */
export function macNumberSettings(defaultsOutput: string): NumberSettings {
  const symbols = new Map<string, string | null>()
  for (const line of defaultsOutput.split(/\r?\n/)) {
    const match = /^\s*"?(\d+)"?\s*=\s*(.*);\s*$/u.exec(line)
    if (match) symbols.set(match[1]!, unquote(match[2]!))
  }
  return { ...signs(symbols.get('0') ?? null, symbols.get('1') ?? null), digits: null }
}

/**
 * `AppleLocale` (`de_CH`, `en_US@rg=chzzzz` for English with Switzerland's formats) as a locale tag for
 * numbers: the region override wins, as it does for macOS's own formats. Null when it is no locale.
 */
export function macLocale(defaultsOutput: string): string | null {
  const [base = '', keywords = ''] = defaultsOutput.trim().split('@')
  const region = /(?:^|;)rg=([a-z]{2})z{4}(?:;|$)/iu.exec(keywords)?.[1]
  try {
    const tag = new Intl.Locale(base.replace(/_/g, '-'))
    const withRegion = region ? new Intl.Locale(tag.language, { script: tag.script, region }) : tag
    return withRegion.toString()
  } catch {
    return null
  }
}

export const noNumberSettings: NumberSettings = { decimal: null, group: null, digits: null }

/** Where main gets them: the shell's readers (shell/number-settings-source.ts), fakes in tests. */
export interface NumberSettingsSource {
  settings: () => Promise<NumberSettings>
  /** The locale macOS formats in (AppleLocale, with its region override); null elsewhere. */
  locale: () => Promise<string | null>
}
