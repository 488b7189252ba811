import { plainText } from './plain-digits'

/**
 * Currencies as people type them beside a number: the ISO code (`USD 1,200`, `CHF 1'200`), the symbols
 * Intl writes in the person's locale and in English (`R$`, `US$`, `kr`, `zł`), and the rupee's customary
 * `Rs.` (`Rs. 1,00,000`), which Intl writes only as `Rs` or `₹`. Knowing them lets the reader take one
 * away on a target counted in that currency and name it when the target is counted in something else.
 */

/** Written for rupees by hand and on receipts all over South Asia, though Intl never writes the dot. */
const CUSTOMARY: Readonly<Record<string, readonly string[]>> = {
  INR: ['Rs', 'Rs.', '₨'],
  PKR: ['Rs', 'Rs.', '₨'],
  LKR: ['Rs', 'Rs.', '₨'],
  NPR: ['Rs', 'Rs.', '₨'],
}

let codesCache: ReadonlySet<string> | null = null

/** Every ISO 4217 code this engine formats. */
export function currencyCodes(): ReadonlySet<string> {
  codesCache ??= new Set(Intl.supportedValuesOf('currency'))
  return codesCache
}

const DISPLAYS = ['symbol', 'narrowSymbol', 'code'] as const

function formsIn(code: string, locale: string): string[] {
  return DISPLAYS.map((currencyDisplay) => {
    try {
      const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay })
      return plainText(parts.formatToParts(1).find((part) => part.type === 'currency')?.value ?? '').trim()
    } catch {
      return ''
    }
  })
}

/** How `code` is written in `locale` and in English, with its customary forms: `BRL` → `R$`, `BRL`. */
export function currencyForms(code: string, locale: string): ReadonlySet<string> {
  const upper = code.toUpperCase()
  return new Set(
    [upper, ...formsIn(upper, locale), ...formsIn(upper, 'en-US'), ...(CUSTOMARY[upper] ?? [])].filter(
      (form) => form !== '',
    ),
  )
}

interface LocaleCurrencies {
  /** Each form written in this locale or in English, with the currencies written so (`$`: USD, ARS…). */
  codesOf: ReadonlyMap<string, readonly string[]>
  /** Any of those forms, the longest first, at the start or at the end of the text. */
  atStart: RegExp
  atEnd: RegExp
}

const localeCache = new Map<string, LocaleCurrencies>()
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** All the currency forms of `locale` (about 40 ms the first time, so only read when text has letters). */
export function localeCurrencies(locale: string): LocaleCurrencies {
  const known = localeCache.get(locale)
  if (known) return known
  const codesOf = new Map<string, string[]>()
  for (const code of currencyCodes()) {
    for (const form of currencyForms(code, locale)) codesOf.set(form, [...(codesOf.get(form) ?? []), code])
  }
  const alternatives = [...codesOf.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')
  // A form of letters is a word of its own: `kr` is not the end of `12 apples kr`… nor `R` the start of `Rs`.
  const found: LocaleCurrencies = {
    codesOf,
    atStart: new RegExp(`^(?:${alternatives})(?!\\p{L})`, 'u'),
    atEnd: new RegExp(`(?<!\\p{L})(?:${alternatives})$`, 'u'),
  }
  localeCache.set(locale, found)
  return found
}

/**
 * Whether the currency form `sign` goes with a target whose unit is `unit`: the unit is the code of a
 * currency written so (`R$` on `BRL`), or another form of it (`USD` on `$`).
 */
export function currencyFitsUnit(sign: string, unit: string, locale: string): boolean {
  const codes = localeCurrencies(locale).codesOf.get(sign) ?? []
  return codes.some((code) => code === unit.toUpperCase() || currencyForms(code, locale).has(unit))
}

const accountingCache = new Map<string, boolean>()

/**
 * Whether `locale` writes a negative amount in parentheses, `($1,200.00)` in en-US and `(1 200,00 €)` in
 * fr-FR, where de-DE writes `-1.200,00 €`: only there is `(1,200)` a way to write −1200.
 */
export function writesAccountingParentheses(locale: string): boolean {
  const known = accountingCache.get(locale)
  if (known !== undefined) return known
  let parentheses = false
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencySign: 'accounting',
    })
    parentheses = format.formatToParts(-1).some((part) => part.type === 'literal' && part.value.includes('('))
  } catch {
    parentheses = false
  }
  accountingCache.set(locale, parentheses)
  return parentheses
}
