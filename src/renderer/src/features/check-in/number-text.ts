/**
 * Numbers as people type them into a target: with the thousands separators and the decimal sign of their
 * locale (`1,200.5` in en-US, `1.200,5` in de-DE, `1 200,5` in fr-FR, `12,34,567` in en-IN), in the
 * locale's own digits (`١٬٢٠٠٫٥` in ar-EG, `१२,३४,५६७` in mr-IN) or full-width ones (`１，２００` from a
 * Japanese input method), with the target's unit, a percent or a currency sign or code typed along
 * (`R$ 1.200,50`, `USD 1,200`), or in accounting parentheses. Pure, so every rule is tested in every locale
 * without a browser.
 *
 * Only one shape has two honest readings: a single `.` or `,` followed by exactly three digits, after one
 * to three digits (`1,200`, `1.200`). When that mark is the locale's thousands separator, the locale
 * settles it (`1,200` is 1200 in en-US). When it is the locale's decimal sign, or a sign the locale does
 * not use at all, people from either convention write it, so the reader asks instead of guessing
 * ("Did you mean 1,200 or 1.2?"). Everything else has at most one reading, whatever the locale.
 */

import { currencyFitsUnit, localeCurrencies, writesAccountingParentheses } from './currency-text'
import { localeTag, type NumberLocale } from './number-conventions'
import { plainText } from './plain-digits'

export type NumberReading =
  | { kind: 'number'; value: number }
  /** Two readings: the first with the mark as a thousands separator, the second as a decimal sign. */
  | { kind: 'ambiguous'; grouped: number; decimal: number }
  /**
   * Not a number to send: `sign` is a `%` or currency sign typed on a target counted in something else;
   * `tooLarge`, a number beyond what a float carries exactly; `parentheses`, a negative written `(1,200)`
   * in a locale that does not write negatives so.
   */
  | { kind: 'invalid'; sign?: string; tooLarge?: true; parentheses?: true }

/** A space-like or apostrophe thousands separator (the Arabic one too); never a decimal sign anywhere. */
const SPACER = /^[\s\u00a0\u2009\u202f'’_\u066c]$/u
/** The Arabic decimal sign: a decimal sign and nothing else, so it never raises a question. */
const ARABIC_DECIMAL = '\u066b'
/** `certain`: a mark that can only be a decimal sign. */
type Mark = '.' | ',' | 'space' | 'certain'

const markOf = (char: string): Mark | null => {
  if (char === '.' || char === ',') return char
  if (char === ARABIC_DECIMAL) return 'certain'
  return SPACER.test(char) ? 'space' : null
}

export interface LocaleMarks {
  /** The marks the locale writes as its decimal sign, in any of its digit styles. */
  decimals: ReadonlySet<Mark>
  /** The marks the locale writes as its thousands separator, in any of its digit styles. */
  groups: ReadonlySet<Mark>
  /**
   * Signs of this locale's own that no other writes (Adlam's `⹁` thousands separator, Kashmiri's `،` with
   * Latin digits): what they are here. A sign that is a separator in one digit style and the decimal sign
   * in another is none, so it is refused rather than guessed.
   */
  own: ReadonlyMap<string, Mark>
  /** Whether the locale groups every two digits (`1 23 45 67` in Toki Pona) rather than by thousands. */
  pairs: boolean
}

const marksCache = new Map<string, LocaleMarks>()

type LocaleWithSystems = Intl.Locale & { numberingSystems?: string[]; getNumberingSystems?: () => string[] }

/**
 * The digit styles `locale` writes numbers in: its default, Latin (which every locale also writes), and any
 * other it lists as its own. Older engines list them in `numberingSystems`, newer in `getNumberingSystems()`.
 */
export function numberingSystemsOf(locale: string): string[] {
  const systems = ['latn']
  try {
    systems.unshift(new Intl.NumberFormat(locale).resolvedOptions().numberingSystem)
    const tag = new Intl.Locale(locale) as LocaleWithSystems
    systems.push(...(tag.getNumberingSystems?.() ?? tag.numberingSystems ?? []))
  } catch {
    // Not a locale Intl knows: the Latin digits alone, as en-US writes them.
  }
  return [...new Set(systems)]
}

/** The decimal sign and thousands separator of `locale` in the digit style `system`, as Intl writes them. */
function separatorsIn(locale: string, system: string): { decimal: string; group: string; pairs: boolean } {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: true, numberingSystem: system }).formatToParts(
      1234567.5,
    )
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(1234567.5)
  }
  const part = (type: string) => plainText(parts.find((p) => p.type === type)?.value ?? '')
  const integers = parts.filter((p) => p.type === 'integer')
  // 1234567 written in pairs ends in a group of two digits ("67"); by thousands, in one of three.
  const pairs = integers.length > 1 && [...plainText(integers.at(-1)!.value)].length === 2
  return { decimal: part('decimal'), group: part('group'), pairs }
}

