#!/usr/bin/env node
// Fails unless a JSON report, Playwright's or vitest's, shows tests that ran and passed, none skipped:
//
//   node scripts/require-tests-ran.mjs test-results/playwright.json
//   node scripts/require-tests-ran.mjs test-results/windows-signature.json   (vitest --reporter=json)
//
// The Electron spec skips itself where there is no Electron binary or no display, and the Windows
// signature test off Windows, which is right on a developer's machine and wrong in the release
// workflow: there, a skip would pass silently.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Why the report does not prove the tests ran, or null when it does. */
export function notRunReason(report) {
  if (typeof report?.numTotalTests === 'number') return vitestNotRunReason(report)
  const stats = report?.stats
  if (!stats) return 'the report has no statistics (did Playwright start?)'
  const ran = (stats.expected ?? 0) + (stats.flaky ?? 0)
  if (stats.unexpected > 0) return `${stats.unexpected} test(s) failed`
  if (stats.skipped > 0) return `${stats.skipped} test(s) were skipped, ${ran} ran`
  if (ran === 0) return 'no test ran'
  return null
}

/** The same rules for vitest's JSON report. */
function vitestNotRunReason(report) {
  const ran = report.numPassedTests ?? 0
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  if (report.numFailedTests > 0) return `${report.numFailedTests} test(s) failed`
  if (report.numFailedTestSuites > 0) return `${report.numFailedTestSuites} test file(s) failed to run`
  if (skipped > 0) return `${skipped} test(s) were skipped, ${ran} ran`
  if (ran === 0) return 'no test ran'
  return null
}

/** How many tests ran, in either report. */
const ranCount = (report) =>
  typeof report.numTotalTests === 'number'
    ? report.numPassedTests
    : report.stats.expected + (report.stats.flaky ?? 0)

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file] = process.argv.slice(2)
  let report = null
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    console.error(`::error::${file ?? '(no report given)'} cannot be read: ${err.message}`)
    process.exit(1)
  }
  const reason = notRunReason(report)
  if (reason) {
    console.error(`::error::${file}: ${reason}.`)
    process.exit(1)
  }
  console.log(`${file}: ${ranCount(report)} test(s) ran and passed.`)
}
