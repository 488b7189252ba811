import { describe, expect, it } from 'vitest'
import { numberLocaleFrom, type NumberLocale } from './number-conventions'
import {
  ambiguityQuestion,
  formatNumberIn,
  readNumber,
  unambiguousText,
  type NumberReading,
} from './number-text'
import { checkInFormSchema, prefillFrom } from './form-values'
import { detail } from './test-goals'

const value = (v: number): NumberReading => ({ kind: 'number', value: v })
const ask = (grouped: number, decimal: number): NumberReading => ({ kind: 'ambiguous', grouped, decimal })
const none = { decimal: null, group: null, digits: null }

/** German Windows whose owner chose the English signs in Region → Additional settings. */
const germanWithPoint: NumberLocale = { locale: 'de-DE', decimal: '.', group: ',', digits: null }

describe('the person’s own number settings win over the locale’s', () => {
  it('decide the shape with two readings as the locale’s signs do otherwise', () => {
    // de-DE alone: 1.200 is twelve hundred.
    expect(readNumber('1.200', 'de-DE')).toEqual(value(1200))
    // With their own decimal point: it could be one point two.
    expect(readNumber('1.200', germanWithPoint)).toEqual(ask(1200, 1.2))
    expect(readNumber('1,200', germanWithPoint)).toEqual(value(1200))
    expect(readNumber('1,234.5', germanWithPoint)).toEqual(value(1234.5))
  })

  it('are the signs the form writes, and asks with', () => {
    expect(formatNumberIn(1234.5, germanWithPoint)).toBe('1,234.5')
    const reading = readNumber('1.200', germanWithPoint)
    if (reading.kind !== 'ambiguous') throw new Error('expected a question')
    expect(ambiguityQuestion(reading, germanWithPoint)).toBe('Did you mean 1,200 or 1.2?')
  })

  it('read signs no locale uses: a middle dot decimal and an apostrophe separator', () => {
    const own: NumberLocale = { locale: 'en-GB', decimal: '\u00b7', group: "'", digits: null }
    expect(formatNumberIn(1234567.5, own)).toBe("1'234'567\u00b75")
    expect(readNumber("1'234\u00b75", own)).toEqual(value(1234.5))
    expect(readNumber('3\u00b7141', own)).toEqual(value(3.141))
  })

  it('write Latin or the locale’s own digits as digit substitution says', () => {
    expect(formatNumberIn(1200.5, { locale: 'ar-EG', ...none, digits: 'latin' })).toBe('1,200.5')
    expect(formatNumberIn(1200.5, { locale: 'ar-EG', ...none, digits: 'native' })).toBe('١٬٢٠٠٫٥')
    // Intl knows no digits of Hindi's own (it writes Latin ones there): Latin, rather than a guess.
    expect(formatNumberIn(1200.5, { locale: 'hi-IN', ...none, digits: 'native' })).toBe('1,200.5')
  })

  it('leave the locale’s sign where the person set only the other', () => {
    const groupOnly: NumberLocale = { locale: 'fr-FR', decimal: null, group: '.', digits: null }
    expect(readNumber('1.200', groupOnly)).toEqual(value(1200))
    expect(readNumber('3,5', groupOnly)).toEqual(value(3.5))
    expect(formatNumberIn(1234.5, groupOnly)).toBe('1.234,5')
  })

  it.each([
    germanWithPoint,
    { locale: 'en-US', decimal: ',', group: '.', digits: null },
    { locale: 'fr-FR', decimal: '.', group: '\u202f', digits: null },
    { locale: 'de-CH', decimal: ',', group: '\u2019', digits: null },
    { locale: 'ar-EG', decimal: null, group: null, digits: 'latin' },
  ] satisfies NumberLocale[])('write every number so that it reads back, in %j', (numbers) => {
    for (const n of [1200, 1.2, 3.141, -12500, 1234567.5, 0.125]) {
      const shown = readNumber(formatNumberIn(n, numbers), numbers)
      if (shown.kind === 'ambiguous') expect([shown.grouped, shown.decimal]).toContain(n)
      else expect(shown).toEqual(value(n))
      expect(readNumber(unambiguousText(n, numbers), numbers)).toEqual(value(n))
    }
  })

  it('reach the form: its target fields are written and read the person’s way', () => {
    const goal = detail()
    const prefill = prefillFrom(goal, new Date(2026, 0, 5), germanWithPoint)
    const schema = checkInFormSchema(goal, germanWithPoint)
    const target = goal.targets[0]!
    const typed = {
      ...prefill,
      status: 'on_track' as const,
      targets: [{ id: target.id, value: '1.200' }, ...prefill.targets.slice(1)],
    }
    const problem = schema.safeParse(typed).error?.issues.find((issue) => issue.path[0] === 'targets')
    expect(problem?.message).toBe('Did you mean 1,200 or 1.2?')
  })
})

describe('the number locale the page gets from main', () => {
  it('is the locale alone when the person set nothing of their own', () => {
    expect(numberLocaleFrom('de-DE', ['en-US'], none)).toBe('de-DE')
    expect(numberLocaleFrom(null, ['fr-FR'], undefined)).toBe('fr-FR')
  })

  it('carries what they set, beside the locale', () => {
    expect(numberLocaleFrom('de-DE', ['en-US'], { decimal: '.', group: ',', digits: null })).toEqual(
      germanWithPoint,
    )
  })
})
