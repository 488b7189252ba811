import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import keytar from 'keytar'
import { createMainServices } from '../src/main/services/create-services'
import { SEED_IDS } from './emulator'
import type { Emulator } from './emulator/types'
import { startHarness, type Harness } from './harness'
import {
  checkInScreen,
  openCheckIns,
  SHIP_ENGINE,
  startAnsweringProxy,
  type AnsweringProxy,
} from './support/check-in'
import { descriptionUi, paragraph, projects, storedProject, text } from './support/description'
import { axeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { settleEditor } from './support/focus'
import { giveAdaOnboardingDocs, inboxScreen, makeDue, ONBOARDING_DOCS } from './support/inbox'
import { popup } from './support/popup'
import { syncRow, syncUi } from './support/sync'

// axe-core, the accessibility checker, on every state of the popup named below, each in light and in dark:
// any violation of any rule it runs by default (WCAG 2.x A and AA, and its best practices) fails the test.
// The states are reached in a few journeys (one page each, to keep the run short); every step ends on
// something that proves its state was reached, so a state that cannot be reached fails, never skips.
// A new state is one line: its name and the step that reaches it from the line above.

const JOURNEYS: Journey[] = [
  {
    start: 'signed out',
    states: [
      ['sign-in', signInScreen],
      ['sign-in with an error', signInRefused],
      ['the account and Settings', signedInAccount],
      ['the offline inbox', offlineInbox],
    ],
  },
  {
    start: 'signed in',
    states: [
      ['goal picker', goalPicker],
      ['check-in form', checkInForm],
      ['form with errors, the date editor open and a number question', formWithErrors],
      ['the mention menu open', mentionMenuOpen],
      ['the editor’s link dialog', linkDialogOpen],
      ['result with what changed', checkInResult],
    ],
  },
  {
    start: 'signed in',
    states: [
      [
        'the earlier check-ins all open, a mention made text, the trends with their figures',
        historyAndTrends,
      ],
      ['the question before replacing a written message', replaceQuestion],
      ['the schedule picker with a time refused', schedulePicker],
      ['a check-in saved as a draft', savedAsDraft],
    ],
  },
  {
    start: 'signed in',
    states: [
      ['a slow submit: "Still waiting for Operately…"', slowSubmit],
      ['"Keep it in the background"', keptInTheBackground],
    ],
  },
  {
    start: 'signed in',
    states: [
      ['inbox', inboxWithARound],
      ['the round, first goal', roundFirstGoal],
      ['the round after a real submit', roundAfterASubmit],
      ['the round’s summary above the inbox', roundSummary],
    ],
  },
  {
    start: 'signed in',
    states: [
      ['projects', projectList],
      ['the read-only notice', readOnlyProject],
      ['description editor', descriptionEditor],
      ['editor with a conflict', descriptionConflict],
    ],
  },
  {
    start: 'signed in',
    states: [
      ['the inbox with a project’s weekly check-in owed', inboxWithProjectCheckIn],
      ['the project check-in form, written too early to count for its week', projectCheckInTooEarly],
      ['the project check-in form with its status missing', projectCheckInStatusMissing],
      ['the project check-in sent', projectCheckInSent],
    ],
  },
  {
    start: 'signed in',
    states: [
      ['a check-in to acknowledge, read in the popup', reviewOpen],
      ['the check-in acknowledged', reviewAcknowledged],
    ],
  },
  {
    start: 'an outbox holding a damaged file, through a proxy',
    states: [
      ['a queued check-in', queuedCheckIn],
      ['Sync with a check-in, a description and a damaged row', syncWithThreeRows],
      ['Sync’s Discard question', discardQuestion],
      ['a "Needs you" check-in', needsYouCheckIn],
    ],
  },
]

interface Journey {
  start: 'signed out' | 'signed in' | 'an outbox holding a damaged file, through a proxy'
  states: Array<readonly [state: string, reach: Step]>
}

interface Context {
  page: Page
  emulator: Emulator
  harness: Harness
  /** Between the app and the emulator, for the outbox journey: answers some endpoints its own way. */
  proxy: AnsweringProxy | null
}

type Step = (context: Context) => Promise<void>

/** Scans the state in light, then in dark, on the same page; every state is scanned even after a failure. */
async function scanLightAndDark(page: Page, state: string): Promise<void> {
  const backgrounds: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    expect.soft(await axeViolations(page), `axe violations on ${state}, ${colorScheme}`).toEqual([])
  }
  // The page did change its colours: a dark scan of a page still in light colours would prove nothing.
  expect(backgrounds[0], `light and dark backgrounds on ${state}`).not.toBe(backgrounds[1])
}

async function runJourney(journey: Journey, context: Context): Promise<void> {
  for (const [state, reach] of journey.states) {
    await test.step(state, async () => {
      await reach(context)
      await scanLightAndDark(context.page, state)
    })
  }
}