/** The locale's decimal signs and thousands separators, as `Intl.NumberFormat` writes them in each digit style. */
export function localeMarks(locale: string): LocaleMarks {
  const known = marksCache.get(locale)
  if (known) return known
  const decimals = new Set<Mark>()
  const groups = new Set<Mark>()
  const roles = new Map<string, Set<Mark>>()
  let pairs = false
  const note = (sign: string, role: Mark, into: Set<Mark>) => {
    const mark = markOf(sign)
    if (mark !== null) into.add(mark)
    else if (sign.length === 1) roles.set(sign, (roles.get(sign) ?? new Set()).add(role))
  }
  for (const system of numberingSystemsOf(locale)) {
    const { decimal, group, pairs: inPairs } = separatorsIn(locale, system)
    pairs ||= inPairs
    note(decimal, 'certain', decimals)
    note(group, 'space', groups)
  }
  const own = new Map<string, Mark>()
  for (const [sign, found] of roles) if (found.size === 1) own.set(sign, [...found][0]!)
  for (const [sign, mark] of own) (mark === 'certain' ? decimals : groups).add(markOf(sign) ?? mark)
  const marks: LocaleMarks = { decimals, groups, own, pairs }
  marksCache.set(locale, marks)
  return marks
}

/**
 * The marks to read with: the person's own decimal sign and separator where they set them (they decide the
 * shape with two readings, as the locale's do otherwise), the locale's for the rest. A sign of several
 * characters cannot stand between two digits, so it leaves the locale's.
 */
