import { readFileSync, writeFileSync } from 'node:fs'
import { chromium, type CDPSession, type Page } from 'playwright-core'
import type { RichDoc } from '../e2e/emulator/types'
import {
  chromiumArgs,
  corpusPath,
  lastBlockPrefix,
  openProjectsList,
  projectRow,
  startAppRig,
  timedOpen,
  viewport,
} from './editor'
import { readSnapshot, shortestRetainers, takeSnapshot, type HeapSnapshot } from './heap-snapshot'
import * as scripts from './page-scripts'

/**
 * What the renderer's heap gains between open/close cycle 2 and cycle 20 of the 1 MB document, the same
 * cycles as the editor bench's memory rows: a heap snapshot after closing at both cycles (after the same
 * forced GCs), compared by node type and by type + constructor/name, then the objects that are new since
 * cycle 2 and still alive, with a shortest retainer path for the largest of the top groups. Not part of
 * `npm run bench`: run it by hand when the heap growth row moves.
 *
 *   npx electron-vite build && scripts/with-keyring.sh npx tsx bench/heap-diff.ts [cycles=20]
 *
 * Constructor names are the build's: for readable ones, build once with `minify: false` in
 * electron.vite.config.ts's renderer section (and do not commit that). The snapshots are written to
 * /tmp/heap-cycle-<n>.heapsnapshot (DevTools' Memory tab opens them too).
 */

const cycles = Number(process.argv[2] ?? 20)
const snapshotAt = new Set([2, cycles])
const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string'])

async function gcAndUsage(page: Page, cdp: CDPSession): Promise<number> {
  await page.evaluate(scripts.clearTimingBuffers)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const usage = await cdp.send('Runtime.getHeapUsage')
  return usage.usedSize / (1024 * 1024)
}

const groupOf = (snapshot: HeapSnapshot, i: number) => {
  const type = snapshot.type[i]!
  if (STRING_TYPES.has(type)) return `${type}`
  const name = snapshot.name[i]!.replace(/\s+/g, ' ')
  return `${type} · ${name.length > 70 ? `${name.slice(0, 67)}…` : name}`
}

interface Tally {
  count: number
  size: number
}