// A journey is several states, each scanned twice: more than one state's worth of the usual 30 s.
test.describe.configure({ timeout: 120_000 })

const title = (journey: Journey) => journey.states.map(([state]) => state).join(' · ')

for (const journey of JOURNEYS) {
  if (journey.start === 'signed out') {
    test(title(journey), async ({ page, harness, emulator }) => {
      await runJourney(journey, { page, harness, emulator, proxy: null })
    })
  } else if (journey.start === 'signed in') {
    test(title(journey), async ({ page, signedIn, emulator }) => {
      await runJourney(journey, { page, harness: signedIn, emulator, proxy: null })
    })
  } else {
    test(title(journey), async ({ page, dataDir, vaultService, emulator }) => {
      // Left by an earlier run of the app: a queued description cut short in the middle of its words.
      await mkdir(join(dataDir, 'outbox'), { recursive: true })
      const whole = JSON.stringify({
        kind: 'description',
        payload: {
          projectId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
          description: '{"type":"doc","content":[',
        },
      })
      await writeFile(join(dataDir, 'outbox', `${randomUUID()}.json`), whole.slice(0, -10))
      const services = await createMainServices({ dataDir, keytar, vaultService })
      const harness = await startHarness({ dataDir, services })
      const proxy = await startAnsweringProxy(emulator.url)
      try {
        const signIn = await services.dispatch('session.signIn', {
          baseUrl: proxy.url,
          token: emulator.tokens.write,
        })
        expect(signIn.ok).toBe(true)
        await runJourney(journey, { page, harness, emulator, proxy })
      } finally {
        emulator.resume()
        await services.dispatch('session.signOut', {})
        await harness.close()
        await services.close()
        await proxy.close()
      }
    })
  }
}

// ---- Signed out, then signed in ----------------------------------------------------------------------

async function signInScreen({ page, harness }: Context) {
  await page.goto(harness.url)
  await expect(popup(page).signInHeading).toBeVisible()
}

async function signInRefused({ page, emulator }: Context) {
  const ui = popup(page)
  await ui.signIn(emulator.url, emulator.tokens.revoked)
  await expect(ui.token).toHaveAttribute('aria-invalid', 'true')
}

async function signedInAccount({ page, emulator }: Context) {
  await popup(page).signIn(emulator.url, emulator.tokens.write)
  await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible()
}

async function offlineInbox({ page, emulator }: Context) {
  const inbox = inboxScreen(page)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Inbox/ })
    .click()
  await expect(inbox.freshness).toHaveText(/^Updated \d{2}:\d{2}$/)
  emulator.pause()
  await inbox.refresh.click()
  await expect(inbox.freshness).toHaveText(/^Offline · last synced/)
  emulator.resume()
}

// ---- The check-in form -------------------------------------------------------------------------------

async function goalPicker({ page, harness }: Context) {
  const ui = await openCheckIns(page, harness.url)
  await expect(ui.goalOption(SHIP_ENGINE)).toBeVisible()
  await expect(page.getByText('View only').first()).toBeVisible()
}

async function checkInForm({ page }: Context) {
  await checkInScreen(page).openGoal(SHIP_ENGINE)
}