function marksFor(numbers: NumberLocale): LocaleMarks {
  const base = localeMarks(localeTag(numbers))
  if (typeof numbers === 'string') return base
  const own = new Map(base.own)
  const single = (sign: string | null) => (sign !== null && [...sign].length === 1 ? sign : null)
  const decimal = single(numbers.decimal)
  const group = single(numbers.group)
  const as = (sign: string, role: Mark): Mark => {
    const mark = markOf(sign)
    if (mark !== null) return mark
    own.set(sign, role)
    return role
  }
  const decimals = decimal === null ? base.decimals : new Set([as(decimal, 'certain')])
  const groups = group === null ? base.groups : new Set([as(group, 'space')])
  return { decimals, groups, own, pairs: base.pairs }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The target's unit at the start or end; a unit with a digit at its edge never takes one of the number's. */
function unitPatterns(unit: string): RegExp[] {
  const text = escapeRegExp(unit)
  const notBefore = /^\d/u.test(unit) ? '(?<!\\d)' : ''
  const notAfter = /\d$/u.test(unit) ? '(?!\\d)' : ''
  return [new RegExp(`^${text}${notAfter}`, 'iu'), new RegExp(`${notBefore}${text}$`, 'iu')]
}

const SIGNS = [/^%/u, /%$/u, /^\p{Sc}/u, /\p{Sc}$/u]

interface Decorations {
  body: string
  negative: boolean
  /** `(1,200)`: a negative amount the accounting way. */
  parenthesised: boolean
  signs: string[]
}

/**
 * Takes away what may be typed around the number: the target's unit, `%`, a currency sign or code, a sign,
 * the parentheses of an accounting negative; `signs` are the `%` and currency forms taken that were not the
 * unit.
 */
function stripDecorations(text: string, unit: string | null, locale: string): Decorations {
  let body = text.trim()
  let negative = false
  let parenthesised = false
  const signs: string[] = []
  const units = unit ? unitPatterns(unit) : []
  // A few rounds: "-$1,200", "$-1,200", "1,200 $", "45 %", "(USD 1,200)".
  for (let round = 0; round < 4; round++) {
    const before = body
    if (!negative && /^[+-]/.test(body)) {
      negative = body.startsWith('-')
      body = body.slice(1).trim()
    }
    if (!negative && /^\(.*\)$/u.test(body)) {
      negative = true
      parenthesised = true
      body = body.slice(1, -1).trim()
    }
    for (const pattern of units) body = body.replace(pattern, '').trim()
    // Currency forms of letters (`USD`, `R$`, `Rs.`) only matter when letters are left once the unit is
    // gone: learning a locale's takes a few hundred milliseconds, which "120 teams" need not wait for.
    const patterns = /\p{L}/u.test(body)
      ? [localeCurrencies(locale).atStart, localeCurrencies(locale).atEnd, ...SIGNS]
      : SIGNS
    for (const pattern of patterns) {
      body = body
        .replace(pattern, (sign) => {
          signs.push(sign)
          return ''
        })
        .trim()
    }
    if (body === before) break
  }
  return { body, negative, parenthesised, signs }
}

const PERCENT_WORDS = /^(per ?cent(age)?s?|pct|pp|percentage points?)$/iu

/**
 * Whether a `%` or currency form typed along goes with the target's unit: any does on a target without
 * one; else the unit holds the sign (`%`, `k$`), names a percentage, or is that currency by its code or
 * another of its forms (`R$` on `BRL`, `USD` on `$`).
 */
function signFitsUnit(sign: string, unit: string | null, locale: string): boolean {
  if (!unit) return true
  if (unit.includes(sign)) return true
  if (sign === '%') return PERCENT_WORDS.test(unit)
  return currencyFitsUnit(sign, unit, locale)
}

/**
 * Thousands groups as written in the West (`1,234,567`) or in India (`12,34,567`), and in pairs of digits
 * (`1 23 45 67`) where the locale writes them so (Toki Pona).
 */
function isGrouping(runs: string[], pairs: boolean): boolean {
  const [first, ...rest] = runs
  if (!first || rest.length === 0 || first.startsWith('0')) return false
  const last = rest.at(-1)!
  const middle = rest.slice(0, -1)
  const western = first.length <= 3 && middle.every((run) => run.length === 3)
  const indian = first.length <= 2 && middle.every((run) => run.length === 2)
  const paired = pairs && first.length <= 2 && rest.every((run) => run.length === 2)
  return (last.length === 3 && (western || indian)) || paired
}

/** Null beyond 10^15: past 2^53 (about 9·10^15) a float no longer holds every whole number exactly. */
const toNumber = (integer: string, fraction: string, negative: boolean): number | null => {
  const value = Number(`${integer || '0'}.${fraction || '0'}`)
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return null
  return negative ? -value : value
}

/** What `text` says as a number in `locale`, for a target measured in `unit`. */
export function readNumber(text: string, numbers: NumberLocale, unit?: string | null): NumberReading {
  const locale = localeTag(numbers)
  const unitText = unit ? plainText(unit).trim() : null
  const { body, negative, parenthesised, signs } = stripDecorations(plainText(text), unitText, locale)
  const tokens = body.match(/\d+|[^\d]/gu)
  if (!tokens || !/\d/.test(body)) return { kind: 'invalid' }
  // `(1,200)` is −1200 only where the locale writes negatives so; elsewhere it is not for us to guess.
  if (parenthesised && !writesAccountingParentheses(locale)) return { kind: 'invalid', parentheses: true }
  const reading = readDigits(tokens, marksFor(numbers), negative)
  // A number, but "45%" on a target of teams: most likely 45% of the way, which is not for us to guess.
  const foreign = signs.find((sign) => !signFitsUnit(sign, unitText, locale))
  return foreign !== undefined && reading.kind !== 'invalid' ? { kind: 'invalid', sign: foreign } : reading
}

/** What the digits and marks left once the decorations are gone say, with the person's marks. */
function readDigits(tokens: string[], localeMarks: LocaleMarks, negative: boolean): NumberReading {
  const { own, pairs } = localeMarks
  const markAt = (token: string) => markOf(token) ?? own.get(token) ?? null

  const runs: string[] = []
  const marks: Mark[] = []
  for (const [i, token] of tokens.entries()) {
    if (/^\d+$/.test(token)) {
      runs.push(token)
      continue
    }
    const mark = markAt(token)
    // Only one mark between digits; a leading decimal sign (".5") and a trailing one ("12.") are fine.
    if (mark === null || (i > 0 && markAt(tokens[i - 1]!) !== null)) return { kind: 'invalid' }
    if (i === 0) runs.push('')
    marks.push(mark)
  }
  if (marks.length === runs.length) runs.push('')
  const number = (integer: string, fraction: string): NumberReading => {
    const value = toNumber(integer, fraction, negative)
    return value === null ? { kind: 'invalid', tooLarge: true } : { kind: 'number', value }
  }

  if (marks.length === 0) return number(runs[0]!, '')

  const last = marks.at(-1)!
  const groups = marks.slice(0, -1)
  const oneKind = marks.every((m) => m === last)

  // The Arabic decimal sign is the decimal sign wherever it stands: one at most, and nothing after it.
  if (groups.includes('certain')) return { kind: 'invalid' }
  if (last === 'certain' && oneKind) return number(runs[0]!, runs[1]!)

  // Several marks of one kind, or space-like ones: thousands groups, and nothing else.
  if (oneKind && (marks.length > 1 || last === 'space')) {
    return isGrouping(runs, pairs) ? number(runs.join(''), '') : { kind: 'invalid' }
  }

  // Two kinds: the last mark is the decimal sign, the others (all one kind) group the whole part.
  if (!oneKind) {
    const group = groups[0]!
    if (last === 'space' || groups.some((m) => m !== group)) return { kind: 'invalid' }
    const whole = runs.slice(0, -1)
    if (whole.length > 1 && !isGrouping(whole, pairs)) return { kind: 'invalid' }
    return number(whole.join(''), runs.at(-1)!)
  }

  // One `.` or `,`.
  const [before, after] = runs as [string, string]
  const couldGroup = after.length === 3 && before.length >= 1 && before.length <= 3 && !before.startsWith('0')
  if (!couldGroup) return number(before, after)
  const grouped = toNumber(`${before}${after}`, '', negative)!
  const decimal = toNumber(before, after, negative)!
  const { groups: groupMarks, decimals: decimalMarks } = localeMarks
  if (groupMarks.has(last) && !decimalMarks.has(last)) return { kind: 'number', value: grouped }
  return { kind: 'ambiguous', grouped, decimal }
}

/**
 * A number written the way `locale` writes it, with every decimal it has (`1,200.5`, `1.200,5`), or at
 * least `minDecimals` of them.
 */
export function formatNumberIn(value: number, numbers: NumberLocale, minDecimals = 0): string {
  const clean = Number.parseFloat(value.toPrecision(12))
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: minDecimals,
    maximumFractionDigits: Math.max(12, minDecimals),
  }
  return formatWithOwnSigns(clean, numbers, options)
}

