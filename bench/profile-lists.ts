import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import keytar from 'keytar'
import { chromium, type Page } from 'playwright-core'
import { startEmulator, type SeedName } from '../e2e/emulator'
import { startHarness } from '../e2e/harness'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import { chromiumArgs } from './editor'
import { largest, mainThreadTime, startTrace } from './trace'

/**
 * Where the lists' time goes (issue 23): a Chrome trace and a sampled CPU profile around the first
 * Check-ins tab click (the list read from the server), a click back to it from the cache, and typing the
 * filter, at the popup's size on the browser harness. Not part of `npm run bench`: run it by hand when
 * looking for work to remove.
 *
 *   scripts/with-keyring.sh npx tsx bench/profile-lists.ts [big|usual]
 *
 * It measures the current build in out/ (`npx electron-vite build` first). For readable function names,
 * build once with `minify: false` in electron.vite.config.ts's renderer section (and do not commit that).
 * Each profile is also written to /tmp/profile-lists-<name>.json.
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Self and total time (ms) per JavaScript function in a sampled CPU profile. */
function profileSummary(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    return `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const name = label(byId.get(id)!)
    self.set(name, (self.get(name) ?? 0) + ms)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const outer = label(byId.get(at)!)
      if (seen.has(outer)) continue
      seen.add(outer)
      total.set(outer, (total.get(outer) ?? 0) + ms)
    }
  })
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n)
  return { self: top(self, 30), total: top(total, 45) }
}

async function profiled(page: Page, name: string, work: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const stop = await startTrace(cdp, ['v8'])
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await work()
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile }
  const events = await stop()
  await cdp.detach()
  const trace = mainThreadTime(events)
  const js = profileSummary(profile)
  // The longest top-level tasks of the renderer's main thread: what a key or a click waited behind.
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 8_000)
    .map((e) => (e.dur ?? 0) / 1000)
    .sort((a, b) => b - a)
  console.log(
    [
      `## ${name}`,
      `main thread: ${trace.wallMs.toFixed(0)} ms wall, ${trace.cpuMs.toFixed(0)} ms CPU; tasks over 8 ms: ${tasks.map((t) => t.toFixed(0)).join(', ') || 'none'}`,
      'self time (CPU) by trace event:',
      ...largest(trace.selfCpu, 15).map(([n, ms]) => `  ${ms.toFixed(1).padStart(8)}  ${n}`),
      'JavaScript self time:',
      ...js.self.map(([n, ms]) => `  ${ms.toFixed(1).padStart(8)}  ${n}`),
      'JavaScript total time:',
      ...js.total.map(([n, ms]) => `  ${ms.toFixed(1).padStart(8)}  ${n}`),
      '',
    ].join('\n'),
  )
  await writeFile(`/tmp/profile-lists-${name.replace(/\W+/g, '-')}.json`, JSON.stringify({ events, profile }))
}

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click()

const seed = (process.argv[2] ?? 'big') as SeedName
const emulator = await startEmulator({ seed })
const dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-profile-lists-'))
const vaultService = `Operately Tray profile ${randomUUID()}`
const services = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
const harness = await startHarness({ dataDir, services })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
try {
  const signedIn = await services.dispatch('session.signIn', {
    baseUrl: emulator.url,
    token: emulator.tokens.write,
  })
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`)
  const page = await browser.newPage({ viewport: { width: 380, height: 560 } })
  await page.goto(harness.url)
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  await page.waitForTimeout(1_000)
  // The inbox, shown and left alone: it should cost nothing while nobody touches it.
  await profiled(page, 'inbox idle', () => page.waitForTimeout(3_000))
  await profiled(page, 'first goals', async () => {
    await tab(page, 'Check-ins')
    await page.locator('[role="option"]').first().waitFor()
    await page.waitForTimeout(500)
  })
  await tab(page, 'Inbox')
  await page.waitForTimeout(500)
  await profiled(page, 'cached goals', async () => {
    await tab(page, 'Check-ins')
    await page.locator('[role="option"]').first().waitFor()
    await page.waitForTimeout(500)
  })
  await page.getByLabel('Filter goals').focus()
  await page.waitForTimeout(500)
  await profiled(page, 'filter', async () => {
    await page.keyboard.type('latency 01', { delay: 100 })
    await page.waitForTimeout(1_000)
  })
} finally {
  await browser.close()
  await services.dispatch('session.signOut', {})
  await harness.close()
  await services.close()
  await keytar.deletePassword(vaultService, emulator.url).catch(() => false)
  await emulator.close()
  await rm(dataDir, { recursive: true, force: true })
}
process.exit(0)
