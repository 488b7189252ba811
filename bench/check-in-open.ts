import type { Page } from 'playwright-core'
import type { Emulator, SeedName } from '../e2e/emulator'
import { startListsRig } from './lists-rig'
import { result, type BenchResult } from './result'
import { median, round } from './stats'

/**
 * Opening a goal's check-in form, and a project's weekly one from its inbox row (issue 36), in headless Chromium through the browser harness at the
 * popup's size (380×560), backed by real main services signed in to the emulator, at the usual seed and at
 * the big company (10,000 goals, 5,000 projects, 1,000 people) in the same run: from the click on the goal
 * in the Check-ins list to the form usable (see USABLE below), timed in the page. The same goal at both
 * seeds: "Ship the Analytical Engine v2", whose champion is the signed-in person (Ada), in a space that holds
 * the whole company (everyoneInGoalSpace): every person may be notified of its check-ins.
 *
 * _Cold_: the first open of a goal after a fresh sign-in (main has read nothing about the goal, the
 * renderer has not loaded the form's code); a fresh rig per run. _Warm_: back to the list and the same
 * goal opened again in the same popup.
 *
 *   scripts/with-keyring.sh npx tsx bench/check-in-open.ts     # this module alone (after npx electron-vite build)
 */

export const CHECK_IN_GOAL = 'Ship the Analytical Engine v2'
/** The project whose weekly check-in is opened from its inbox row (Ada is its champion). */
export const CHECK_IN_PROJECT = 'Launch site'

/** What is opened: a goal from the Check-ins list, or a project's weekly check-in from its inbox row. */
export type OpenKind = 'goal' | 'project'
/** Fresh sign-ins per seed for the cold figure (each a new rig: emulator, services, browser). */
const COLD_RUNS = 3
/** Opens of the same goal again in the same popup, for the warm figure. */
const WARM_RUNS = 5
export const CHECK_IN_OPEN_BUDGET_MS = 300
/** How long after the form is usable the open's calls and requests are still counted (what it set off). */
const TAIL_MS = 1_000

/** One open: the times from the click, and what it asked of main and of the server. */
export interface OpenTiming {
  /** Click → the task after the frame in which the form is usable: the figure held to the budget. */
  usableMs: number
  /** Click → the animation frame after the form became usable (the frame that paints it). */
  frameMs: number
  /** Click → the DOM first meeting the condition. */
  domMs: number
  /** Bridge calls (IPC through the harness) started from the click to usable, by operation. */
  calls: Record<string, number>
  /** Bridge calls started from the click to TAIL_MS after usable. */
  callsWithTail: Record<string, number>
  /** Emulator API requests seen from the click to usable (as the page reports it), by endpoint. */
  requests: Record<string, number>
  /** Emulator API requests seen from the click to TAIL_MS after usable. */
  requestsWithTail: Record<string, number>
  /** Elements in the page when usable. */
  elements: number
}

/**
 * In-page script (a string: the bench's own code is compiled with helpers the page does not have). Arms a
 * timer on `window.__checkInOpen`: the click's event timestamp (the input event the app acts on, captured
 * before the app sees it) to usable.
 *
 * USABLE: the check-in form (`section.check-in [role="form"]`) is in the page with its three status radios
 * (`[role="radiogroup"] input[type="radio"]`), none `disabled`, and the message editor
 * (`.ProseMirror[contenteditable="true"]`) inside it, not in an `aria-disabled` part. The clock stops in
 * the task after the next animation frame once the DOM says so (rAF callbacks run before the frame's
 * paint; a message posted from there runs after it), so the figure includes the paint.
 */
const armTimer = `(() => {
  performance.clearResourceTimings()
  window.__checkInOpen = new Promise((resolve) => {
    let clickAt = null
    let done = false
    const usable = () => {
      const form = document.querySelector('section.check-in [role="form"]')
      if (!form) return false
      const radios = [...form.querySelectorAll('[role="radiogroup"] input[type="radio"]')]
      if (radios.length !== 3 || radios.some((r) => r.disabled)) return false
      const editor = form.querySelector('.ProseMirror[contenteditable="true"]')
      return editor !== null && editor.closest('[aria-disabled="true"]') === null
    }
    const check = () => {
      if (done || clickAt === null || !usable()) return
      done = true
      observer.disconnect()
      const domAt = performance.now()
      requestAnimationFrame(() => {
        const frameAt = performance.now()
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          const usableAt = performance.now()
          resolve({
            clickAt,
            usableAt,
            usableMs: usableAt - clickAt,
            frameMs: frameAt - clickAt,
            domMs: domAt - clickAt,
            elements: document.querySelectorAll('*').length,
          })
        }
        channel.port2.postMessage(null)
      })
    }
    document.addEventListener('click', (event) => {
      if (clickAt === null) clickAt = event.timeStamp
      check()
    }, { capture: true, once: true })
    const observer = new MutationObserver(check)
    observer.observe(document.body, {
      childList: true, subtree: true, attributes: true,
      attributeFilter: ['contenteditable', 'disabled', 'aria-disabled'],
    })
  })
})()`

