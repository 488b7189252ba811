import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { SEED_IDS } from './emulator'
import { checkInScreen, openCheckIns, SHIP_ENGINE } from './support/check-in'
import { descriptionUi, paragraph, projects, storedProject, text } from './support/description'
import { expect, test } from './support/fixtures'
import { settleEditor } from './support/focus'
import { giveAdaOnboardingDocs, inboxScreen, makeDue, ONBOARDING_DOCS } from './support/inbox'
import { popup } from './support/popup'
import { syncUi } from './support/sync'

// axe-core, the accessibility checker, on every screen and state of the popup, in light and in dark: any
// violation of any rule it runs by default (WCAG 2.x A and AA, and its best practices) fails the test.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[]; failureSummary?: string }>
}

/** Runs axe on the page as it is now; fails with every violation, each with the elements it concerns. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  // Animations finished and the fonts in: contrast is measured on what a person sees.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(250)
  // Evaluated by the test driver, outside the page's own scripts: the popup's strict CSP stays as it is.
  const hasAxe = await page.evaluate(() => 'axe' in window)
  if (!hasAxe) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })
  const readable = (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
  )
  expect(readable, `axe violations on ${state}`).toEqual([])
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme })

    test('sign-in, then the account card', async ({ page, harness, emulator }) => {
      await page.goto(harness.url)
      const ui = popup(page)
      await expect(ui.signInHeading).toBeVisible()
      await expectAccessible(page, 'sign-in')
      await ui.signIn(emulator.url, emulator.tokens.revoked)
      await expect(ui.token).toHaveAttribute('aria-invalid', 'true')
      await expectAccessible(page, 'sign-in with an error')
      await ui.signIn(emulator.url, emulator.tokens.write)
      await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
      await expectAccessible(page, 'account')
    })

    test('inbox, the round and its summary', async ({ page, signedIn, emulator }) => {
      makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
      giveAdaOnboardingDocs(emulator, 5)
      await page.goto(signedIn.url)
      const inbox = inboxScreen(page)
      const ui = checkInScreen(page)
      await expect(inbox.startRound).toBeVisible()
      await expectAccessible(page, 'inbox')

      await inbox.startRound.click()
      await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
      await expectAccessible(page, 'the round, first goal')
      await inbox.skip.click()
      await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
      await expect(inbox.round.getByRole('status')).toHaveText(/skipped/)
      await expectAccessible(page, 'the round, with the previous goal’s line')
      await inbox.endRound.click()
      await expect(page.getByRole('region', { name: 'Round finished' })).toBeVisible()
      await expectAccessible(page, 'the round’s summary above the inbox')
    })

    test('the earlier check-ins: all open, the note on a mention made text, the question before replacing', async ({
      page,
      signedIn,
    }) => {
      const ui = await openCheckIns(page, signedIn.url)
      await ui.openGoal(SHIP_ENGINE)
      const history = page.getByRole('region', { name: 'Earlier check-ins' })
      await expect(history.locator('summary')).toHaveCount(3)
      await history.locator('summary').nth(1).click()
      await history.locator('summary').nth(2).click()
      const startFrom = (n: number) =>
        history.locator('details').nth(n).getByRole('button', { name: 'Start from this message' })
      await startFrom(2).click()
      await expect(page.getByText(/Mary Somerville is no longer in Operately/)).toBeVisible()
      await expectAccessible(page, 'the earlier check-ins, all open, with the note on a mention made text')
      await startFrom(0).click()
      await expect(history.getByRole('button', { name: 'Keep my message' })).toBeFocused()
      await expectAccessible(page, 'the question before replacing a written message')
    })

    test('goal picker, form with errors and a number question, result', async ({ page, signedIn }) => {
      const ui = await openCheckIns(page, signedIn.url)
      await expect(ui.goalOption(SHIP_ENGINE)).toBeVisible()
      await expect(page.getByText('View only').first()).toBeVisible()
      await expectAccessible(page, 'goal picker')

      await ui.openGoal(SHIP_ENGINE)
      await expectAccessible(page, 'check-in form')
      await ui.target('Weekly active teams').fill('lots')
      await ui.target('p95 page load').fill('2.900')
      await ui.changeDueDate.click()
      await ui.submit.click()
      await expect(
        page.getByText('Choose how the goal is doing: on track, caution or off track.'),
      ).toBeVisible()
      await expect(page.getByRole('group', { name: 'Did you mean 2,900 or 2.9?' })).toBeVisible()
      await expectAccessible(page, 'form with errors, the date editor open and a number question')

      await page.getByRole('button', { name: '2.9 s' }).click()
      await ui.target('Weekly active teams').fill('1,200')
      await ui.status('Caution').check()
      await ui.checklistItem('Security review signed off').check()
      await ui.writeMessage('Security review done.')
      await ui.submit.click()
      await expect(ui.resultHeading).toBeFocused()
      await expectAccessible(page, 'result with what changed')
    })

    test('projects, and the editor with a conflict', async ({ page, signedIn, emulator }) => {
      const ui = descriptionUi(page)
      await page.goto(signedIn.url)
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('button', { name: 'Projects' })
        .click()
      await expect(ui.row(projects.warehouse.name)).toContainText('View only')
      await expectAccessible(page, 'projects')

      await ui.openProject(signedIn, projects.launch)
      await expect(ui.editor).toContainText('npm run build')
      await expectAccessible(page, 'description editor')
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
      await expectAccessible(page, 'editor with a conflict')
    })

    test('Sync with items waiting', async ({ page, signedIn, emulator }) => {
      const ui = descriptionUi(page)
      await ui.openProject(signedIn, projects.office)
      emulator.pause()
      await ui.openProject(signedIn, projects.office)
      await page.keyboard.type('Movers booked for the 3rd.')
      await ui.saveButton.click()
      await expect(ui.status).toContainText('Queued')
      const sync = syncUi(page)
      await sync.open()
      await expect(sync.row('Description · Office move')).toBeVisible()
      await expectAccessible(page, 'Sync with an item waiting')
      emulator.resume()
    })
  })
}