/**
 * `value` through `Intl.NumberFormat` with `options`, in the person's locale and digits, then with their
 * own decimal and group signs in place of the locale's, so that what the app writes reads back their way.
 */
export function formatWithOwnSigns(
  value: number,
  numbers: NumberLocale,
  options: Intl.NumberFormatOptions,
): string {
  const locale = localeTag(numbers)
  const withDigits = { ...options }
  if (typeof numbers !== 'string' && numbers.digits !== null) {
    const native = numberingSystemsOf(locale).find((system) => system !== 'latn')
    withDigits.numberingSystem = numbers.digits === 'latin' ? 'latn' : (native ?? 'latn')
  }
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(locale, withDigits)
  } catch {
    format = new Intl.NumberFormat('en-US', withDigits)
  }
  if (typeof numbers === 'string') return format.format(value)
  return format
    .formatToParts(value)
    .map((part) => {
      if (part.type === 'decimal') return numbers.decimal ?? part.value
      if (part.type === 'group') return numbers.group ?? part.value
      return part.value
    })
    .join('')
}

/**
 * How to write one reading of an ambiguous number so that it reads back the same, unasked: `1,200` for
 * 1200 in en-US; a decimal with exactly three decimals gets a fourth, `0` (`1.2340`), which only a decimal
 * sign can be followed by. In the locale's own digits, as everything else the form writes.
 */
export function unambiguousText(value: number, locale: NumberLocale): string {
  const text = formatNumberIn(value, locale)
  if (readNumber(text, locale).kind !== 'ambiguous') return text
  const decimals = (String(Number.parseFloat(value.toPrecision(12))).split('.')[1] ?? '').length
  return formatNumberIn(value, locale, decimals + 1)
}

/** "Did you mean 1,200 or 1.2?", in the locale's own way of writing both. */
export function ambiguityQuestion(
  reading: Extract<NumberReading, { kind: 'ambiguous' }>,
  locale: NumberLocale,
): string {
  return `Did you mean ${formatNumberIn(reading.grouped, locale)} or ${formatNumberIn(reading.decimal, locale)}?`
}