/** The form's history: every earlier check-in open, one started from (its gone person's note), each trend's table. */
async function historyAndTrends({ page, harness }: Context) {
  // The first state of its journey: the app is not open yet.
  const ui = await openCheckIns(page, harness.url)
  await ui.openGoal(SHIP_ENGINE)
  const history = page.getByRole('region', { name: 'Earlier check-ins' })
  await expect(history.locator('summary')).toHaveCount(3)
  await history.locator('summary').nth(1).click()
  await history.locator('summary').nth(2).click()
  await startFrom(page, 2).click()
  await expect(page.getByText(/Mary Somerville is no longer in Operately/)).toBeVisible()
  for (const target of ['Weekly active teams', 'p95 page load']) {
    await page.getByRole('button', { name: `${target} in figures` }).click()
    await expect(page.getByRole('button', { name: `${target} in figures` })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  }
}

const startFrom = (page: Page, n: number) =>
  page
    .getByRole('region', { name: 'Earlier check-ins' })
    .locator('details')
    .nth(n)
    .getByRole('button', { name: 'Start from this message' })

async function replaceQuestion({ page }: Context) {
  await startFrom(page, 0).click()
  await expect(page.getByRole('button', { name: 'Keep my message' })).toBeFocused()
}

async function schedulePicker({ page }: Context) {
  await page.getByRole('button', { name: 'Keep my message' }).click()
  await page.getByRole('radio', { name: 'On track' }).check()
  await page.getByRole('button', { name: 'Schedule…' }).click()
  await page.getByLabel('Publish on').fill('2020-01-06T09:00')
  await page.getByRole('button', { name: 'Schedule check-in' }).click()
  await expect(page.getByLabel('Publish on')).toHaveAccessibleDescription(/at least 5 minutes from now/)
}

async function savedAsDraft({ page }: Context) {
  await page.getByRole('button', { name: 'Save as draft' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved as a draft on Operately' })).toBeVisible()
}

async function formWithErrors({ page }: Context) {
  const ui = checkInScreen(page)
  await ui.target('Weekly active teams').fill('lots')
  await ui.target('p95 page load').fill('2.900')
  await ui.changeDueDate.click()
  await ui.submit.click()
  await expect(page.getByText('Choose how the goal is doing: on track, caution or off track.')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Did you mean 2,900 or 2.9?' })).toBeVisible()
}

async function mentionMenuOpen({ page }: Context) {
  await checkInScreen(page).writeMessage('Security review done, thanks @Grac')
  await expect(
    page.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: /Grace Hopper/ }),
  ).toBeVisible()
}

async function linkDialogOpen({ page }: Context) {
  await page.keyboard.press('Enter')
  await page.keyboard.type(', notes at ')
  await page.getByRole('button', { name: 'Link', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Link address' })).toBeVisible()
}

async function checkInResult({ page }: Context) {
  const ui = checkInScreen(page)
  await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/notes')
  await page.keyboard.press('Enter')
  await expect(ui.message.getByRole('link', { name: 'https://example.com/notes' })).toBeVisible()
  await page.getByRole('button', { name: '2.9 s' }).click()
  await ui.target('Weekly active teams').fill('1,200')
  await ui.status('Caution').check()
  await ui.checklistItem('Security review signed off').check()
  await ui.submit.click()
  await expect(ui.resultHeading).toBeFocused()
}

// ---- The weekly project check-in -------------------------------------------------------------------------

async function inboxWithProjectCheckIn({ page, harness, emulator }: Context) {
  // Owed since two days ago: the inbox lists it with the other assignments.
  const launch = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
  launch.nextCheckInScheduledAt = new Date(Date.now() - 2 * 86_400_000).toISOString()
  await page.goto(harness.url)
  await expect(page.getByRole('button', { name: 'Write check-in for Launch site' })).toBeVisible()
}

async function projectCheckInTooEarly({ page, emulator }: Context) {
  // Due in a week: a check-in posted now does not count for that week, and the form says so first.
  const launch = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
  launch.nextCheckInScheduledAt = new Date(Date.now() + 7 * 86_400_000).toISOString()
  await page.getByRole('button', { name: 'Write check-in for Launch site' }).click()
  await expect(page.getByText(/the project stays due/)).toBeVisible()
}

async function projectCheckInStatusMissing({ page }: Context) {
  const ui = checkInScreen(page)
  await ui.message.fill('Crane booked for Tuesday.')
  await ui.submit.click()
  await expect(
    page.getByText('Choose how the project is doing: on track, caution or off track.'),
  ).toBeVisible()
}

async function projectCheckInSent({ page }: Context) {
  const ui = checkInScreen(page)
  await ui.status('On track').check()
  await ui.submit.click()
  await expect(ui.resultHeading).toBeFocused()
}

// ---- Acknowledging a team member's check-in ------------------------------------------------------------

async function reviewOpen({ page, harness }: Context) {
  await page.goto(harness.url)
  await page.getByRole('button', { name: 'Review the check-in on Hire a data team' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hire a data team' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Acknowledge', exact: true })).toBeVisible()
}

async function reviewAcknowledged({ page }: Context) {
  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expect(page.getByText('Acknowledged. The author is told.')).toBeVisible()
}

// ---- A slow submit ---------------------------------------------------------------------------------------

/**
 * Fills in a goal's check-in and submits it to a server that saves it and takes its time to say
 * so. The app gives up waiting after its request timeout (15 s), then finds the check-in saved: the slow
 * state lasts from 3 s to that timeout, long enough for the two scans of one state.
 */
async function submitSlowly({ page, harness, emulator }: Context, goal: string, words: string) {
  const ui = await openCheckIns(page, harness.url)
  await ui.openGoal(goal)
  await ui.status('Caution').check()
  await ui.message.fill(words)
  emulator.setFaults({ hangAfterCommitMs: 30_000 })
  await ui.submit.click()
  await expect(page.getByRole('status', { name: 'Submission progress' })).toHaveText(
    /^Still waiting for Operately…/,
  )
}

async function slowSubmit(context: Context) {
  await submitSlowly(context, SHIP_ENGINE, 'Written on a slow hotel network.')
}

async function keptInTheBackground(context: Context) {
  const { page } = context
  // The slow submit above ends first ("Check-in sent", found after the timeout); then one on another goal.
  await expect(checkInScreen(page).resultHeading).toBeVisible({ timeout: 30_000 })
  giveAdaOnboardingDocs(context.emulator, 5)
  await submitSlowly(context, ONBOARDING_DOCS, 'Written on a slower train.')
  await page.getByRole('button', { name: 'Keep it in the background' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Still waiting for Operately…' })).toBeFocused()
}

// ---- The inbox and the round ---------------------------------------------------------------------------

async function inboxWithARound({ page, harness, emulator }: Context) {
  makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
  giveAdaOnboardingDocs(emulator, 5)
  await page.goto(harness.url)
  await expect(inboxScreen(page).startRound).toBeVisible()
}

async function roundFirstGoal({ page }: Context) {
  await inboxScreen(page).startRound.click()
  await expect(checkInScreen(page).heading(SHIP_ENGINE)).toBeFocused()
}

async function roundAfterASubmit({ page }: Context) {
  const ui = checkInScreen(page)
  await ui.status('On track').check()
  await ui.message.fill('Beta is live.')
  await ui.submit.click()
  await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
  await expect(page.getByRole('status', { name: 'Previous goal in the round' })).toHaveText(
    `${SHIP_ENGINE} — sent, on track`,
  )
}

async function roundSummary({ page }: Context) {
  await inboxScreen(page).endRound.click()
  await expect(page.getByRole('region', { name: 'Round finished' })).toBeVisible()
}

// ---- Projects and the description editor -------------------------------------------------------------

async function projectList({ page, harness }: Context) {
  await descriptionUi(page).openPicker(harness)
  await expect(descriptionUi(page).row(projects.warehouse.name)).toContainText('View only')
}

async function readOnlyProject({ page, harness }: Context) {
  await descriptionUi(page).openProject(harness, projects.warehouse, { readOnly: true })
  await expect(
    page.getByRole('note').filter({ hasText: 'You can view this project but may not edit its description.' }),
  ).toBeVisible()
}

async function descriptionEditor({ page, harness }: Context) {
  const ui = descriptionUi(page)
  await ui.openProject(harness, projects.launch)
  await expect(ui.editor).toContainText('npm run build')
}

async function descriptionConflict({ page, emulator }: Context) {
  const ui = descriptionUi(page)
  await ui.toEnd()
  await page.keyboard.press('Enter')
  await settleEditor(ui.editor)
  await page.keyboard.type('Launch moved to Tuesday.')
  storedProject(emulator, projects.launch).description = {
    type: 'doc',
    content: [paragraph(text('Grace rewrote the plan in the web app.'))],
  }
  await ui.saveButton.click()
  await expect(page.getByRole('region', { name: 'Someone else changed this description' })).toBeVisible()
}

// ---- The outbox: queued, damaged, needing the person ------------------------------------------------

async function queuedCheckIn({ page, harness, emulator }: Context) {
  // Office move is read once while the server answers, so that it can be edited offline later.
  const description = descriptionUi(page)
  await description.openProject(harness, projects.office)
  const ui = await openCheckIns(page, harness.url)
  await ui.openGoal(SHIP_ENGINE)
  await ui.status('Caution').check()
  await ui.message.fill('Only the outbox has these words.')
  emulator.pause()
  await ui.submit.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in queued' })).toBeVisible()
}

async function syncWithThreeRows({ page, harness }: Context) {
  const description = descriptionUi(page)
  await description.openProject(harness, projects.office)
  await page.keyboard.type('Movers booked for the 3rd.')
  await description.saveButton.click()
  await expect(description.status).toContainText('Queued')
  const sync = syncUi(page)
  await sync.open()
  await expect(sync.row(`Check-in · ${SHIP_ENGINE}`)).toBeVisible()
  await expect(sync.row(`Description · ${projects.office.name}`)).toBeVisible()
  await expect(sync.group('Could not be read').getByRole('listitem')).toHaveCount(1)
}

async function discardQuestion({ page }: Context) {
  const row = syncRow(syncUi(page).row(`Description · ${projects.office.name}`))
  await row.askDiscard.click()
  await expect(row.question).toBeVisible()
}

async function needsYouCheckIn({ page, emulator, proxy }: Context) {
  const sync = syncUi(page)
  await syncRow(sync.row(`Description · ${projects.office.name}`)).keep.click()
  // Back online, Operately refuses the check-in: it waits for the person.
  proxy!.setRules([
    {
      endpoint: 'goals/create_check_in',
      answer: { status: 403, body: '{"error":"Forbidden","message":"You do not have permission"}' },
    },
  ])
  emulator.resume()
  await sync.syncNow.click()
  const stuck = sync.group('Needs you').getByRole('listitem', { name: `Check-in · ${SHIP_ENGINE}` })
  await expect(stuck).toBeVisible({ timeout: 15_000 })
  await syncRow(stuck).open.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Needs you' })).toBeVisible()
}
