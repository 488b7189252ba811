import { describe, expect, it } from 'vitest'
import { compactNumberIn, trendLabelChoices, trendRows, trendSummary } from './trend-words'

const points = [
  { at: '2026-03-02T09:00:00Z', value: 10 },
  { at: '2026-03-09T09:00:00Z', value: 25.5 },
  { at: '2026-03-16T09:00:00Z', value: 1200 },
]

describe('compactNumberIn', () => {
  it('shortens large numbers the locale’s way', () => {
    expect(compactNumberIn(1_234_567, 'en-US')).toBe('1.23M')
    expect(compactNumberIn(1_234_567, 'de-DE')).toBe('1,23\u00a0Mio.')
    expect(compactNumberIn(-1500, 'en-US')).toBe('-1.5K')
    expect(compactNumberIn(42, 'en-US')).toBe('42')
  })

  it('writes the person’s own decimal sign and digits', () => {
    expect(compactNumberIn(1_500_000, { locale: 'en-US', decimal: '·', group: null, digits: null })).toBe(
      '1·5M',
    )
    expect(compactNumberIn(12, { locale: 'ar-EG', decimal: null, group: null, digits: 'native' })).toBe('١٢')
    expect(compactNumberIn(12, { locale: 'ar-EG', decimal: null, group: null, digits: 'latin' })).toBe('12')
  })

  it('keeps the largest numbers short', () => {
    expect(compactNumberIn(Number.MAX_VALUE, 'en-US')).toBe('1.8E308')
    expect(compactNumberIn(-2.5e20, 'de-DE')).toBe('-2,5E20')
    expect(compactNumberIn(999e12, 'en-US')).toBe('999T')
  })
})

describe('trendLabelChoices', () => {
  it('offers worded labels first, then bare numbers', () => {
    expect(trendLabelChoices(0, 2_000_000, 'en-US')).toEqual([
      { from: 'Start 0', to: 'Target 2M' },
      { from: '0', to: '2M' },
    ])
  })
})

describe('trendSummary', () => {
  it('says the count, the first and last values, the start, the target and the typed value', () => {
    expect(
      trendSummary({ name: 'Revenue', unit: '€', points, from: 0, to: 5000, next: 1300, numbers: 'en-US' }),
    ).toBe('Revenue: 3 check-ins, from 10 € to 1,200 €, start 0 €, target 5,000 €, this check-in 1,300 €')
  })

  it('writes every digit in the person’s locale', () => {
    expect(
      trendSummary({
        name: 'Umsatz',
        unit: null,
        points,
        from: null,
        to: 5000,
        next: null,
        numbers: 'de-DE',
      }),
    ).toBe('Umsatz: 3 check-ins, from 10 to 1.200, target 5.000')
  })

  it('says one check-in, and none', () => {
    const one = trendSummary({
      name: 'Teams',
      unit: null,
      points: points.slice(0, 1),
      from: 0,
      to: 8,
      next: null,
      numbers: 'en-US',
    })
    expect(one).toBe('Teams: 1 check-in, 10, start 0, target 8')
    const none = trendSummary({
      name: 'Teams',
      unit: null,
      points: [],
      from: 0,
      to: 8,
      next: 3,
      numbers: 'en-US',
    })
    expect(none).toBe('Teams: no check-ins yet, start 0, target 8, this check-in 3')
  })
})

describe('trendRows', () => {
  it('lists the start, each check-in at its local time, the typed value and the target', () => {
    const now = new Date('2026-03-20T12:00:00Z')
    const rows = trendRows({ unit: 'teams', points, from: 0, to: 8000, next: 7, numbers: 'en-US', now })
    expect(rows.map((row) => row.kind)).toEqual(['from', 'point', 'point', 'point', 'next', 'to'])
    expect(rows[0]).toEqual({ when: 'Start', value: '0 teams', kind: 'from' })
    expect(rows[1]!.when).toBe(
      `Mar 2, ${new Date(points[0]!.at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`,
    )
    expect(rows[3]!.value).toBe('1,200 teams')
    expect(rows[4]).toEqual({ when: 'This check-in', value: '7 teams', kind: 'next' })
    expect(rows[5]).toEqual({ when: 'Target', value: '8,000 teams', kind: 'to' })
  })

  it('has no typed row while nothing readable is typed, and says a time it cannot read', () => {
    const rows = trendRows({
      unit: null,
      points: [{ at: 'garbled', value: 1 }],
      from: null,
      to: null,
      next: null,
      numbers: 'en-US',
      now: new Date(),
    })
    expect(rows).toEqual([{ when: 'Unknown time', value: '1', kind: 'point' }])
  })
})
