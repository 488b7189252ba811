/** Small statistics helpers: benchmarks report medians and percentiles, never single runs. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values')
  const sorted = [...values].sort((a, b) => a - b)
  // Nearest-rank: the smallest value with at least p% of the samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1]!
}

export const median = (values: readonly number[]): number => percentile(values, 50)

/** Runs `once` `runs` times, one after the other, and returns each run's result. */
export async function repeat<T>(runs: number, once: (run: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let run = 0; run < runs; run++) results.push(await once(run))
  return results
}

export const round = (value: number, digits = 2): number => {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
