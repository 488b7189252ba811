import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import { checkInScreen, checkInsOn } from './support/check-in'
import {
  giveAdaOnboardingDocs,
  inboxScreen,
  makeDue,
  ONBOARDING_DOCS,
  SHIP_ENGINE,
  SUPPORT_BACKLOG,
} from './support/inbox'

test.describe('the weekly round', () => {
  test.beforeEach(({ emulator }) => {
    // Three goal check-ins owed, each since a different day: the round goes most overdue first.
    makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
    giveAdaOnboardingDocs(emulator, 5)
    makeDue(emulator, SEED_IDS.goals.supportBacklog, 2)
  })

  test('visits each due goal once; after each submit the next opens; a skipped one stays due', async ({
    page,
    signedIn,
    emulator,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.group('Overdue').getByRole('listitem')).toHaveText([
      new RegExp(SHIP_ENGINE),
      new RegExp(ONBOARDING_DOCS),
      new RegExp(SUPPORT_BACKLOG),
    ])
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 3 due')
    const countOn = (goalId: string) => checkInsOn(emulator, goalId).length
    const before = {
      ship: countOn(SEED_IDS.goals.shipEngine),
      support: countOn(SEED_IDS.goals.supportBacklog),
      onboarding: countOn(SEED_IDS.goals.onboardingDocs),
    }
    const visited: string[] = []

    await inbox.startRound.click()
    await expect(inbox.startRound).toHaveCount(0)
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
    visited.push(SHIP_ENGINE)
    await expect(inbox.round).toContainText('2 more goals')
    await ui.status('On track').check()
    await ui.writeMessage('Engine on track.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeFocused()
    await expect(page.getByText(`Next in this round: ${ONBOARDING_DOCS}`)).toBeVisible()
    // Submitted: nothing left to skip on this goal.
    await expect(inbox.round).toContainText('Checked in')
    await expect(inbox.skip).toHaveCount(0)

    await ui.nextGoal.click()
    await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
    visited.push(ONBOARDING_DOCS)
    await expect(inbox.round).toContainText('1 more goal')
    await expect(inbox.skip).toHaveAccessibleDescription(`Next: ${SUPPORT_BACKLOG}`)
    await inbox.skip.click()

    await expect(ui.heading(SUPPORT_BACKLOG)).toBeFocused()
    visited.push(SUPPORT_BACKLOG)
    await expect(inbox.round).toContainText('last goal')
    await ui.status('Caution').check()
    await ui.writeMessage('Backlog shrinking slowly.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeFocused()
    await expect(page.getByText('That was the last goal of this round.')).toBeVisible()

    // After the last goal, "Next goal" ends the round in the inbox.
    await ui.nextGoal.click()
    await expect(inbox.heading).toBeVisible()
    expect(visited).toEqual([SHIP_ENGINE, ONBOARDING_DOCS, SUPPORT_BACKLOG])

    // One check-in each on the goals submitted, none on the skipped one, which stays due.
    expect({
      ship: countOn(SEED_IDS.goals.shipEngine),
      support: countOn(SEED_IDS.goals.supportBacklog),
      onboarding: countOn(SEED_IDS.goals.onboardingDocs),
    }).toEqual({ ship: before.ship + 1, support: before.support + 1, onboarding: before.onboarding })
    expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)?.status).toBe('on_track')
    expect(checkInsOn(emulator, SEED_IDS.goals.supportBacklog).at(-1)?.status).toBe('caution')
    await expect(inbox.group('Overdue').getByRole('listitem')).toHaveText([new RegExp(ONBOARDING_DOCS)])
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')
    // One goal left is no round.
    await expect(inbox.startRound).toHaveCount(0)
  })

  test('“End round” goes back to the inbox with everything not submitted still due', async ({
    page,
    signedIn,
    emulator,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.startRound).toHaveText('Start check-ins (3)')
    await inbox.startRound.click()
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
    await inbox.skip.click()
    await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
    await inbox.endRound.click()

    await expect(inbox.heading).toBeFocused()
    await expect(inbox.startRound).toHaveText('Start check-ins (3)')
    expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in')).toHaveLength(0)
  })
})
