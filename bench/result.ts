import { round } from './stats'

/** One line of the table and one object of bench/results.json. */
export interface BenchResult {
  name: string
  value: number
  unit: string
  /** The most the metric may be (every budget here is an upper bound); null when it has none. */
  budget: number | null
  /** The same measurement on the plain StarterKit editor, where there is one. */
  baseline?: number
  met: boolean | null
  /** Why a metric has no budget, or what it is relative to. */
  note?: string
}

export function result(
  name: string,
  value: number,
  unit: string,
  budget: number | null,
  extra: { baseline?: number; note?: string; met?: boolean } = {},
): BenchResult {
  const met = extra.met ?? (budget === null ? null : value <= budget)
  return {
    name,
    value: round(value),
    unit,
    budget,
    ...(extra.baseline !== undefined ? { baseline: round(extra.baseline) } : {}),
    met,
    ...(extra.note ? { note: extra.note } : {}),
  }
}

export function formatTable(results: readonly BenchResult[]): string {
  const rows = results.map((r) => [
    r.name,
    String(r.value),
    r.unit,
    r.budget === null ? '—' : `≤ ${r.budget}`,
    r.baseline === undefined ? '' : String(r.baseline),
    r.met === null ? '—' : r.met ? 'yes' : 'NO',
  ])
  const header = ['metric', 'value', 'unit', 'budget', 'baseline', 'met?']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}