/** The bridge calls the page started between two of its times, by operation (resource timing). */
const callsBetween = (from: number, to: number) => `performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/__harness/call/') && e.startTime >= ${from} && e.startTime <= ${to})
  .map((e) => e.name.split('/__harness/call/')[1])`

const tally = (names: readonly string[]): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)))
}

const endpointsSince = (emulator: Emulator, from: number): string[] =>
  emulator.state.requests.slice(from).map((r) => r.endpoint ?? r.path)

/**
 * The goal's space holds the whole company, as a company-wide space does in Operately: its
 * potential_subscribers are then everyone (1,000 people at the big company, the usual seed's 7 there).
 * The big seed leaves the new people out of every space, which would hide what a goal of such a space costs.
 */
export function everyoneInGoalSpace(emulator: Emulator, kind: OpenKind = 'goal'): number {
  const { state } = emulator
  const spaceId =
    kind === 'goal'
      ? state.goals.find((g) => g.name === CHECK_IN_GOAL)?.spaceId
      : state.projects.find((p) => p.name === CHECK_IN_PROJECT)?.spaceId
  const space = state.spaces.find((s) => s.id === spaceId)
  if (!space) throw new Error(`check-in open: no space for the ${kind}`)
  space.memberIds = state.people.filter((p) => !p.suspended).map((p) => p.id)
  if (kind === 'project') {
    // Owed since two days ago: the inbox lists its weekly check-in with a "Write check-in" button.
    const project = state.projects.find((p) => p.name === CHECK_IN_PROJECT)!
    project.nextCheckInScheduledAt = new Date(Date.now() - 2 * 86_400_000).toISOString()
  }
  return space.memberIds.length
}

const projectRow = (page: Page) =>
  page.getByRole('button', { name: `Write check-in for ${CHECK_IN_PROJECT}` })

/** The inbox, the project's row in it. */
async function showProjectInInbox(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' })
  await nav.getByRole('button', { name: /^Inbox/ }).click()
  // The rig's sign-in read the inbox before the project was made due: asked again, as Refresh does.
  if (!(await projectRow(page).isVisible())) {
    await page.getByRole('button', { name: 'Refresh' }).click()
  }
  // A long inbox draws only the rows on screen (the big company owes hundreds): scrolled to it.
  await page.locator('main').evaluate((main) => main.scrollTo({ top: 0 }))
  for (let step = 0; step < 400 && !(await projectRow(page).isVisible()); step++) {
    await page.locator('main').evaluate((main) => main.scrollBy({ top: 240 }))
    await page.waitForTimeout(30)
  }
  await projectRow(page).waitFor()
  await projectRow(page).scrollIntoViewIfNeeded()
  await page.waitForTimeout(500)
}

const showInList = (page: Page, kind: OpenKind) =>
  kind === 'goal' ? showGoalInList(page) : showProjectInInbox(page)

/** The Check-ins list filtered down to the goal, its option shown and the list whole. */
async function showGoalInList(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' })
  await nav.getByRole('button', { name: 'Check-ins' }).click()
  const filter = page.getByLabel('Filter goals')
  await filter.waitFor()
  await filter.fill('Analytical Engine')
  await page.getByRole('option', { name: CHECK_IN_GOAL }).waitFor()
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null)
  // The list's own work after a read (rights of the rows drawn) is not the open's.
  await page.waitForTimeout(500)
}

/** Clicks the goal (Playwright's real mouse input) and times it to usable, in the page. */
export async function timeOpen(page: Page, emulator: Emulator, kind: OpenKind = 'goal'): Promise<OpenTiming> {
  await page.evaluate(armTimer)
  const requestsBefore = emulator.state.requests.length
  await (kind === 'goal' ? page.getByRole('option', { name: CHECK_IN_GOAL }) : projectRow(page)).click()
  const timing = await page.evaluate<{
    clickAt: number
    usableAt: number
    usableMs: number
    frameMs: number
    domMs: number
    elements: number
  }>('window.__checkInOpen')
  const requests = endpointsSince(emulator, requestsBefore)
  await page.waitForTimeout(TAIL_MS)
  // Read after the tail: a call's resource timing is there only once its answer is in.
  const calls = await page.evaluate<string[]>(callsBetween(timing.clickAt, timing.usableAt))
  const callsWithTail = await page.evaluate<string[]>(callsBetween(timing.clickAt, timing.usableAt + TAIL_MS))
  return {
    usableMs: timing.usableMs,
    frameMs: timing.frameMs,
    domMs: timing.domMs,
    elements: timing.elements,
    calls: tally(calls),
    callsWithTail: tally(callsWithTail),
    requests: tally(requests),
    requestsWithTail: tally(endpointsSince(emulator, requestsBefore)),
  }
}

/** Back to the list from the form. */
async function backToList(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'All goals' }).first().click()
  await page.getByLabel('Filter goals').waitFor()
}

interface SeedFigures {
  cold: OpenTiming[]
  warm: OpenTiming[]
}

