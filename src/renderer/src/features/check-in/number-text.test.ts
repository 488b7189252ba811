import { describe, expect, it } from 'vitest'
import {
  ambiguityQuestion,
  formatNumberIn,
  readNumber,
  unambiguousText,
  type NumberReading,
} from './number-text'
import { numberLocaleFrom } from './number-conventions'

const value = (v: number): NumberReading => ({ kind: 'number', value: v })
const ask = (grouped: number, decimal: number): NumberReading => ({ kind: 'ambiguous', grouped, decimal })
const invalid: NumberReading = { kind: 'invalid' }

describe('numbers as people type them in en-US', () => {
  it.each([
    ['42', 42],
    ['1,200', 1200],
    ['12,500', 12500],
    ['1,234,567.25', 1234567.25],
    ['1 200', 1200],
    ['-3.5', -3.5],
    ['−3.5', -3.5],
    ['.5', 0.5],
    ['0.125', 0.125],
    ['3.14159', 3.14159],
    ['12.', 12],
    // The other convention, where it has one reading only.
    ['1.200,5', 1200.5],
    ['12,5', 12.5],
    ['1,2345', 1.2345],
  ])('reads %j as %d', (text, expected) => expect(readNumber(text, 'en-US')).toEqual(value(expected)))

  it('asks about a decimal point followed by exactly three digits: people from comma countries write 1.200', () => {
    expect(readNumber('1.200', 'en-US')).toEqual(ask(1200, 1.2))
    expect(readNumber('3.141', 'en-US')).toEqual(ask(3141, 3.141))
    expect(readNumber('-12.500', 'en-US')).toEqual(ask(-12500, -12.5))
  })

  it('asks in words the person reads: "Did you mean 1,200 or 1.2?"', () => {
    const reading = readNumber('1.200', 'en-US')
    if (reading.kind !== 'ambiguous') throw new Error('expected a question')
    expect(ambiguityQuestion(reading, 'en-US')).toBe('Did you mean 1,200 or 1.2?')
  })

  it.each([
    '',
    'abc',
    '12abc',
    '1.2.3',
    '--1',
    '1e5',
    'NaN',
    'Infinity',
    '1,2,3',
    '1,20,0',
    '1..2',
    '1,.2',
    '12 5,5 5',
  ])('refuses %j', (text) => expect(readNumber(text, 'en-US')).toEqual(invalid))
})

describe('numbers as people type them in de-DE', () => {
  it.each([
    ['1.200', 1200],
    ['12.500', 12500],
    ['1.200,5', 1200.5],
    ['1.234.567,25', 1234567.25],
    ['3,5', 3.5],
    ['0,125', 0.125],
    ['1 200', 1200],
    // Written the English way, with one reading only.
    ['1,200.5', 1200.5],
    ['2.9', 2.9],
  ])('reads %j as %d', (text, expected) => expect(readNumber(text, 'de-DE')).toEqual(value(expected)))

  it('asks about a decimal comma followed by exactly three digits', () => {
    expect(readNumber('1,200', 'de-DE')).toEqual(ask(1200, 1.2))
    const reading = readNumber('1,200', 'de-DE')
    if (reading.kind !== 'ambiguous') throw new Error('expected a question')
    expect(ambiguityQuestion(reading, 'de-DE')).toBe('Did you mean 1.200 or 1,2?')
  })
})

describe('numbers as people type them in fr-FR', () => {
  it.each([
    ['1 200', 1200],
    ['1\u202f200', 1200],
    ['1\u00a0200,5', 1200.5],
    ['1 234 567,25', 1234567.25],
    ['3,5', 3.5],
    ['12,5 %', 12.5],
  ])('reads %j as %d', (text, expected) => expect(readNumber(text, 'fr-FR')).toEqual(value(expected)))

  it('asks about a point, which French does not use, and about a comma followed by three digits', () => {
    expect(readNumber('1.200', 'fr-FR')).toEqual(ask(1200, 1.2))
    expect(readNumber('1,200', 'fr-FR')).toEqual(ask(1200, 1.2))
    const reading = readNumber('1.200', 'fr-FR')
    if (reading.kind !== 'ambiguous') throw new Error('expected a question')
    expect(ambiguityQuestion(reading, 'fr-FR')).toBe('Did you mean 1\u202f200 or 1,2?')
  })
})

describe('numbers as people type them in en-IN', () => {
  it.each([
    ['12,34,567', 1234567],
    ['12,34,567.5', 1234567.5],
    ['1,00,000', 100000],
    ['1,200', 1200],
    // Western grouping is understood too.
    ['1,234,567', 1234567],
  ])('reads %j as %d', (text, expected) => expect(readNumber(text, 'en-IN')).toEqual(value(expected)))

  it('asks about a decimal point followed by exactly three digits', () => {
    expect(readNumber('1.200', 'en-IN')).toEqual(ask(1200, 1.2))
  })

  it('refuses groups that are neither Indian nor Western', () => {
    expect(readNumber('1,2345,678', 'en-IN')).toEqual(invalid)
    expect(readNumber('123,45,678', 'en-IN')).toEqual(invalid)
  })
})