function tally(snapshot: HeapSnapshot, key: (i: number) => string, only?: (i: number) => boolean) {
  const table = new Map<string, Tally>()
  for (let i = 0; i < snapshot.count; i++) {
    if (only && !only(i)) continue
    const k = key(i)
    const t = table.get(k) ?? { count: 0, size: 0 }
    t.count++
    t.size += snapshot.selfSize[i]!
    table.set(k, t)
  }
  return table
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`.padStart(9)
const signed = (n: number, digits = 1) => `${n >= 0 ? '+' : ''}${n.toFixed(digits)}`

function diffTable(before: Map<string, Tally>, after: Map<string, Tally>, rows: number): string[] {
  const keys = new Set([...before.keys(), ...after.keys()])
  const diffs = [...keys].map((key) => {
    const a = before.get(key) ?? { count: 0, size: 0 }
    const b = after.get(key) ?? { count: 0, size: 0 }
    return { key, count: b.count - a.count, size: b.size - a.size, after: b }
  })
  diffs.sort((x, y) => Math.abs(y.size) - Math.abs(x.size))
  const total = diffs.reduce((sum, d) => sum + d.size, 0)
  return [
    `  ${'Δ KB'.padStart(9)} ${'Δ count'.padStart(9)} ${'KB now'.padStart(9)}  group`,
    ...diffs
      .slice(0, rows)
      .map(
        (d) =>
          `  ${signed(d.size / 1024).padStart(9)} ${signed(d.count, 0).padStart(9)} ${kb(d.after.size)}  ${d.key}`,
      ),
    `  ${signed(total / 1024).padStart(9)} in all`,
  ]
}

function retainerPath(snapshot: HeapSnapshot, retainers: ReturnType<typeof shortestRetainers>, node: number) {
  const steps: string[] = []
  for (let at = node; retainers.from[at]! >= 0 && steps.length < 14; at = retainers.from[at]!) {
    const parent = retainers.from[at]!
    const edge = retainers.via[at]!
    steps.push(`${groupOf(snapshot, parent)} —${snapshot.edgeType[edge]} ${snapshot.edgeName[edge]}→`)
  }
  if (retainers.from[node] === -1 && node !== 0) return ['    (only weakly reachable)']
  return steps.map((step) => `    ← ${step}`)
}

const doc = JSON.parse(readFileSync(corpusPath, 'utf8')) as RichDoc
const lastText = lastBlockPrefix(doc as never)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: chromiumArgs,
})
const rig = await startAppRig(doc)
const snapshots = new Map<number, HeapSnapshot>()
const usage: number[] = []
try {
  const page = await (await browser.newContext({ viewport })).newPage()
  // One CDP session for the whole run: V8 numbers heap objects per profiling session (the numbering
  // restarts when the last session that enabled the heap profiler goes), and the objects of the two
  // snapshots are matched by those numbers.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await openProjectsList(page, rig.harness)
  for (let cycle = 1; cycle <= cycles; cycle++) {
    await timedOpen(page, projectRow(page, 'Office move'), lastText)
    await page.getByRole('button', { name: 'Back to projects' }).click()
    await page.getByLabel('Filter projects').waitFor()
    usage.push(await gcAndUsage(page, cdp))
    if (snapshotAt.has(cycle)) {
      const text = await takeSnapshot(cdp)
      writeFileSync(`/tmp/heap-cycle-${cycle}.heapsnapshot`, text)
      snapshots.set(cycle, readSnapshot(text))
    }
  }
  await cdp.detach()
  await page.context().close()
} finally {
  await rig.close()
  await browser.close()
}

const before = snapshots.get(2)!
const after = snapshots.get(cycles)!
const sum = (s: HeapSnapshot) => s.selfSize.reduce((a, b) => a + b, 0)
const lines = [
  `heap after close (usedSize after GC), MB: ${usage.map((mb) => mb.toFixed(2)).join(', ')}`,
  `snapshot self sizes: cycle 2 ${(sum(before) / 2 ** 20).toFixed(2)} MB (${before.count} nodes), cycle ${cycles} ${(sum(after) / 2 ** 20).toFixed(2)} MB (${after.count} nodes)`,
  '',
  `## by node type, cycle 2 → ${cycles}`,
  ...diffTable(
    tally(before, (i) => before.type[i]!),
    tally(after, (i) => after.type[i]!),
    20,
  ),
  '',
  `## by node type and name, cycle 2 → ${cycles} (largest changes)`,
  ...diffTable(
    tally(before, (i) => groupOf(before, i)),
    tally(after, (i) => groupOf(after, i)),
    40,
  ),
]

// Objects allocated after the cycle-2 snapshot and still alive at the end (snapshot ids are stable).
const oldIds = new Set(before.id)
const isNew = (i: number) => !oldIds.has(after.id[i]!)
const fresh = tally(after, (i) => groupOf(after, i), isNew)
const freshRows = [...fresh].sort((a, b) => b[1].size - a[1].size)
lines.push('', `## alive at cycle ${cycles}, allocated after the cycle-2 snapshot`)
lines.push(`  ${'KB'.padStart(9)} ${'count'.padStart(9)}  group`)
for (const [key, t] of freshRows.slice(0, 30))
  lines.push(`  ${kb(t.size)} ${String(t.count).padStart(9)}  ${key}`)
lines.push(`  ${kb(freshRows.reduce((s, [, t]) => s + t.size, 0))} in all`)

const retainers = shortestRetainers(after)
lines.push('', '## a shortest retainer path for the largest new object of the top groups')
for (const [key] of freshRows.slice(0, 12)) {
  let largest = -1
  for (let i = 0; i < after.count; i++) {
    if (
      isNew(i) &&
      groupOf(after, i) === key &&
      (largest === -1 || after.selfSize[i]! > after.selfSize[largest]!)
    )
      largest = i
  }
  const name = after.name[largest]!.replace(/\s+/g, ' ').slice(0, 60)
  lines.push(
    `  ${key} (${after.selfSize[largest]} B${STRING_TYPES.has(after.type[largest]!) ? `, "${name}"` : ''})`,
  )
  lines.push(...retainerPath(after, retainers, largest))
}
console.log(lines.join('\n'))
process.exit(0)
