import keytar from 'keytar'
import { createMainServices } from '../src/main/services/create-services'
import { startHarness, type Harness } from './harness'
import { settleEditor } from './support/focus'
import { expect, test } from './support/fixtures'
import {
  checkInRequests,
  expectEverythingKept,
  fillEverything,
  FILLED,
  SHIP_ENGINE,
  shipEngineGoal,
  openCheckIns,
} from './support/check-in'

/** Where the form keeps Ship the Analytical Engine's draft (the goal's short id). */
const SHIP_ENGINE_DRAFT = 'check-in:kHLABHdtjTkzZF2eK502u'

test.describe('a check-in draft', () => {
  test('survives a reload of the popup, and is gone once the check-in is submitted', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    await expect(ui.draftSaved).toBeVisible()

    await openCheckIns(page, page.url())
    await ui.openGoal(SHIP_ENGINE)
    await expectEverythingKept(ui)
    await expect(page.getByText(/Draft restored/)).toBeVisible()

    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()
    expect(shipEngineGoal(emulator).targets[0]!.value).toBe(Number(FILLED.teams))
    expect(checkInRequests(emulator)).toHaveLength(1)

    // Opened again, the goal shows the check-in just sent; a second one is a deliberate step, from a
    // form that starts from the goal as it is now, not from the draft that was sent.
    await ui.backToGoals.click()
    await ui.filter.fill(SHIP_ENGINE)
    await ui.goalOption(SHIP_ENGINE).click()
    await expect(ui.resultHeading).toBeVisible()
    await page.getByRole('button', { name: 'Write another check-in' }).click()
    await expect(ui.message).toHaveText('')
    await expect(ui.target('Weekly active teams')).toHaveValue(FILLED.teams)
    await expect(page.getByText(/Draft restored/)).toHaveCount(0)
  })

  test('says "Draft saved" only for what is on screen: never while words typed into the message wait to be saved', async ({
    page,
    signedIn,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Caution').check()
    await expect(ui.draftSaved).toBeVisible()
    // Every frame: "Draft saved" shown in this frame and the last, with the message changed in between.
    await page.evaluate(`(() => {
      const seen = (window.draftSavedWhileTyping = [])
      const surface = document.querySelector('[role="textbox"][aria-label="Message"]')
      const shown = () => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent.includes('Draft saved'))
      let before = { shown: shown(), text: surface.textContent }
      const look = () => {
        const now = { shown: shown(), text: surface.textContent }
        if (before.shown && now.shown && now.text !== before.text) seen.push(now.text)
        before = now
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })()`)
    await ui.message.click()
    await settleEditor(ui.message)
    // Slowly enough that the editor reports the words (once a second) while typing goes on.
    await page.keyboard.type(FILLED.message, { delay: 60 })
    await expect(ui.draftSaved).toBeVisible()
    expect(await page.evaluate('window.draftSavedWhileTyping')).toEqual([])
    const draft = await signedIn.services.dispatch('drafts.get', { key: SHIP_ENGINE_DRAFT })
    expect(JSON.stringify(draft)).toContain(FILLED.message)
  })

  test('can be discarded, back to the goal as the server has it', async ({ page, signedIn }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillEverything(ui)
    await expect(ui.draftSaved).toBeVisible()
    await openCheckIns(page, page.url())
    await ui.openGoal(SHIP_ENGINE)
    await page.getByRole('button', { name: 'Discard' }).click()

    await expect(ui.target('Weekly active teams')).toHaveValue('72')
    await expect(ui.message).toHaveText('')
    await expect(ui.changeDueDate).toBeVisible()
    await openCheckIns(page, page.url())
    await ui.openGoal(SHIP_ENGINE)
    await expect(ui.target('Weekly active teams')).toHaveValue('72')
    await expect(page.getByText(/Draft restored/)).toHaveCount(0)
  })

  test('survives a restart of the services', async ({
    page,
    emulator,
    dataDir,
    vaultService,
    openedUrls,
  }) => {
    const start = async (): Promise<Harness> => {
      const services = await createMainServices({
        dataDir,
        keytar,
        vaultService,
        openExternal: async (url) => void openedUrls.push(url),
      })
      return startHarness({ dataDir, services })
    }

    let harness = await start()
    const signIn = await harness.services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    try {
      const ui = await openCheckIns(page, harness.url)
      await ui.openGoal(SHIP_ENGINE)
      await fillEverything(ui)
      await expect(ui.draftSaved).toBeVisible()

      await harness.close()
      await harness.services.close()
      harness = await start()
      await openCheckIns(page, harness.url)
      await ui.openGoal(SHIP_ENGINE)
      await expectEverythingKept(ui)
    } finally {
      // Leave the keychain as found; sign-out tidies up on disk, so let that finish before the folder goes.
      await harness.services.dispatch('session.signOut', {})
      await harness.services.assignments.whenIdle()
      await harness.close()
    }
  })
})
