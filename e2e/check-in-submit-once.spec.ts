import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import {
  checkInRequests,
  checkInsOn,
  SHIP_ENGINE,
  startAnsweringProxy,
  type AnsweringProxy,
  openCheckIns,
} from './support/check-in'

test.describe('submitting a check-in posts it once', () => {
  let proxy: AnsweringProxy | null = null
  test.afterEach(async () => {
    await proxy?.close()
    proxy = null
  })

  test('when the connection drops after the server saved it, the queued check-in is found, never posted again', async ({
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
    const before = checkInsOn(emulator, SEED_IDS.goals.shipEngine).length

    const ui = await openCheckIns(page, harness.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Caution').check()
    await ui.target('Weekly active teams').fill('90')
    await ui.message.fill('Saved once, whatever the network does.')

    // The server saves the check-in, then the connection drops; looking it up fails too, for now (the
    // goal's check-ins were read once before sending, then never again). The outcome is unknown, so the
    // submission waits in the outbox, to be looked up before anything is sent.
    emulator.setFaults({ dropAfterCommit: 1 })
    proxy.setRules([{ endpoint: 'goals/list_check_ins', answer: { drop: true }, skip: 1 }])
    await ui.submit.click()

    await expect(
      page.getByRole('heading', { level: 1, name: 'Checking whether Operately saved it…' }),
    ).toBeVisible()
    await expect(page.getByText('Saved once, whatever the network does.')).toBeVisible()
    expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine)).toHaveLength(before + 1)

    // Reachable again: "Sync now" finds the check-in the server already has instead of posting it again.
    proxy.setRules([])
    await page.getByRole('button', { name: 'Open Sync', exact: true }).click()
    await page.getByRole('button', { name: /^(Sync now|Syncing…)$/ }).click()
    await expect(page.getByText('Nothing waiting. Everything you saved is on the server.')).toBeVisible()
    expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine)).toHaveLength(before + 1)
    expect(checkInRequests(emulator)).toHaveLength(1)
  })

  test('a dropped connection alone is recovered without asking: exactly one check-in', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const before = checkInsOn(emulator, SEED_IDS.goals.shipEngine).length
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.writeMessage('Dropped, then found.')
    emulator.setFaults({ dropAfterCommit: 1 })
    await ui.submit.click()

    await expect(ui.resultHeading).toBeVisible()
    expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine)).toHaveLength(before + 1)
    expect(checkInRequests(emulator)).toHaveLength(1)
  })

  test('however often the button is clicked', async ({ page, signedIn, emulator }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.writeMessage('Clicked twice.')
    await expect(ui.message).toHaveText('Clicked twice.')
    emulator.setFaults({ latencyMs: 400 })
    await ui.submit.dblclick()

    await expect(ui.resultHeading).toBeVisible()
    expect(checkInRequests(emulator)).toHaveLength(1)
    expect(
      checkInsOn(emulator, SEED_IDS.goals.shipEngine).filter((c) =>
        JSON.stringify(c.message).includes('Clicked twice.'),
      ),
    ).toHaveLength(1)
  })

  test('however often Ctrl+Enter is pressed, and it adds nothing to the message', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Caution').check()
    await ui.writeMessage('Mashed.')
    emulator.setFaults({ latencyMs: 400 })
    for (let i = 0; i < 6; i++) await page.keyboard.press('Control+Enter')

    await expect(ui.resultHeading).toBeVisible()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Enter')
    expect(checkInRequests(emulator)).toHaveLength(1)
    const sent = JSON.parse((checkInRequests(emulator)[0]!.body as { content: string }).content) as unknown
    expect(sent).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mashed.' }] }],
    })
  })
})
