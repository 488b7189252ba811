import { describe, expect, it } from 'vitest'
import { currencyForms, writesAccountingParentheses } from './currency-text'
import { readNumber, type NumberReading } from './number-text'
import { targetProblem } from './form-values'

const value = (v: number): NumberReading => ({ kind: 'number', value: v })
const refused = (sign: string): NumberReading => ({ kind: 'invalid', sign })

describe('currency codes and forms on a target counted in that currency', () => {
  it.each([
    ['USD 1,200', 'en-US', 'USD', 1200],
    ['USD 1,200', 'en-US', '$', 1200],
    ['US$ 1.200', 'pt-BR', 'USD', 1200],
    ['1,200 USD', 'en-US', 'usd', 1200],
    ['CHF 1\u2019200', 'de-CH', 'CHF', 1200],
    ["CHF 1'200", 'de-CH', 'CHF', 1200],
    ["CHF 1'200.50", 'de-CH', 'CHF', 1200.5],
    // As de-CH writes a negative amount: the code, then the minus.
    ["CHF-1'200.50", 'de-CH', 'CHF', -1200.5],
    ['R$ 1.200,50', 'pt-BR', 'BRL', 1200.5],
    ['R$1,200.50', 'en-US', 'BRL', 1200.5],
    ['-R$ 1.200,50', 'pt-BR', 'BRL', -1200.5],
    ['Rs. 1,00,000', 'en-IN', 'INR', 100000],
    ['Rs 1,00,000', 'en-IN', 'INR', 100000],
    ['₹1,00,000.50', 'en-IN', 'INR', 100000.5],
    ['Rs 100,000', 'ur-PK', 'PKR', 100000],
    ['1.200,50 €', 'de-DE', 'EUR', 1200.5],
    ['1\u202f200,50\u00a0€', 'fr-FR', 'EUR', 1200.5],
    ['1 200,50 EUR', 'fr-FR', 'EUR', 1200.5],
    ['€ 1.200,50', 'nl-NL', 'EUR', 1200.5],
    ['1 200 kr', 'sv-SE', 'SEK', 1200],
    ['1 200,50 zł', 'pl-PL', 'PLN', 1200.5],
    ['￥1,200', 'ja-JP', 'JPY', 1200],
  ])('reads %j in %s on a target in %s as %d', (text, locale, unit, expected) =>
    expect(readNumber(text, locale, unit)).toEqual(value(expected)),
  )

  it('reads every form Intl writes for the target’s currency in the person’s locale', () => {
    const cases = [
      ['pt-BR', 'BRL'],
      ['en-IN', 'INR'],
      ['de-CH', 'CHF'],
      ['fr-FR', 'EUR'],
      ['nl-NL', 'EUR'],
      ['ja-JP', 'JPY'],
      ['sv-SE', 'SEK'],
      ['ur-PK', 'PKR'],
      ['en-US', 'USD'],
      ['ar-EG', 'EGP'],
    ] as const
    for (const [locale, currency] of cases) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol', 'code'] as const) {
        for (const amount of [1200.5, -1200.5, 100000]) {
          const options = { style: 'currency', currency, currencyDisplay } as const
          const format = new Intl.NumberFormat(locale, options)
          // The yen has no decimals: ¥1,201 is what Intl writes for 1200.5.
          const written = Number(amount.toFixed(format.resolvedOptions().maximumFractionDigits))
          const text = format.format(amount)
          expect(readNumber(text, locale, currency), `${text} in ${locale}`).toEqual(value(written))
        }
      }
    }
  })

  it('knows each currency by its code, its symbols here and in English, and the rupee’s customary Rs.', () => {
    expect([...currencyForms('BRL', 'pt-BR')]).toEqual(expect.arrayContaining(['BRL', 'R$']))
    expect([...currencyForms('inr', 'en-IN')]).toEqual(expect.arrayContaining(['INR', '₹', 'Rs.', 'Rs']))
    expect([...currencyForms('USD', 'pt-BR')]).toEqual(expect.arrayContaining(['USD', 'US$', '$']))
  })
})

