import { createServer, request } from 'node:http'
import { expect, type Locator, type Page } from '@playwright/test'
import { SEED_IDS, versionHeader } from '../emulator'
import type { Emulator, Goal, RequestLogEntry } from '../emulator/types'
import { settleEditor } from './focus'

/** The goal picker, the check-in form and its result view, found the way a person finds them. */
export function checkInScreen(page: Page) {
  const precisionGroup = page.getByRole('radiogroup', { name: 'Due date precision' })
  return {
    filter: page.getByRole('combobox', { name: 'Filter goals' }),
    goalList: page.getByRole('listbox', { name: 'Goals' }),
    goalOption: (name: string) => page.getByRole('option', { name }),
    heading: (goalName: string) => page.getByRole('heading', { level: 1, name: goalName }),
    backToGoals: page.getByRole('button', { name: 'All goals' }),

    statusGroup: page.getByRole('radiogroup', { name: 'Status' }),
    status: (label: 'On track' | 'Caution' | 'Off track') =>
      page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: label, exact: true }),
    changeDueDate: page.getByRole('button', { name: 'Change due date' }),
    removeDueDate: page.getByRole('button', { name: 'Remove due date' }),
    keepDueDate: page.getByRole('button', { name: 'Keep the due date' }),
    precision: (label: 'Day' | 'Month' | 'Quarter' | 'Year') =>
      precisionGroup.getByRole('radio', { name: label, exact: true }),
    dueDay: page.getByLabel('Due Day', { exact: true }),
    dueMonth: page.getByRole('combobox', { name: 'Due Month', exact: true }),
    dueQuarter: page.getByRole('combobox', { name: 'Due Quarter', exact: true }),
    dueYear: page.getByRole('combobox', { name: 'Due Year', exact: true }),
    target: (name: string) => page.getByRole('textbox', { name, exact: true }),
    checklistItem: (name: string) => page.getByRole('checkbox', { name, exact: true }),
    message: page.getByRole('textbox', { name: 'Message', exact: true }),
    notifyEveryone: page.getByRole('radio', { name: 'Notify everyone' }),
    notifyChosen: page.getByRole('radio', { name: 'Only the people I choose' }),
    submit: page.getByRole('button', { name: /^(Submit check-in|Submitting…)$/ }),
    tryAgain: page.getByRole('button', { name: /^(Try again|Trying again…)$/ }),
    /** Alerts that say something (the empty live regions are always there). */
    alert: page.getByRole('alert').filter({ hasText: /\S/ }),
    draftSaved: page.getByRole('status').filter({ hasText: 'Draft saved' }),

    resultHeading: page.getByRole('heading', { name: 'Check-in sent' }),
    openInOperately: page.getByRole('button', { name: 'Open in Operately' }),
    nextGoal: page.getByRole('button', { name: 'Next goal' }),

    /** Opens a goal from the picker by its name. */
    async openGoal(name: string): Promise<void> {
      await this.filter.fill(name)
      await this.goalOption(name).click()
      await this.heading(name).waitFor()
    },

    /** Types into the message editor (a contenteditable: click into it, then type). */
    async writeMessage(text: string): Promise<void> {
      await this.message.click()
      await settleEditor(this.message)
      await page.keyboard.type(text)
    },
  }
}

export type CheckInScreen = ReturnType<typeof checkInScreen>

export const SHIP_ENGINE = 'Ship the Analytical Engine v2'
export const COMPILER_HANDBOOK = 'Publish the compiler handbook'

/**
 * Every create_check_in request for a goal the emulator received, answered or not. One naming no goal
 * cannot create anything: those are the app's questions of what the server takes, asked at sign-in
 * (src/main/services/operately/capabilities.ts), and proven side-effect free there.
 */
export const checkInRequests = (emulator: Emulator): RequestLogEntry[] =>
  emulator.state.requests.filter(
    (r) =>
      r.endpoint === 'goals/create_check_in' &&
      r.method === 'POST' &&
      typeof r.body === 'object' &&
      r.body !== null &&
      'goal_id' in r.body,
  )

/** The body of the only create_check_in request, as the server received it. */
export function onlyCheckInBody(emulator: Emulator): Record<string, unknown> {
  const requests = checkInRequests(emulator)
  if (requests.length !== 1) throw new Error(`expected one create_check_in request, got ${requests.length}`)
  return requests[0]!.body as Record<string, unknown>
}

