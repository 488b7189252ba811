import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { NumberLocale } from './number-conventions'
import { readNumber } from './number-text'

/**
 * Every number a locale writes reads back as itself, or as a question with itself among the answers, never
 * as another number: `Intl.NumberFormat` is the oracle, for every locale this engine formats numbers in
 * (the ones an OS can report), in each grouping (`true`, `false`, `'min2'`) and digit style (the locale's
 * own, Latin, and any other it offers), with and without decimals.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** Every language subtag of two or three letters the engine has number data for. */
function languages(): string[] {
  const candidates: string[] = []
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      candidates.push(a + b)
      for (const c of LETTERS) candidates.push(a + b + c)
    }
  }
  return Intl.NumberFormat.supportedLocalesOf(candidates)
}

/** Every region Intl has a name for, and the tags of Latin America, Europe and the world. */
function regions(): string[] {
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' })
  const found = ['419', '150', '001']
  for (const a of LETTERS.toUpperCase()) {
    for (const b of LETTERS.toUpperCase()) if (names.of(a + b) !== undefined) found.push(a + b)
  }
  return found
}

const isTag = (tag: string): boolean => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

/** Languages written in many regions, whose numbers differ from one region to the next. */
const WIDESPREAD = [
  'en',
  'es',
  'fr',
  'ar',
  'pt',
  'de',
  'it',
  'nl',
  'ru',
  'zh',
  'ms',
  'sw',
  'ta',
  'sr',
  'ur',
  'bn',
  'pa',
]

/**
 * The locales an OS can report: each language alone, with its likely script and region, and the
 * widespread languages in every region.
 */
function allLocales(): string[] {
  const tags = new Set<string>()
  const regionList = regions()
  for (const language of languages()) {
    tags.add(language)
    const likely = new Intl.Locale(language).maximize()
    for (const tag of [likely.toString(), `${likely.language}-${likely.region ?? ''}`]) {
      if (isTag(tag)) tags.add(tag)
    }
  }
  for (const language of WIDESPREAD) for (const region of regionList) tags.add(`${language}-${region}`)
  return Intl.NumberFormat.supportedLocalesOf([...tags])
}

const GROUPINGS = [true, false, 'min2'] as const
type Grouping = (typeof GROUPINGS)[number]

const supportedSystems = new Set(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('numberingSystem') : ['latn'],
)

/** The locale's own digits, Latin ones, and any other the locale lists as its own. */
function numberingSystems(locale: string): string[] {
  const own = new Intl.NumberFormat(locale).resolvedOptions().numberingSystem
  const listed =
    (new Intl.Locale(locale) as Intl.Locale & { numberingSystems?: string[] }).numberingSystems ?? []
  return [...new Set([own, 'latn', ...listed])].filter((system) => supportedSystems.has(system))
}

const format = (locale: string, system: string, useGrouping: Grouping, digits: number) =>
  new Intl.NumberFormat(locale, {
    numberingSystem: system,
    useGrouping,
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  })

/**
 * Two locales that write every number the same way (the same signs, groups, digits) test the same thing:
 * one of each, so that every distinct way of writing gets many runs.
 */
function oneLocalePerWriting(locales: readonly string[]): string[] {
  const seen = new Map<string, string>()
  for (const locale of locales) {
    const systems = numberingSystems(locale)
    const key = systems
      .flatMap((system) =>
        GROUPINGS.map((grouping) =>
          [-12345678.5, 1234, 12345].map((n) => format(locale, system, grouping, 3).format(n)).join(' '),
        ),
      )
      .join('|')
    if (!seen.has(key)) seen.set(key, locale)
  }
  return [...seen.values()]
}

const locales = allLocales()
const writings = oneLocalePerWriting(locales)

/** Whole numbers and decimals of up to 3 places below 10^15, small ones (where `1,200` lives) often. */
const decimalNumber = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: -9999, max: 9999 }),
      fc.integer({ min: -9_999_999, max: 9_999_999 }),
      fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }),
    ),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([scaled, places]) => ({ value: scaled / 10 ** places, places }))
  .filter(({ value }) => Math.abs(value) < 1e15)

const SEED = 24_2026

/** What the reader makes of `text`: the number itself, or a question with it among the answers. */
function readsAsItself(text: string, locale: NumberLocale, value: number): boolean {
  const reading = readNumber(text, locale)
  if (reading.kind === 'number') return Object.is(reading.value + 0, value + 0)
  if (reading.kind === 'ambiguous') return reading.grouped === value || reading.decimal === value
  return false
}

describe('every number a locale writes reads back as itself, or is asked about', () => {
  it('covers the locales an OS reports and their distinct ways of writing numbers', () => {
    // Guards the breadth the property claims: a runtime without full ICU would shrink both to a handful.
    expect(locales.length).toBeGreaterThan(1000)
    expect(writings.length).toBeGreaterThan(20)
  })

  it('in each distinct way of writing, in every grouping and digit style, with and without decimals', () => {
    for (const [index, locale] of writings.entries()) {
      const systems = numberingSystems(locale)
      fc.assert(
        fc.property(
          decimalNumber,
          fc.constantFrom(...GROUPINGS),
          fc.constantFrom(...systems),
          ({ value, places }, grouping, system) => {
            const text = format(locale, system, grouping, places).format(value)
            expect(readsAsItself(text, locale, value), `${JSON.stringify(text)} in ${locale}`).toBe(true)
          },
        ),
        { seed: SEED + index, numRuns: 600 },
      )
    }
  })

  it('in any of the locales, read in that locale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        decimalNumber,
        fc.constantFrom(...GROUPINGS),
        fc.boolean(),
        (locale, { value, places }, grouping, latin) => {
          const system = latin ? 'latn' : new Intl.NumberFormat(locale).resolvedOptions().numberingSystem
          const text = format(locale, system, grouping, places).format(value)
          expect(readsAsItself(text, locale, value), `${JSON.stringify(text)} in ${locale}`).toBe(true)
        },
      ),
      { seed: SEED, numRuns: 12_000 },
    )
  })

  it('with the decimal sign and separator the person set in the OS in place of the locale’s', () => {
    const settings = fc
      .tuple(
        fc.constantFrom('.', ',', '\u00b7', '\u066b'),
        fc.constantFrom(',', '.', ' ', "'", '\u2019', '\u202f', '\u00a0', ''),
      )
      .filter(([decimal, group]) => decimal !== group)
    fc.assert(
      fc.property(
        fc.constantFrom(...writings),
        settings,
        decimalNumber,
        fc.constantFrom(...GROUPINGS),
        fc.boolean(),
        (locale, [decimal, group], { value, places }, grouping, latin) => {
          const system = latin ? 'latn' : new Intl.NumberFormat(locale).resolvedOptions().numberingSystem
          // What the OS writes with those settings: the locale's number, with the person's signs in it.
          const text = format(locale, system, grouping, places)
            .formatToParts(value)
            .map((part) => (part.type === 'decimal' ? decimal : part.type === 'group' ? group : part.value))
            .join('')
          const numbers: NumberLocale = { locale, decimal, group, digits: null }
          expect(readsAsItself(text, numbers, value), `${JSON.stringify(text)} in ${locale}`).toBe(true)
        },
      ),
      { seed: SEED, numRuns: 5000 },
    )
  })
})
