import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// Where a CI run's time goes: a table of its parts (install, lint and types, build, unit, soak,
// crash-safety, e2e, security gate) and its ten slowest tests, read from the runners' JSON reports.
// Printed at the end of `npm test` (scripts/test-all.mjs), so a slow run says why without a profiler.

const root = fileURLToPath(new URL('..', import.meta.url))

/** Test files that are parts of their own in the table: run inside the unit tests, timed apart. */
export const separateUnitFiles = [
  ['soak', /scripts\/soak\/soak\.test\.ts$/],
  ['crash-safety', /outbox\/crash\/crash-safety\.test\.ts$/],
]

/**
 * How long each of vitest's separate files took, by its part's name. Vitest runs two files at once, so
 * these overlap the rest of the unit tests: they say what the part costs, not what it adds to the wall.
 */
export function separateUnitSeconds(vitest) {
  const out = {}
  for (const file of vitest?.testResults ?? []) {
    const part = separateUnitFiles.find(([, pattern]) => pattern.test(file.name ?? ''))
    if (!part || typeof file.startTime !== 'number' || typeof file.endTime !== 'number') continue
    out[part[0]] = (out[part[0]] ?? 0) + (file.endTime - file.startTime) / 1000
  }
  return out
}

/** Every test of both reports with its time in seconds: `{ title, seconds, runner }`. */
export function testTimes(vitest, playwright) {
  const times = []
  for (const file of vitest?.testResults ?? []) {
    const where = relative(root, String(file.name ?? ''))
    for (const test of file.assertionResults ?? []) {
      if (typeof test.duration !== 'number') continue
      times.push({
        title: `${where} › ${test.fullName ?? test.title}`,
        seconds: test.duration / 1000,
        runner: 'unit',
      })
    }
  }
  for (const { title, test } of playwrightTests(playwright)) {
    // Every try counts: a retried test cost the run all of them.
    const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0)
    times.push({ title, seconds: ms / 1000, runner: 'e2e' })
  }
  return times
}

/** Every test of a Playwright JSON report, with its full title (file › describe › test). */
export function playwrightTests(report) {
  const out = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) out.push({ title: [...path, spec.title].join(' › '), test })
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report?.suites ?? []) walk(suite, [suite.title])
  return out
}

export const slowestTests = (vitest, playwright, count = 10) =>
  testTimes(vitest, playwright)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)

const seconds = (value) => `${value.toFixed(1)} s`.padStart(9)

/** The lines printed: the parts in the order they ran, their total, then the slowest tests. */
export function timingReport(parts, slowest) {
  const lines = ['', 'Where the time went:']
  const width = Math.max(...parts.map(([name]) => name.length), 5)
  for (const [name, value, note] of parts) {
    lines.push(`  ${name.padEnd(width)} ${seconds(value)}${note ? `  ${note}` : ''}`)
  }
  const total = parts.filter(([, , note]) => !note).reduce((sum, [, value]) => sum + value, 0)
  lines.push(`  ${'total'.padEnd(width)} ${seconds(total)}`)
  if (slowest.length > 0) {
    lines.push('', `The ${slowest.length} slowest tests:`)
    for (const test of slowest) lines.push(`  ${seconds(test.seconds)}  ${test.runner}  ${test.title}`)
  }
  return lines.join('\n')
}