export const shipEngineGoal = (emulator: Emulator): Goal => {
  const goal = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)
  if (!goal) throw new Error('the seeded goal "Ship the Analytical Engine v2" is missing')
  return goal
}

/** Check-ins on a goal stored by the emulator, newest last. */
export const checkInsOn = (emulator: Emulator, goalId: string) =>
  emulator.state.checkIns.filter((c) => c.goalId === goalId)

/** Text of a locator with whitespace collapsed. */
export const textOf = async (locator: Locator): Promise<string> =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim()

// -------------------------------------------------------------------------------------------------
// A pass-through proxy in front of the emulator, for answers the emulator has no switch for: a 400 from
// create_check_in, or a dropped connection on one endpoint only. Everything else reaches the emulator.

export type ProxyAnswer = { drop: true } | { status: number; body: string; contentType?: string }

export interface ProxyRule {
  /** `<namespace>/<name>`, e.g. `goals/create_check_in`. */
  endpoint: string
  answer: ProxyAnswer
  /** How many matching requests get this answer (default: every one until the rule is removed). */
  times?: number
  /** How many matching requests pass through untouched before the rule acts (default 0). */
  skip?: number
}

export interface AnsweringProxy {
  url: string
  setRules(rules: ProxyRule[]): void
  close(): Promise<void>
}

export async function startAnsweringProxy(targetUrl: string): Promise<AnsweringProxy> {
  const target = new URL(targetUrl)
  let rules: Array<ProxyRule & { left: number; skipped: number }> = []

  const server = createServer((req, res) => {
    const endpoint = /^\/api\/external\/v1\/([^?]+)/.exec(req.url ?? '')?.[1] ?? null
    const matching = rules.find((r) => r.endpoint === endpoint && r.left > 0)
    let rule: (typeof rules)[number] | null = null
    if (matching && matching.skipped < (matching.skip ?? 0)) matching.skipped++
    else if (matching) rule = matching
    if (rule) {
      rule.left--
      req.resume()
      if ('drop' in rule.answer) {
        res.socket?.destroy()
        return
      }
      res.writeHead(rule.answer.status, {
        'content-type': rule.answer.contentType ?? 'application/json',
        // The server behind it answers with its build's header: a proxy answering for it says the same.
        'x-operately-version': versionHeader('1.8.0'),
      })
      res.end(rule.answer.body)
      return
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.socket?.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the proxy got no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    setRules(next) {
      rules = next.map((r) => ({ ...r, left: r.times ?? Number.POSITIVE_INFINITY, skipped: 0 }))
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}

// -------------------------------------------------------------------------------------------------
// Filling in every part of the form, and checking that every part is still as filled.

export const FILLED = {
  status: 'Caution',
  teams: '88',
  load: '2.05',
  message: 'Security review slipped a week; asked Barbara to chase.',
  dueYear: String(new Date().getFullYear() + 2),
} as const

export async function fillEverything(ui: CheckInScreen): Promise<void> {
  await ui.status(FILLED.status).check()
  await ui.changeDueDate.click()
  await ui.precision('Year').check()
  await ui.dueYear.selectOption(FILLED.dueYear)
  await ui.target('Weekly active teams').fill(FILLED.teams)
  await ui.target('p95 page load').fill(FILLED.load)
  await ui.checklistItem('Pricing page live').check()
  await ui.writeMessage(FILLED.message)
  await ui.notifyChosen.check()
}

export async function expectEverythingKept(ui: CheckInScreen): Promise<void> {
  await expect(ui.status(FILLED.status)).toBeChecked()
  await expect(ui.precision('Year')).toBeChecked()
  await expect(ui.dueYear).toHaveValue(FILLED.dueYear)
  await expect(ui.target('Weekly active teams')).toHaveValue(FILLED.teams)
  await expect(ui.target('p95 page load')).toHaveValue(FILLED.load)
  await expect(ui.checklistItem('Pricing page live')).toBeChecked()
  await expect(ui.checklistItem('Beta with 5 design partners')).toBeChecked()
  await expect(ui.message).toHaveText(FILLED.message)
  await expect(ui.notifyChosen).toBeChecked()
}

/** Loads the popup and shows the check-ins section (whichever section the popup opens on). */
export async function openCheckIns(page: Page, url: string): Promise<CheckInScreen> {
  await page.goto(url)
  const tab = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Check-ins' })
  await tab.waitFor()
  if ((await tab.getAttribute('aria-current')) !== 'page') await tab.click()
  const ui = checkInScreen(page)
  await ui.filter.waitFor()
  return ui
}