const count = (tallied: Record<string, number>) => Object.values(tallied).reduce((a, b) => a + b, 0)
const described = (tallied: Record<string, number>) =>
  Object.entries(tallied)
    .map(([name, n]) => `${name} ×${n}`)
    .join(', ') || 'none'

async function measureSeed(
  seed: SeedName,
  kind: OpenKind,
  log: (line: string) => void,
): Promise<SeedFigures> {
  const cold: OpenTiming[] = []
  const warm: OpenTiming[] = []
  let members = 0
  for (let run = 0; run < COLD_RUNS; run++) {
    const rig = await startListsRig(seed)
    try {
      members = everyoneInGoalSpace(rig.emulator, kind)
      await showInList(rig.page, kind)
      cold.push(await timeOpen(rig.page, rig.emulator, kind))
      // The warm opens on the last rig only: the same popup, opened once already.
      if (run === COLD_RUNS - 1) {
        for (let again = 0; again < WARM_RUNS; again++) {
          if (kind === 'goal') await backToList(rig.page)
          await showInList(rig.page, kind)
          warm.push(await timeOpen(rig.page, rig.emulator, kind))
        }
      }
    } finally {
      await rig.close()
    }
  }
  const ms = (runs: OpenTiming[]) => runs.map((r) => round(r.usableMs, 0)).join('/')
  log(
    `${kind}, ${seed}: cold ${ms(cold)} ms, warm ${ms(warm)} ms; ${cold.at(-1)!.elements} elements; ${members} people in the ${kind}'s space`,
  )
  log(`${kind}, ${seed}: cold open's bridge calls: ${described(cold.at(-1)!.calls)}`)
  log(`${kind}, ${seed}: cold open's requests: ${described(cold.at(-1)!.requests)}`)
  log(`${kind}, ${seed}: warm open's bridge calls: ${described(warm.at(-1)!.calls)}`)
  log(`${kind}, ${seed}: warm open's requests: ${described(warm.at(-1)!.requests)}`)
  return { cold, warm }
}

export async function measureCheckInOpen(log: (line: string) => void): Promise<BenchResult[]> {
  const rows: BenchResult[] = []
  for (const what of ['goal', 'project'] as const) rows.push(...(await measureKind(what, log)))
  return rows
}

async function measureKind(what: OpenKind, log: (line: string) => void): Promise<BenchResult[]> {
  const usual = await measureSeed('usual', what, log)
  const big = await measureSeed('big', what, log)
  const form = what === 'goal' ? 'check-in form open' : 'project check-in form open'
  const first = what === 'goal' ? "the goal's first open" : "the project's first open, from its inbox row"
  const rows: BenchResult[] = []
  for (const kind of ['cold', 'warm'] as const) {
    const runs = kind === 'cold' ? COLD_RUNS : WARM_RUNS
    const how =
      kind === 'cold'
        ? `median of ${runs} fresh sign-ins, ${first}`
        : `median of ${runs} opens again in the same popup`
    const usualMs = median(usual[kind].map((r) => r.usableMs))
    const bigMs = median(big[kind].map((r) => r.usableMs))
    const last = (figures: SeedFigures) => figures[kind].at(-1)!
    const tail = (o: OpenTiming) =>
      `${count(o.calls)} bridge calls to usable (${described(o.calls)}), ${count(o.callsWithTail)} with the ${TAIL_MS} ms after; ` +
      `${count(o.requests)} API requests to usable (${described(o.requests)}), ${count(o.requestsWithTail)} with the ${TAIL_MS} ms after`
    rows.push(
      result(`${form}, ${kind}, usual seed`, usualMs, 'ms', null, {
        note: `${how}; runs ${usual[kind].map((r) => round(r.usableMs, 0)).join('/')}; frame ${round(median(usual[kind].map((r) => r.frameMs)), 0)}, DOM ${round(median(usual[kind].map((r) => r.domMs)), 0)}; ${last(usual).elements} elements; ${tail(last(usual))}`,
      }),
      result(`${form}, ${kind}, 1,000 people / 10,000 goals`, bigMs, 'ms', CHECK_IN_OPEN_BUDGET_MS, {
        note: `${how}; runs ${big[kind].map((r) => round(r.usableMs, 0)).join('/')}; frame ${round(median(big[kind].map((r) => r.frameMs)), 0)}, DOM ${round(median(big[kind].map((r) => r.domMs)), 0)}; ${last(big).elements} elements; ${tail(last(big))}`,
      }),
      result(`${form}, ${kind}: big company ÷ usual seed`, bigMs / Math.max(usualMs, 1), '×', null, {
        note: 'for context: what the size of the company costs the open',
      }),
    )
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./result')
  const rows = await measureCheckInOpen((line) => console.log(`  ${line}`))
  console.log(formatTable(rows))
  const notes = rows.filter((r) => r.note).map((r) => `  ${r.name}: ${r.note}`)
  console.log(`Notes:\n${notes.join('\n')}`)
  process.exit(0)
}
