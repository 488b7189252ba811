import { SEED_IDS, shortIdFromUuid } from './emulator'
import { expect, test } from './support/fixtures'
import {
  checkInRequests,
  checkInScreen,
  COMPILER_HANDBOOK,
  expectEverythingKept,
  fillEverything,
  SHIP_ENGINE,
  shipEngineGoal,
  startAnsweringProxy,
  type AnsweringProxy,
  openCheckIns,
} from './support/check-in'
import { popup } from './support/popup'

test.describe('when a check-in is refused, the form says why and keeps everything typed', () => {
  let proxy: AnsweringProxy | null = null
  test.afterEach(async () => {
    await proxy?.close()
    proxy = null
  })

  test('400: the refusal appears next to the part it names, with focus there', async ({
    page,
    harness,
    emulator,
  }) => {
    proxy = await startAnsweringProxy(emulator.url)
    expect(
      (
        await harness.services.dispatch('session.signIn', {
          baseUrl: proxy.url,
          token: emulator.tokens.write,
        })
      ).ok,
    ).toBe(true)
    proxy.setRules([
      {
        endpoint: 'goals/create_check_in',
        answer: {
          status: 400,
          body: '{"error":"Bad request","message":"Invalid value for enum goal_check_in_status: green. Allowed values: on_track, caution, off_track"}',
        },
      },
    ])
    const ui = await openCheckIns(page, harness.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    await ui.submit.click()

    const statusSection = page.getByRole('radiogroup', { name: 'Status' }).locator('..')
    await expect(statusSection).toContainText('Operately did not accept')
    await expect(statusSection).toContainText('Invalid value for enum goal_check_in_status')
    await expect(ui.status('On track')).toBeFocused()
    await expect(ui.alert).toHaveCount(0)
    await expectEverythingKept(ui)
  })

  test('403 for a read-only token: said at the top before typing; nothing can be sent; the draft is kept', async ({
    page,
    harness,
    emulator,
  }) => {
    await page.goto(harness.url)
    await popup(page).signIn(emulator.url, emulator.tokens.readOnly)
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Check-ins' })
      .click()
    const ui = checkInScreen(page)
    await ui.openGoal(SHIP_ENGINE)

    const heading = ui.heading(SHIP_ENGINE)
    await expect(heading).toBeFocused()
    await expect(heading).toHaveAccessibleDescription(/This token can only read/)
    await expect(page.getByText('This token can only read')).toBeVisible()
    await expect(ui.submit).toBeDisabled()
    await expect(ui.submit).toHaveAccessibleDescription(
      /Submitting is off: the signed-in token can only read/,
    )

    await fillEverything(ui)
    await ui.submit.click({ force: true })
    // Pressing it anyway points back at the explanation at the top.
    await expect(page.getByText('This token can only read').locator('..')).toBeFocused()
    await page.keyboard.press('Control+Enter')
    await expectEverythingKept(ui)
    expect(checkInRequests(emulator)).toHaveLength(0)

    await expect(ui.draftSaved).toBeVisible()
    await openCheckIns(page, page.url())
    await ui.openGoal(SHIP_ENGINE)
    await expectEverythingKept(ui)
  })

  test('403 when the server says the token became read-only', async ({ page, signedIn, emulator }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    emulator.state.apiTokens.find((t) => t.token === emulator.tokens.write)!.readOnly = true
    await ui.submit.click()

    await expect(ui.alert).toContainText('This token can only read')
    await expect(ui.alert).toContainText('create a token with write access')
    await expect(ui.alert).toBeFocused()
    await expectEverythingKept(ui)
  })

  test('403 for a goal you can only view: said at the top before typing, submitting is off', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(COMPILER_HANDBOOK)
    await expect(ui.heading(COMPILER_HANDBOOK)).toHaveAccessibleDescription(
      /You can view this goal but not check in on it/,
    )
    await expect(ui.submit).toBeDisabled()
    await ui.status('On track').check()
    await ui.writeMessage('Trying anyway.')
    await page.keyboard.press('Control+Enter')
    await expect(ui.message).toHaveText('Trying anyway.')
    expect(checkInRequests(emulator)).toHaveLength(0)
  })

  test('403 when edit access is taken away while writing', async ({ page, signedIn, emulator }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    const goal = shipEngineGoal(emulator)
    goal.championId = SEED_IDS.people.grace
    goal.access = { company: 'view', people: {} }
    await ui.submit.click()

    await expect(ui.alert).toContainText('You cannot check in on this goal')
    await expect(ui.alert).toContainText('Ask its champion')
    await expectEverythingKept(ui)
  })

  test('404 when the goal is deleted while writing', async ({ page, signedIn, emulator }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    emulator.state.goals = emulator.state.goals.filter((g) => g.id !== SEED_IDS.goals.shipEngine)
    await ui.submit.click()

    await expect(ui.alert).toContainText('This goal is not in Operately any more')
    await expect(ui.alert).toContainText('Nothing was posted')
    await expectEverythingKept(ui)
  })

  test('404 for a pasted id of a goal you cannot see', async ({ page, signedIn, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const ui = await openCheckIns(page, signedIn.url)
    await page.evaluate(
      (text) => navigator.clipboard.writeText(text),
      `acquire-difference-engine-ltd-${shortIdFromUuid(SEED_IDS.goals.acquisition)}`,
    )
    await ui.filter.focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect(page.getByRole('heading', { name: 'Goal not found' })).toBeVisible()
    await expect(ui.alert).toContainText('you may not have access to it')
    await page.getByRole('button', { name: 'Back to goals' }).click()
    await expect(ui.filter).toBeFocused()
  })

  test('500: says the server had a problem; Try again then posts it once', async ({
    page,
    harness,
    emulator,
  }) => {
    proxy = await startAnsweringProxy(emulator.url)
    const signIn = await harness.services.dispatch('session.signIn', {
      baseUrl: proxy.url,
      token: emulator.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    const ui = await openCheckIns(page, harness.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    // Operately's own 500 to the check-in (the app looks, and it is not there: it was not saved).
    proxy.setRules([
      {
        endpoint: 'goals/create_check_in',
        answer: {
          status: 500,
          body: '{"error":"Internal server error","message":"An unexpected error occurred"}',
        },
        times: 1,
      },
    ])
    await ui.submit.click()

    await expect(ui.alert).toContainText('Operately could not save the check-in')
    await expect(ui.alert).toBeFocused()
    await expectEverythingKept(ui)

    await ui.tryAgain.click()
    await expect(ui.resultHeading).toBeVisible()
    expect(checkInRequests(emulator).filter((r) => r.status === 200)).toHaveLength(1)
  })
})
