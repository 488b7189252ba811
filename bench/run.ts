import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { measureCheckInOpen } from './check-in-open'
import { measureColdStart } from './cold-start'
import { measureEditor } from './editor'
import { measureFirstMinute } from './first-minute'
import { measureLists } from './lists'
import { measureOutbox } from './outbox'
import { measurePopupWeight } from './popup-weight'
import { formatTable, type BenchResult } from './result'
import { DEFAULT_SESSION_RUNS, measureSession } from './session'

/**
 * `npm run bench`: measures the app against the budgets of issue 6, prints a table and writes
 * bench/results.json. A missed budget is a finding, not a failure: the exit code is non-zero only when
 * the benchmark itself could not run (a section threw).
 *
 *   tsx bench/run.ts [--no-build] [--only=weight,cold,outbox,requests,lists,checkin-open,editor,session] [--session-runs=3]
 */

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const wanted = (section: string) => !only || only.includes(section)
const sessionRunsArg = args.find((a) => a.startsWith('--session-runs='))?.slice('--session-runs='.length)
const sessionRuns = sessionRunsArg === undefined ? DEFAULT_SESSION_RUNS : Number(sessionRunsArg)
if (!Number.isInteger(sessionRuns) || sessionRuns < 1) {
  console.error(`--session-runs must be a whole number of at least 1, not "${sessionRunsArg}"`)
  process.exit(1)
}
const log = (line: string) => console.log(`  ${line}`)

if (!args.includes('--no-build')) {
  console.log('▶ building the app (electron-vite build)')
  const built = spawnSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: root,
    stdio: 'ignore',
  })
  if (built.status !== 0) {
    console.error('The app did not build (run `npx electron-vite build` to see why); no benchmark was run.')
    process.exit(1)
  }
}

const sections: [string, string, () => Promise<BenchResult[]>][] = [
  ['weight', 'popup weight', async () => measurePopupWeight(join(root, 'out/renderer'))],
  ['cold', 'main services cold start', measureColdStart],
  ['outbox', 'outbox', () => measureOutbox(log)],
  ['requests', 'requests in the first minute after sign-in, both seeds', () => measureFirstMinute(log)],
  ['lists', 'goals and projects lists, both seeds (headless Chromium)', () => measureLists(log)],
  ['checkin-open', 'opening a check-in form, both seeds (headless Chromium)', () => measureCheckInOpen(log)],
  ['editor', 'editor and memory (headless Chromium)', () => measureEditor(log)],
  [
    'session',
    'editing session, operation by operation (headless Chromium)',
    () => measureSession(log, { runs: sessionRuns }),
  ],
]

const results: BenchResult[] = []
const broken: string[] = []
for (const [key, title, measure] of sections) {
  if (!wanted(key)) continue
  console.log(`▶ ${title}`)
  const started = Date.now()
  try {
    results.push(...(await measure()))
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } catch (err) {
    broken.push(title)
    console.error(`✘ ${title}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  }
}

console.log(`\n${formatTable(results)}\n`)
const notes = results.filter((r) => r.note).map((r) => `  ${r.name}: ${r.note}`)
if (notes.length) console.log(`Notes:\n${notes.join('\n')}\n`)
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`)
const missed = results.filter((r) => r.met === false).length
console.log(`${results.length} metrics, ${missed} budget(s) missed; written to bench/results.json`)
if (broken.length) {
  console.error(`The benchmark could not measure: ${broken.join(', ')}`)
  process.exit(1)
}
// Playwright, keytar and the emulators may hold handles open; everything is closed, so leave now.
process.exit(0)