describe('units, percent and currency signs typed along', () => {
  it('takes away the target’s unit, wherever it is typed and however it is capitalised', () => {
    expect(readNumber('2,900 ms', 'en-US', 'ms')).toEqual(value(2900))
    expect(readNumber('120 Teams', 'en-US', 'teams')).toEqual(value(120))
    expect(readNumber('$1,200', 'en-US', '$')).toEqual(value(1200))
  })

  it('takes away percent and currency signs, before or after, with a sign in either place', () => {
    expect(readNumber('45%', 'en-US')).toEqual(value(45))
    expect(readNumber('45 %', 'fr-FR')).toEqual(value(45))
    expect(readNumber('-$1,200', 'en-US')).toEqual(value(-1200))
    expect(readNumber('$-1,200', 'en-US')).toEqual(value(-1200))
    expect(readNumber('1.200,50 €', 'de-DE')).toEqual(value(1200.5))
  })

  it('refuses other words', () => {
    expect(readNumber('12 apples', 'en-US', 'teams')).toEqual(invalid)
    expect(readNumber('ms', 'en-US', 'ms')).toEqual(invalid)
  })

  it('never takes a digit of the number with a unit that begins or ends with one', () => {
    expect(readNumber('12', 'en-US', '2')).toEqual(value(12))
    expect(readNumber('12 2', 'en-US', '2')).toEqual(value(12))
    expect(readNumber('40 2FA users', 'en-US', '2FA users')).toEqual(value(40))
    // 40 and "2FA users", or 402 and "FA users": not for the reader to guess.
    expect(readNumber('402FA users', 'en-US', '2FA users')).toEqual(invalid)
    expect(readNumber('5m2', 'en-US', 'm2')).toEqual(value(5))
    expect(readNumber('1,200 k,m', 'en-US', 'k,m')).toEqual(value(1200))
  })

  it('refuses a % or currency sign on a target counted in something else, naming the sign', () => {
    // "45%" on a target of 40 → 120 teams is most likely 45% of the way, not 45 teams.
    expect(readNumber('45%', 'en-US', 'teams')).toEqual({ kind: 'invalid', sign: '%' })
    expect(readNumber('$1,200', 'en-US', 'teams')).toEqual({ kind: 'invalid', sign: '$' })
    expect(readNumber('€1,200', 'en-US', 'USD')).toEqual({ kind: 'invalid', sign: '€' })
    expect(readNumber('45 %', 'en-US', '$')).toEqual({ kind: 'invalid', sign: '%' })
  })

  it('takes a % or currency sign that goes with the unit, and any on a target without a unit', () => {
    expect(readNumber('45%', 'en-US', '%')).toEqual(value(45))
    expect(readNumber('45 %', 'fr-FR', 'percent')).toEqual(value(45))
    expect(readNumber('45%', 'en-US', 'pct')).toEqual(value(45))
    expect(readNumber('$1,200', 'en-US', 'USD')).toEqual(value(1200))
    expect(readNumber('1.200 €', 'de-DE', 'EUR')).toEqual(value(1200))
    expect(readNumber('1,200 $', 'en-US', 'k$')).toEqual(value(1200))
    expect(readNumber('45%', 'en-US', null)).toEqual(value(45))
    expect(readNumber('-$1,200', 'en-US', '')).toEqual(value(-1200))
  })
})

describe('numbers too large to send exactly', () => {
  it('says so, rather than that it is not a number', () => {
    expect(readNumber('1,000,000,000,000,000', 'en-US')).toEqual({ kind: 'invalid', tooLarge: true })
    expect(readNumber('9'.repeat(400), 'en-US')).toEqual({ kind: 'invalid', tooLarge: true })
    expect(readNumber('999,999,999,999,999', 'en-US')).toEqual(value(999999999999999))
  })
})

describe('answering the question', () => {
  it.each(['en-US', 'de-DE', 'fr-FR', 'en-IN'])(
    'writes each reading so that %s reads it back unasked',
    (locale) => {
      for (const [grouped, decimal] of [
        [1200, 1.2],
        [3141, 3.141],
        [-12500, -12.5],
      ] as const) {
        expect(readNumber(unambiguousText(grouped, locale), locale)).toEqual(value(grouped))
        expect(readNumber(unambiguousText(decimal, locale), locale)).toEqual(value(decimal))
      }
    },
  )

  it('writes numbers the locale’s way, without float noise', () => {
    expect(formatNumberIn(0.1 + 0.2, 'en-US')).toBe('0.3')
    expect(formatNumberIn(1234.5, 'de-DE')).toBe('1.234,5')
    expect(formatNumberIn(1234567, 'en-IN')).toBe('12,34,567')
  })
})

