import { timeLabel } from '@shared/time-label'
import { localeTag, type NumberLocale } from './number-conventions'
import { formatNumberIn, formatWithOwnSigns } from './number-text'
import type { TrendPoint } from './trend-geometry'

/**
 * The words of a target's trend chart (TargetTrend.tsx): the short numbers on its lines, the sentence a
 * screen reader says for the picture, and the rows of its table, all in the person's way of writing
 * numbers (their locale, with the decimal sign, separator and digits they set in the OS).
 */

/**
 * A number short enough for a label beside a 150-pixel chart: "1.2M", "1,2 Mio." in de-DE, "1.8E308",
 * in the person's digits and signs. Up to three significant digits: the table has every digit.
 */
export function compactNumberIn(value: number, numbers: NumberLocale): string {
  // Compact names stop at trillions ("180000…000T"); beyond, the locale's scientific form ("1.8E308").
  const notation = Math.abs(value) < 1e15 ? 'compact' : 'scientific'
  return formatWithOwnSigns(value, numbers, { notation, maximumSignificantDigits: 3 })
}

/** The start and target labels, worded first ("Start 10", "Target 100"), then as bare numbers. */
export function trendLabelChoices(
  from: number | null,
  to: number | null,
  numbers: NumberLocale,
): { from: string; to: string }[] {
  const short = (value: number | null) => (value === null ? '' : compactNumberIn(value, numbers))
  return [
    { from: `Start ${short(from)}`, to: `Target ${short(to)}` },
    { from: short(from), to: short(to) },
  ]
}

const withUnit = (value: number, unit: string | null, numbers: NumberLocale) =>
  `${formatNumberIn(value, numbers)}${unit ? ` ${unit}` : ''}`

/**
 * What the chart shows, in one sentence: "Revenue: 3 check-ins, from 10 to 40 €, start 10 €, target 100 €,
 * this check-in 55 €". Every digit (the picture rounds, the words do not).
 */
export function trendSummary(args: {
  name: string
  unit: string | null
  points: readonly TrendPoint[]
  from: number | null
  to: number | null
  next: number | null
  numbers: NumberLocale
}): string {
  const { name, unit, points, numbers } = args
  const say = (value: number) => withUnit(value, unit, numbers)
  const parts: string[] = []
  if (points.length === 0) parts.push('no check-ins yet')
  else if (points.length === 1) parts.push(`1 check-in, ${say(points[0]!.value)}`)
  else parts.push(`${points.length} check-ins, from ${say(points[0]!.value)} to ${say(points.at(-1)!.value)}`)
  if (args.from !== null) parts.push(`start ${say(args.from)}`)
  if (args.to !== null) parts.push(`target ${say(args.to)}`)
  if (args.next !== null) parts.push(`this check-in ${say(args.next)}`)
  return `${name}: ${parts.join(', ')}`
}

export interface TrendRow {
  /** What the row is: "Start", a check-in's time ("Mar 9, 10:42"), "This check-in", "Target". */
  when: string
  value: string
  kind: 'from' | 'point' | 'next' | 'to'
}

/** The table behind the chart, in reading order: start, each check-in oldest first, this one, target. */
export function trendRows(args: {
  unit: string | null
  points: readonly TrendPoint[]
  from: number | null
  to: number | null
  next: number | null
  numbers: NumberLocale
  now: Date
}): TrendRow[] {
  const { unit, numbers } = args
  const say = (value: number) => withUnit(value, unit, numbers)
  const rows: TrendRow[] = []
  if (args.from !== null) rows.push({ when: 'Start', value: say(args.from), kind: 'from' })
  for (const point of args.points) {
    const when = timeLabel(point.at, args.now, localeTag(numbers)) ?? 'Unknown time'
    rows.push({ when, value: say(point.value), kind: 'point' })
  }
  if (args.next !== null) rows.push({ when: 'This check-in', value: say(args.next), kind: 'next' })
  if (args.to !== null) rows.push({ when: 'Target', value: say(args.to), kind: 'to' })
  return rows
}
