import { writeFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { largest, mainThreadTime, startTrace } from './trace'

/*
 * Where a page's time goes, for the hand-run profiles (profile-editor.ts, profile-lists.ts): a Chrome
 * trace (main-thread self time per event kind) and a sampled CPU profile (JavaScript self and total time
 * per function) around one piece of work.
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

export interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Self and total time (ms) per JavaScript function in a sampled CPU profile (the `top` largest of each). */
export function profileSummary(profile: CpuProfile, top = 40) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    return `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const name = label(byId.get(id)!)
    self.set(name, (self.get(name) ?? 0) + ms)
    // A recursive function counts once per sample in the total.
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const outer = label(byId.get(at)!)
      if (seen.has(outer)) continue
      seen.add(outer)
      total.set(outer, (total.get(outer) ?? 0) + ms)
    }
  })
  const largest = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n)
  return { self: largest(self, top), total: largest(total, Math.round(top * 1.5)) }
}

const row = ([name, ms]: [string, number]) => `  ${ms.toFixed(1).padStart(8)}  ${name}`

/**
 * Runs `work` under a trace and a CPU profile of `page`, prints where the time went under `## name`, and
 * writes both to /tmp/profile-<name>.json (for Chrome's performance panel).
 */
export async function profiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page)
  const stop = await startTrace(cdp, ['v8'])
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const result = await work()
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
      ...largest(trace.selfCpu, 25).map(row),
      'JavaScript self time:',
      ...js.self.map(row),
      'JavaScript total time:',
      ...js.total.map(row),
      '',
    ].join('\n'),
  )
  await writeFile(`/tmp/profile-${name.replace(/\W+/g, '-')}.json`, JSON.stringify({ events, profile }))
  return result
}