describe('numbers in the digits and signs the locale itself writes', () => {
  // The form writes current values, the question's answers and the error's example with Intl, which uses
  // the locale's own digits (Arabic-Indic, Persian, Devanagari, Bengali…), its own decimal and thousands
  // signs and, for negative numbers, invisible direction marks: all of it must read back.
  it.each([
    ['١٢٠٠', 'ar-EG', 1200],
    ['١٬٢٠٠', 'ar-EG', 1200],
    ['٣٫٥', 'ar-EG', 3.5],
    // The Arabic decimal sign is never a thousands separator: nothing to ask.
    ['١٫٢٠٠', 'ar-EG', 1.2],
    ['٤٥٪', 'ar-EG', 45],
    ['\u061c-١٢٬٥٠٠', 'ar-EG', -12500],
    ['۱٬۲۰۰', 'fa-IR', 1200],
    ['\u200e−۱۲٫۵', 'fa-IR', -12.5],
    ['१२,३४,५६७', 'mr-IN', 1234567],
    ['१२००', 'hi-IN', 1200],
    ['১,২০০.৫', 'bn-BD', 1200.5],
    ['\u200e-12,500', 'he-IL', -12500],
    ['45\u200e%\u200e', 'ar', 45],
    // A Japanese input method left in full-width mode.
    ['１，２００', 'ja-JP', 1200],
    ['５０％', 'ja-JP', 50],
    ['－３．５', 'ja-JP', -3.5],
  ])('reads %j in %s as %d', (text, locale, expected) =>
    expect(readNumber(text, locale)).toEqual(value(expected)),
  )

  it('refuses two Arabic decimal signs, and a thousands separator after one', () => {
    expect(readNumber('١٫٢٫٣', 'ar-EG')).toEqual(invalid)
    expect(readNumber('١٫٢٠٠٬٥', 'ar-EG')).toEqual(invalid)
  })

  // ff-Adlm groups thousands with a sign of its own, `⹁`.
  const locales = [
    'ar-EG',
    'ar-SA',
    'ar',
    'fa-IR',
    'he-IL',
    'ur-PK',
    'mr-IN',
    'ne-NP',
    'bn-BD',
    'my-MM',
    'ff-Adlm',
  ]
  const numbers = [1200, 1.2, 3.141, -12500, -12.5, 45, 1234567.5, 0.125]

  it.each(locales)('reads back, in %s, every number the form writes', (locale) => {
    for (const n of numbers) {
      const shown = readNumber(formatNumberIn(n, locale), locale)
      // Written as the locale writes it, a number is that number, or a question with it among the answers.
      if (shown.kind === 'ambiguous') expect([shown.grouped, shown.decimal]).toContain(n)
      else expect(shown).toEqual(value(n))
      expect(readNumber(unambiguousText(n, locale), locale)).toEqual(value(n))
    }
  })
})

describe('answers written in the locale’s own digits', () => {
  it('adds the fourth decimal in the same digits as the rest', () => {
    expect(unambiguousText(3.141, 'en-US')).toBe('3.1410')
    expect(unambiguousText(3.141, 'mr-IN')).toBe('३.१४१०')
    expect(unambiguousText(-1.234, 'de-DE')).toBe('-1,2340')
  })
})

describe('the locale numbers are read in', () => {
  it('is the one the OS writes numbers in, when the app knows it, whatever the language of the app', () => {
    // English Windows, regional format of Germany.
    expect(numberLocaleFrom('en-DE', ['en-US', 'en'])).toBe('en-DE')
  })

  it('is the page’s first language otherwise (the browser harness, or the OS did not say)', () => {
    expect(numberLocaleFrom(null, ['de-DE', 'en'])).toBe('de-DE')
    expect(numberLocaleFrom(null, [])).toBe('en-US')
  })
})

describe('signs a locale writes in only one of its digit styles (found by the property test)', () => {
  it('reads Kashmiri’s Arabic comma, its thousands separator with Latin digits', () => {
    expect(readNumber('1،000', 'ks')).toEqual(value(1000))
    expect(readNumber('-1،234،567.5', 'ks-Arab-IN')).toEqual(value(-1234567.5))
  })

  it('reads digits grouped in pairs only where the locale writes them so (Toki Pona)', () => {
    expect(readNumber('1 00', 'tok')).toEqual(value(100))
    expect(readNumber('1 23 45 67,5', 'tok')).toEqual(value(1234567.5))
    expect(readNumber('1 00', 'en-US')).toEqual(invalid)
  })

  it('settles 1,200 as the locale’s Latin digits write it, as its own digits do not use a comma', () => {
    // ar-EG writes ١٬٢٠٠ in Arabic digits and 1,200 in Latin ones: a comma there is a separator.
    expect(readNumber('1,200', 'ar-EG')).toEqual(value(1200))
  })
})
