import type { Locator, Page } from '@playwright/test'
import { SEED_IDS } from './emulator'
import type { Emulator } from './emulator/types'
import { expect, test } from './support/fixtures'
import { checkInRequests, checkInScreen, checkInsOn } from './support/check-in'
import { typeIntoEmptyEditor } from './support/focus'
import {
  giveAdaOnboardingDocs,
  inboxScreen,
  makeDue,
  ONBOARDING_DOCS,
  SHIP_ENGINE,
  SUPPORT_BACKLOG,
  seededGoal,
} from './support/inbox'

const COMPILER_HANDBOOK = 'Publish the compiler handbook'
const ACQUISITION = 'Acquire Difference Engine Ltd'

/** Presses Tab (or Shift+Tab) until `control` has focus: how a keyboard user gets somewhere. */
async function tabTo(page: Page, control: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await control.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press(key)
  }
  await expect(control).toBeFocused()
}

/** Makes a seeded goal Ada's (champion: full access) with its check-in owed since `daysAgo` days. */
function giveAda(emulator: Emulator, goalId: string, daysAgo: number): void {
  seededGoal(emulator, goalId).championId = SEED_IDS.people.ada
  makeDue(emulator, goalId, daysAgo)
}

test.describe('the weekly round', () => {
  test('five goals with the keyboard alone: each submit opens the next, one skipped, the summary says how it went', async ({
    page,
    signedIn,
    emulator,
  }) => {
    // Five whole check-ins typed key by key: 11 s on a quiet machine, over 30 s twice in full runs
    // sharing two cores with the other workers. The wait is for the machine, not for the app.
    test.setTimeout(60_000)
    // Five goal check-ins owed, each since a different day: the round goes most overdue first.
    makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
    giveAdaOnboardingDocs(emulator, 8)
    giveAda(emulator, SEED_IDS.goals.compilerHandbook, 6)
    giveAda(emulator, SEED_IDS.goals.acquisition, 4)
    makeDue(emulator, SEED_IDS.goals.supportBacklog, 2)
    const checkInsBefore = emulator.state.checkIns.length

    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.startRound).toHaveText('Start check-ins (5)')
    await tabTo(page, inbox.startRound)
    await page.keyboard.press('Enter')

    /** Fills in the open goal by keyboard and submits with Ctrl+Enter. */
    const checkIn = async (
      goal: string,
      status: { arrows: number; label: string },
      targets: Array<[string, string]>,
      message: string,
    ) => {
      await expect(ui.heading(goal)).toBeFocused()
      await tabTo(page, ui.status('On track'))
      await page.keyboard.press('Space')
      for (let i = 0; i < status.arrows; i++) await page.keyboard.press('ArrowRight')
      await expect(ui.status(status.label as 'On track')).toBeChecked()
      for (const [name, typed] of targets) {
        await tabTo(page, ui.target(name))
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type(typed)
      }
      await tabTo(page, ui.message)
      await typeIntoEmptyEditor(page, ui.message, message)
      await page.keyboard.press('Control+Enter')
    }
    const previousLine = page.getByRole('region', { name: 'Check-in round' }).getByRole('status')

    // 1 of 5.
    await expect(inbox.round).toContainText('goal 1 of 5')
    await checkIn(
      SHIP_ENGINE,
      { arrows: 0, label: 'On track' },
      [['Weekly active teams', '1,200 teams']],
      'Beta is live.',
    )

    // 2 of 5 opens by itself, saying how the first went; skipped from the keyboard.
    await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
    await expect(inbox.round).toContainText('goal 2 of 5')
    await expect(previousLine).toHaveText(`${SHIP_ENGINE} — sent, on track`)
    await tabTo(page, inbox.skip, 'Shift+Tab')
    await expect(inbox.skip).toHaveAccessibleDescription(`Next: ${COMPILER_HANDBOOK}`)
    await page.keyboard.press('Enter')

    await expect(inbox.round).toContainText('goal 3 of 5')
    await expect(previousLine).toHaveText(`${ONBOARDING_DOCS} — skipped, still due`)
    await checkIn(
      COMPILER_HANDBOOK,
      { arrows: 1, label: 'Caution' },
      [['Chapters published', '7 chapters']],
      'Two chapters to go.',
    )

    await expect(inbox.round).toContainText('goal 4 of 5')
    await expect(previousLine).toHaveText(`${COMPILER_HANDBOOK} — sent, caution`)
    await checkIn(
      ACQUISITION,
      { arrows: 2, label: 'Off track' },
      [['Due diligence items closed', '1,250']],
      'Lawyers found more.',
    )

    await expect(inbox.round).toContainText('goal 5 of 5')
    await expect(previousLine).toHaveText(`${ACQUISITION} — sent, off track`)
    await checkIn(SUPPORT_BACKLOG, { arrows: 0, label: 'On track' }, [['Open tickets', '180']], 'Down again.')

    // The end: the inbox, with the round's summary first, and the skipped goal still due.
    const summary = page.getByRole('region', { name: 'Round finished' })
    await expect(summary.getByRole('heading', { name: 'Round finished' })).toBeFocused()
    await expect(summary).toContainText('4 check-ins sent, 1 skipped (still due).')
    await expect(summary.getByRole('listitem')).toHaveText([
      `${SHIP_ENGINE} — sent, on track`,
      `${ONBOARDING_DOCS} — skipped, still due`,
      `${COMPILER_HANDBOOK} — sent, caution`,
      `${ACQUISITION} — sent, off track`,
      `${SUPPORT_BACKLOG} — sent, on track`,
    ])
    await expect(inbox.group('Overdue').getByRole('listitem')).toHaveText([new RegExp(ONBOARDING_DOCS)])
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')

    // The server holds exactly four new check-ins, with what was typed, and none on the skipped goal.
    expect(checkInRequests(emulator)).toHaveLength(4)
    expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 4)
    const last = (goalId: string) => checkInsOn(emulator, goalId).at(-1)!
    expect(
      checkInsOn(emulator, SEED_IDS.goals.onboardingDocs).filter((c) => c.authorId === SEED_IDS.people.ada),
    ).toHaveLength(0)
    const typed = [
      [SEED_IDS.goals.shipEngine, 'on_track', 'Beta is live.', 'Weekly active teams', 1200],
      [SEED_IDS.goals.compilerHandbook, 'caution', 'Two chapters to go.', 'Chapters published', 7],
      [SEED_IDS.goals.acquisition, 'off_track', 'Lawyers found more.', 'Due diligence items closed', 1250],
      [SEED_IDS.goals.supportBacklog, 'on_track', 'Down again.', 'Open tickets', 180],
    ] as const
    for (const [goalId, status, message, target, value] of typed) {
      const stored = last(goalId)
      expect(stored.authorId).toBe(SEED_IDS.people.ada)
      expect(stored.status).toBe(status)
      expect(JSON.stringify(stored.message)).toContain(message)
      expect(stored.targets.find((t) => t.name === target)?.value).toBe(value)
      expect(seededGoal(emulator, goalId).targets.find((t) => t.name === target)?.value).toBe(value)
    }
  })

  test('“End round” goes back to the inbox, says what happened, and leaves everything not submitted due', async ({
    page,
    signedIn,
    emulator,
  }) => {
    makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
    giveAdaOnboardingDocs(emulator, 5)
    makeDue(emulator, SEED_IDS.goals.supportBacklog, 2)
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.startRound).toHaveText('Start check-ins (3)')
    await inbox.startRound.click()
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
    await inbox.skip.click()
    await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
    await inbox.endRound.click()

    const summary = page.getByRole('region', { name: 'Round finished' })
    await expect(summary.getByRole('heading', { name: 'Round finished' })).toBeFocused()
    await expect(summary).toContainText('0 check-ins sent, 1 skipped (still due), 2 not visited (still due).')
    await expect(inbox.startRound).toHaveText('Start check-ins (3)')
    expect(checkInRequests(emulator)).toHaveLength(0)

    // Ended before anything happened: straight back to the inbox, no summary.
    await inbox.startRound.click()
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
    await inbox.endRound.click()
    await expect(inbox.heading).toBeFocused()
    await expect(summary).toHaveCount(0)
  })

  test('a goal checked in elsewhere while the round goes on is passed over, and the summary says so', async ({
    page,
    signedIn,
    emulator,
  }) => {
    makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
    giveAdaOnboardingDocs(emulator, 5)
    makeDue(emulator, SEED_IDS.goals.supportBacklog, 2)
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await inbox.startRound.click()
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()

    // Meanwhile Ada checks in on the support backlog from her phone: it is due again next month only.
    seededGoal(emulator, SEED_IDS.goals.supportBacklog).nextUpdateScheduledAt = new Date(
      Date.now() + 40 * 86_400_000,
    ).toISOString()
    await ui.status('On track').check()
    await ui.writeMessage('On plan.')
    await ui.submit.click()
    await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
    // The inbox has read the server again after the check-in: only the onboarding docs are due now.
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')
    await expect(inbox.skip).toHaveAccessibleDescription('Then the round’s summary')
    await inbox.skip.click()

    const summary = page.getByRole('region', { name: 'Round finished' })
    await expect(summary.getByRole('heading', { name: 'Round finished' })).toBeFocused()
    await expect(summary).toContainText('1 check-in sent, 1 skipped (still due), 1 no longer due.')
    await expect(summary.getByRole('listitem')).toHaveText([
      `${SHIP_ENGINE} — sent, on track`,
      `${ONBOARDING_DOCS} — skipped, still due`,
      `${SUPPORT_BACKLOG} — no longer due`,
    ])
    expect(checkInRequests(emulator)).toHaveLength(1)
  })
})
