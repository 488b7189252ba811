import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import { checkInScreen, checkInsOn } from './support/check-in'
import { showsFocusRing } from './support/focus'
import {
  clearEverythingDue,
  DATA_TEAM,
  daysBetweenDates,
  inboxScreen,
  localToday,
  makeDue,
  seededGoal,
  SHIP_ENGINE,
  SUPPORT_BACKLOG,
} from './support/inbox'

test.describe('the inbox', () => {
  test('opens first, lists the check-in Ada owes under the right group and what waits for her review', async ({
    page,
    signedIn,
    emulator,
  }) => {
    // The seed makes Ada's check-in on "Ship the Analytical Engine v2" due on the 1st of this month.
    const due = seededGoal(emulator, SEED_IDS.goals.shipEngine).nextUpdateScheduledAt.slice(0, 10)
    const today = localToday()
    const overdueBy = daysBetweenDates(due, today)
    const [expectedGroup, expectedLabel] =
      overdueBy > 0
        ? ['Overdue', overdueBy === 1 ? 'Overdue by 1 day' : `Overdue by ${overdueBy} days`]
        : ['Due today', 'Due today']

    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.heading).toBeFocused()
    await expect(inbox.tab).toHaveAttribute('aria-current', 'page')
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')
    await expect(inbox.freshness).toHaveText(/^Updated \d{2}:\d{2}$/)

    const group = inbox.group(expectedGroup)
    await expect(group.getByRole('listitem')).toHaveCount(1)
    await expect(group.getByRole('listitem')).toContainText(SHIP_ENGINE)
    await expect(group.getByRole('listitem')).toContainText(expectedLabel)
    for (const other of ['Overdue', 'Due today', 'This week', 'Later'].filter((g) => g !== expectedGroup)) {
      await expect(inbox.group(other)).toHaveCount(0)
    }

    // Grace's check-in on "Hire a data team" waits for Ada's acknowledgement.
    const review = inbox.group('Waiting for your review')
    await expect(review.getByRole('listitem')).toHaveCount(1)
    await expect(review.getByRole('listitem')).toContainText(DATA_TEAM)
    await expect(review.getByRole('listitem')).toContainText('Goal check-in to acknowledge')
    await expect(review.getByRole('listitem')).toContainText(/Waiting (since today|since yesterday|\d+ days)/)
    await expect(inbox.group('Other assignments')).toHaveCount(0)
    // One check-in due is no round: "Write check-in" does it.
    await expect(inbox.startRound).toHaveCount(0)
  })

  test('“Write check-in” opens that goal’s form; once submitted, the item leaves and the count drops', async ({
    page,
    signedIn,
    emulator,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')

    await inbox.writeCheckIn(SHIP_ENGINE).click()
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
    await expect(inbox.tabFor('Check-ins')).toHaveAttribute('aria-current', 'page')
    await ui.status('On track').check()
    await ui.writeMessage('Beta is going well.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeFocused()
    expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)?.status).toBe('on_track')

    await inbox.tab.click()
    await expect(inbox.noGoalCheckIns).toBeVisible()
    await expect(inbox.writeCheckIn(SHIP_ENGINE)).toHaveCount(0)
    await expect(inbox.tab).toHaveAccessibleName('Inbox')
    // The review is still there: a check-in of one's own acknowledges nobody else's.
    await expect(inbox.group('Waiting for your review')).toContainText(DATA_TEAM)
  })

  test('a check-in to review opens in the popup, and from there in Operately, in the browser', async ({
    page,
    signedIn,
    emulator,
    openedUrls,
    linkDialog,
  }) => {
    await page.goto(signedIn.url)
    await page.getByRole('button', { name: `Review the check-in on ${DATA_TEAM}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: DATA_TEAM })).toBeFocused()
    await page.getByRole('button', { name: 'Open in Operately' }).click()
    // The server's first page is asked about in main's dialog (the page chose the server at sign-in).
    await expect.poll(() => linkDialog.asked.length).toBe(1)
    expect(linkDialog.asked[0]).toMatchObject({ kind: 'web', server: true })
    expect(openedUrls).toEqual([])
    linkDialog.answer(true)
    await expect.poll(() => openedUrls.length).toBe(1)
    const url = new URL(openedUrls[0]!)
    expect(url.origin).toBe(new URL(emulator.url).origin)
    expect(url.pathname).toContain('/goal-check-ins/')
  })

  test('the weekly project check-in is listed with the other assignments and written from its row', async ({
    page,
    signedIn,
    emulator,
    openedUrls,
  }) => {
    // Ada's weekly project check-in on "Launch site" became due two days ago.
    const launchSite = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
    launchSite.nextCheckInScheduledAt = new Date(Date.now() - 2 * 86_400_000).toISOString()

    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const other = inbox.group('Other assignments')
    await expect(other.getByRole('listitem')).toHaveCount(1)
    await expect(other.getByRole('listitem')).toContainText('Launch site')
    await expect(other.getByRole('listitem')).toContainText('Project check-in')
    // Project check-ins are not goal check-ins: the tab's count is still the one goal.
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')

    // Written here, like a goal's: the row opens the project's check-in form, not the browser.
    await other.getByRole('button', { name: 'Write check-in for Launch site' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Launch site' })).toBeVisible()
    await expect(page.getByText('New weekly check-in')).toBeVisible()
    await expect(page.getByRole('radiogroup', { name: 'Status' })).toBeVisible()
    // A project has no due date, targets or checklist of its own in its check-in.
    await expect(page.getByRole('group', { name: /due date/i })).toHaveCount(0)
    expect(openedUrls).toEqual([])
  })

  test('says so plainly when nothing is due', async ({ page, signedIn, emulator }) => {
    clearEverythingDue(emulator)
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.empty).toBeVisible()
    await expect(inbox.tab).toHaveAccessibleName('Inbox')
    await expect(page.getByRole('region', { name: /Overdue|Due today|Waiting for your review/ })).toHaveCount(
      0,
    )
  })

  test('“Refresh” asks the server again and shows what changed', async ({ page, signedIn, emulator }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()
    const before = emulator.state.requests.filter((r) => r.endpoint === 'people/list_assignments').length

    // Someone acknowledged Grace's check-in and Ada checked in from the web meanwhile.
    clearEverythingDue(emulator)
    await inbox.refresh.click()
    await expect(inbox.empty).toBeVisible()
    expect(emulator.state.requests.filter((r) => r.endpoint === 'people/list_assignments').length).toBe(
      before + 1,
    )
  })

  test('shown again, the popup reads what main learned meanwhile: lists and badge', async ({
    page,
    signedIn,
    emulator,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')

    // While the popup is hidden, another check-in falls due and main's regular poll picks it up.
    makeDue(emulator, SEED_IDS.goals.supportBacklog, 1)
    await signedIn.services.assignments.refresh()
    await expect(inbox.writeCheckIn(SUPPORT_BACKLOG)).toHaveCount(0)

    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
    await expect(inbox.writeCheckIn(SUPPORT_BACKLOG)).toBeVisible()
    await expect(inbox.tab).toHaveAccessibleName('Inbox, 2 due')
  })

  test('works with the keyboard alone, with a visible focus ring', async ({ page, signedIn }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.heading).toBeFocused()
    // The list arrives after the heading takes focus: a Tab pressed before it is there (a busy machine)
    // rightly goes past where it will be.
    await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()

    await page.keyboard.press('Tab')
    await expect(inbox.refresh).toBeFocused()
    expect(await showsFocusRing(inbox.refresh)).toBe(true)

    await page.keyboard.press('Tab')
    await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeFocused()
    expect(await showsFocusRing(inbox.writeCheckIn(SHIP_ENGINE))).toBe(true)

    // The check-in waiting for her review is read in the popup: its row's button says Review.
    const review = page.getByRole('button', { name: `Review the check-in on ${DATA_TEAM}` })
    await page.keyboard.press('Tab')
    await expect(review).toBeFocused()
    expect(await showsFocusRing(review)).toBe(true)

    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
  })
})
