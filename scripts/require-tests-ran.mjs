#!/usr/bin/env node
// Fails unless a Playwright JSON report shows tests that ran and passed, none skipped:
//
//   node scripts/require-tests-ran.mjs test-results/playwright.json
//
// The Electron spec skips itself where there is no Electron binary or no display, which is right on a
// developer's machine and wrong in the release workflow: there, a skip would pass silently.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Why the report does not prove the tests ran, or null when it does. */
export function notRunReason(report) {
  const stats = report?.stats
  if (!stats) return 'the report has no statistics (did Playwright start?)'
  const ran = (stats.expected ?? 0) + (stats.flaky ?? 0)
  if (stats.unexpected > 0) return `${stats.unexpected} test(s) failed`
  if (stats.skipped > 0) return `${stats.skipped} test(s) were skipped, ${ran} ran`
  if (ran === 0) return 'no test ran'
  return null
}

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
  console.log(`${file}: ${report.stats.expected + (report.stats.flaky ?? 0)} test(s) ran and passed.`)
}
