import { Session } from 'node:inspector/promises'
import { writeFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import type { SeedName } from '../e2e/emulator'
import { profiled, profileSummary, type CpuProfile } from './cpu-profile'
import { startListsRig } from './lists-rig'
import { CHECK_IN_GOAL, everyoneInGoalSpace, timeOpen } from './check-in-open'

/**
 * Where the time of opening a goal's check-in form goes (issue 36): around one cold open (the first after
 * sign-in) and one warm open (the same goal again), a Chrome trace and CPU profile of the page, and a CPU
 * profile of this Node process, which runs main's services, the harness and the emulator alike (the
 * profile's files say which is which). Also each bridge call's time, as the page saw it. Not part of
 * `npm run bench`: run it by hand when looking for work to remove.
 *
 *   scripts/with-keyring.sh npx tsx bench/profile-check-in.ts [big|usual]
 *
 * It measures the current build in out/ (`npx electron-vite build` first). Profiles are also written to
 * /tmp/profile-<name>.json and /tmp/profile-main-<name>.cpuprofile.
 */

const seed = (process.argv[2] ?? 'big') as SeedName

/** Each bridge call the page made since the timer was armed: operation, start and duration (ms from the click). */
const callTimes = `(() => {
  return performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/__harness/call/'))
    .map((e) => ({ op: e.name.split('/__harness/call/')[1], start: e.startTime, ms: e.responseEnd - e.startTime }))
})()`

const inspector = new Session()
inspector.connect()
await inspector.post('Profiler.enable')
await inspector.post('Profiler.setSamplingInterval', { interval: 200 })

async function openProfiled(page: Page, name: string, open: () => Promise<unknown>): Promise<void> {
  await inspector.post('Profiler.start')
  const timing = await profiled(page, name, open)
  const { profile } = (await inspector.post('Profiler.stop')) as { profile: CpuProfile }
  await writeFile(`/tmp/profile-main-${name.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(profile))
  const main = profileSummary(profile, 30)
  const row = ([label, ms]: [string, number]) => `  ${ms.toFixed(1).padStart(8)}  ${label}`
  console.log(
    [
      `## ${name}: main (this Node process: services, harness, emulator)`,
      JSON.stringify(timing),
      'self time:',
      ...main.self.map(row),
      'total time:',
      ...main.total.map(row),
      '',
    ].join('\n'),
  )
  const calls = (await page.evaluate(callTimes)) as Array<{ op: string; start: number; ms: number }>
  console.log(`bridge calls: ${calls.map((c) => `${c.op} ${c.ms.toFixed(0)} ms`).join(', ')}\n`)
}

const rig = await startListsRig(seed)
try {
  const { page, emulator } = rig
  everyoneInGoalSpace(emulator)
  const list = async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Check-ins' })
      .click()
    await page.getByLabel('Filter goals').fill('Analytical Engine')
    await page.getByRole('option', { name: CHECK_IN_GOAL }).waitFor()
    await page.waitForTimeout(1_000)
  }
  await list()
  await openProfiled(page, `cold open ${seed}`, () => timeOpen(page, emulator))
  await page.getByRole('button', { name: 'All goals' }).first().click()
  await list()
  await openProfiled(page, `warm open ${seed}`, () => timeOpen(page, emulator))
} finally {
  await rig.close()
}
process.exit(0)