describe('currency codes and forms on a target counted in something else', () => {
  it.each([
    ['USD 1,200', 'en-US', 'teams', 'USD'],
    ['USD 1,200', 'en-US', 'EUR', 'USD'],
    ["CHF 1'200", 'de-CH', 'EUR', 'CHF'],
    ['R$ 1.200,50', 'pt-BR', 'USD', 'R$'],
    ['R$ 1.200,50', 'pt-BR', '$', 'R$'],
    ['Rs. 1,00,000', 'en-IN', 'USD', 'Rs.'],
    ['1 200 kr', 'sv-SE', 'users', 'kr'],
    ['1.200,50 €', 'de-DE', 'USD', '€'],
  ])('refuses %j in %s on a target in %s, naming %j', (text, locale, unit, sign) =>
    expect(readNumber(text, locale, unit)).toEqual(refused(sign)),
  )

  it('says so the way it says it for % and $', () => {
    const reading = readNumber('USD 1,200', 'en-US', 'teams')
    if (reading.kind !== 'invalid') throw new Error('expected a refusal')
    expect(targetProblem(reading, { value: 3, unit: 'teams' }, 'en-US')).toBe(
      '“USD” does not go with this target, counted in teams: enter the number alone, such as 42.',
    )
  })

  it('takes any currency on a target without a unit', () => {
    expect(readNumber('USD 1,200', 'en-US', null)).toEqual(value(1200))
    expect(readNumber('Rs. 1,00,000', 'en-IN', '')).toEqual(value(100000))
  })

  it('does not take a currency form out of a word: "12 Rsx" and "12 apples" stay refused', () => {
    expect(readNumber('12 Rsx', 'en-IN', 'INR')).toEqual({ kind: 'invalid' })
    expect(readNumber('12 apples', 'en-US', 'teams')).toEqual({ kind: 'invalid' })
  })
})

describe('separators the currency examples bring along', () => {
  it('reads 1.000.000 in de-DE as a million', () => {
    expect(readNumber('1.000.000', 'de-DE')).toEqual(value(1_000_000))
    expect(readNumber('1.000.000 €', 'de-DE', 'EUR')).toEqual(value(1_000_000))
  })

  it('reads U+202F, the narrow no-break space fr-FR groups with, as a thousands separator', () => {
    expect(readNumber('1\u202f000\u202f000', 'fr-FR')).toEqual(value(1_000_000))
    expect(readNumber('-1\u202f200,5', 'fr-FR')).toEqual(value(-1200.5))
  })

  it('reads the Swiss apostrophe, straight or typographic, as a thousands separator', () => {
    expect(readNumber("1'000'000.25", 'de-CH')).toEqual(value(1_000_000.25))
    expect(readNumber('1\u2019000\u2019000', 'de-CH')).toEqual(value(1_000_000))
    expect(readNumber("1'000", 'de-CH')).toEqual(value(1000))
  })
})

describe('(1,200): a negative the accounting way', () => {
  it('is −1200 where the locale writes negative amounts in parentheses', () => {
    expect(writesAccountingParentheses('en-US')).toBe(true)
    expect(readNumber('(1,200)', 'en-US')).toEqual(value(-1200))
    expect(readNumber('($1,200.50)', 'en-US', 'USD')).toEqual(value(-1200.5))
    expect(readNumber('(USD 1,200)', 'en-US', 'USD')).toEqual(value(-1200))
    expect(readNumber('(1\u202f200,50 €)', 'fr-FR', 'EUR')).toEqual(value(-1200.5))
  })

  it('still asks when the number inside has two readings', () => {
    expect(readNumber('(1.200)', 'en-US')).toEqual({ kind: 'ambiguous', grouped: -1200, decimal: -1.2 })
  })

  it('is refused, never another number, where the locale writes negatives with a minus', () => {
    expect(writesAccountingParentheses('de-DE')).toBe(false)
    expect(readNumber('(1.200)', 'de-DE')).toEqual({ kind: 'invalid', parentheses: true })
    expect(readNumber('(1.200,50 €)', 'de-DE', 'EUR')).toEqual({ kind: 'invalid', parentheses: true })
    const reading = readNumber('(1.200)', 'de-DE')
    if (reading.kind !== 'invalid') throw new Error('expected a refusal')
    expect(targetProblem(reading, { value: 3, unit: null }, 'de-DE')).toBe(
      'Write a negative number with a minus sign, such as -42.',
    )
  })

  it('refuses a minus inside the parentheses too: (-1,200) is no number', () => {
    expect(readNumber('(-1,200)', 'en-US')).toEqual({ kind: 'invalid' })
    expect(readNumber('-(1,200)', 'en-US')).toEqual({ kind: 'invalid' })
    expect(readNumber('(1,200', 'en-US')).toEqual({ kind: 'invalid' })
  })
})
