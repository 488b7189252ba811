import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import keytar from 'keytar'
import { createMainServices } from '../src/main/services/create-services'
import type { SyncEvent } from '../src/main/services/sync/sync-engine'
import { syncNotice } from '../src/main/shell/sync-signals'
import { checkInDraftKey } from '../src/shared/contract/drafts'
import { SEED_IDS } from './emulator'
import { startHarness } from './harness'
import { wireId } from './emulator/test-support'
import type { Emulator } from './emulator/types'
import {
  checkInRequests,
  checkInScreen,
  checkInsOn,
  openCheckIns,
  SHIP_ENGINE,
  startAnsweringProxy,
  type AnsweringProxy,
  type CheckInScreen,
} from './support/check-in'
import { descriptionUi, descriptionUpdates, projects, storedProject } from './support/description'
import { expect, test } from './support/fixtures'
import { startServicesProcess, type ServicesProcess } from './support/services-process'
import { syncRow, syncUi } from './support/sync'

// Exactly once against a server that fails after it saves (issue 11): every check-in goes to the outbox
// on disk before it is sent; a 504 after the commit, a popup opened again mid-submit, and the services
// killed mid-submit all end in one check-in on the server and "Check-in sent" in the form.

// No retries (issue 39): the security gate counts a proof that passed only on retry as failed, so a
// retry here would only turn a busy runner's hiccup into a red release. Flakiness is fixed, not retried.
test.describe.configure({ retries: 0 })

const fast = { backoff: { baseMs: 100, capMs: 400 }, unconfirmedSettleMs: 1_500 }
test.use({ syncTiming: fast })

const BACKLOG = 'Cut the support backlog in half'
const DATA_TEAM = 'Hire a data team'

const sentHeading = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: 'Check-in sent' })

const saying = (emulator: Emulator, text: string) =>
  checkInsOn(emulator, SEED_IDS.goals.shipEngine).filter((c) => JSON.stringify(c.message).includes(text))

async function fillIn(ui: CheckInScreen, text: string): Promise<void> {
  await ui.status('Caution').check()
  await ui.message.fill(text)
}

test('a check-in the server saved before answering 504 is found, never posted again: "Check-in sent"', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await fillIn(ui, 'Saved behind a gateway that gave up.')
  emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '504-html' })
  await ui.submit.click()

  await expect(sentHeading(page)).toBeVisible()
  await expect(page.getByText('Saved behind a gateway that gave up.')).toBeVisible()
  expect(saying(emulator, 'Saved behind a gateway that gave up.')).toHaveLength(1)
  expect(checkInRequests(emulator)).toHaveLength(1)
  // Nothing waits: the Sync tab says so.
  await expect(syncUi(page).tab).toHaveAccessibleName('Sync')
})

test('the popup opened again mid-submit shows the same submission, never a second form, and ends "Check-in sent"', async ({
  page,
  signedIn,
  emulator,
}) => {
  let ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await fillIn(ui, 'Reopened while it was on its way.')
  // The server saves it, takes its time to answer, and the gateway gives up on it: 504.
  emulator.setFaults({ hangAfterCommitMs: 5_000, failAfterCommit: 1, failAfterCommitAnswer: '504-html' })
  await ui.submit.click()
  await expect.poll(() => checkInRequests(emulator).length).toBe(1)

  // The popup is closed and opened again (a fresh page), and the goal opened once more.
  ui = await openCheckIns(page, signedIn.url)
  await ui.filter.fill(SHIP_ENGINE)
  await ui.goalOption(SHIP_ENGINE).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Still waiting for Operately…' })).toBeVisible()
  await expect(page.getByText('Reopened while it was on its way.')).toBeVisible()
  await expect(ui.submit).toHaveCount(0)

  await expect(sentHeading(page)).toBeVisible({ timeout: 15_000 })
  expect(saying(emulator, 'Reopened while it was on its way.')).toHaveLength(1)
  expect(checkInRequests(emulator)).toHaveLength(1)
})

test('a draft that outlived its sent check-in opens on "Check-in sent", never as a form whose edits go nowhere', async ({
  page,
  signedIn,
  emulator,
}) => {
  const key = checkInDraftKey(wireId(emulator, SEED_IDS.goals.shipEngine))
  const storedDraft = async () => {
    const read = await signedIn.services.dispatch('drafts.get', { key })
    return read.ok ? (read.value as { value: { submission?: string } | null }).value : null
  }
  let ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await fillIn(ui, 'Sent before its draft could go.')
  // The server saves it and holds the answer a moment: meanwhile the draft names the submission.
  emulator.setFaults({ hangAfterCommitMs: 1_500 })
  await ui.submit.click()
  await expect.poll(async () => (await storedDraft())?.submission ?? null).not.toBeNull()
  const leftBehind = await storedDraft()
  await expect(sentHeading(page)).toBeVisible()
  // The app stopped after the server had it and before the draft was removed (a crash, a disk that
  // refused the removal): the draft is still there the next time.
  await signedIn.services.dispatch('drafts.save', { key, value: leftBehind! })

  ui = await openCheckIns(page, signedIn.url)
  await ui.filter.fill(SHIP_ENGINE)
  await ui.goalOption(SHIP_ENGINE).click()
  await expect(sentHeading(page)).toBeVisible()
  await expect(page.getByText('Sent before its draft could go.')).toBeVisible()
  await expect(ui.submit).toHaveCount(0)
  // Done with: the goal opens on a fresh form next time.
  await expect.poll(storedDraft).toBeNull()
  expect(saying(emulator, 'Sent before its draft could go.')).toHaveLength(1)
  expect(checkInRequests(emulator)).toHaveLength(1)
})

test.describe('while the app checks whether Operately saved it', () => {
  // Long enough to stay "checking" while the person acts.
  test.use({ syncTiming: { ...fast, unconfirmedSettleMs: 120_000 } })
  let proxy: AnsweringProxy | null = null
  test.afterEach(async () => {
    await proxy?.close()
    proxy = null
  })

  test('Discard says Operately may already have the check-in, never that it is never sent', async ({
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
    // The connection is lost once the check-in has left this computer: it may have been saved.
    proxy.setRules([{ endpoint: 'goals/create_check_in', answer: { drop: true }, times: 1 }])
    const ui = await openCheckIns(page, harness.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillIn(ui, 'Lost on the way back.')
    await ui.submit.click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Checking whether Operately saved it…' }),
    ).toBeVisible()

    const sync = syncUi(page)
    await sync.open()
    const row = syncRow(sync.row(`Check-in · ${SHIP_ENGINE}`))
    await row.askDiscard.click()
    await expect(row.question).toContainText('Operately may already have this check-in')
    await expect(row.question).not.toContainText('never sent')
  })
})

test('"Edit and send again" opens on the submitted words even when the draft could not keep them', async ({
  page,
  harness,
  emulator,
}) => {
  const proxy = await startAnsweringProxy(emulator.url)
  try {
    const signIn = await harness.services.dispatch('session.signIn', {
      baseUrl: proxy.url,
      token: emulator.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    let ui = await openCheckIns(page, harness.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillIn(ui, 'Only the outbox has these words.')
    emulator.pause()
    await ui.submit.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in queued' })).toBeVisible()
    // The draft could not be written before the submit (or was removed since): the outbox alone holds it.
    await harness.services.dispatch('drafts.clear', {
      key: checkInDraftKey(wireId(emulator, SEED_IDS.goals.shipEngine)),
    })
    // Back online, Operately refuses it: it waits for the person.
    proxy.setRules([
      {
        endpoint: 'goals/create_check_in',
        answer: { status: 403, body: '{"error":"Forbidden","message":"You do not have permission"}' },
      },
    ])
    emulator.resume()
    await harness.services.dispatch('sync.now', {})
    await expect(page.getByRole('heading', { level: 1, name: 'Needs you' })).toBeVisible({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Edit and send again' }).click()

    ui = checkInScreen(page)
    await expect(ui.message).toContainText('Only the outbox has these words.')
    await expect(ui.status('Caution')).toBeChecked()
    await expect(ui.submit).toBeVisible()
  } finally {
    await proxy.close()
  }
})

test.describe('with the services in a process of their own', () => {
  let services: ServicesProcess | null = null
  let dataDir = ''
  test.afterEach(async () => {
    await services?.stop()
    services = null
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  })

  /**
   * The services in a process of their own, signed in; a check-in for Ship the Engine submitted with
   * `text`; the server saves it and holds its answer, and the process is killed while it waits.
   */
  async function submitAndDie(
    page: import('@playwright/test').Page,
    emulator: Emulator,
    text: string,
  ): Promise<ServicesProcess> {
    dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-e2e-killed-'))
    const started = await startServicesProcess({
      dataDir,
      vaultService: `Operately Tray e2e ${randomUUID()}`,
      syncTiming: fast,
    })
    services = started
    const signIn = await started.call('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    const ui = await openCheckIns(page, started.url)
    await ui.openGoal(SHIP_ENGINE)
    await fillIn(ui, text)
    emulator.setFaults({ hangAfterCommitMs: 60_000 })
    await ui.submit.click()
    await expect.poll(() => saying(emulator, text).length).toBe(1)
    await started.kill()
    emulator.clearFaults()
    return started
  }

  test('killed mid-submit after the server saved it, and started again: one check-in, "Check-in sent"', async ({
    page,
    emulator,
  }) => {
    test.setTimeout(60_000)
    const app = await submitAndDie(page, emulator, 'Sent just before the crash.')

    // Started again, while the server cannot be reached yet: the submission waits, and the goal shows it.
    emulator.pause()
    await app.restart()
    const ui = await openCheckIns(page, app.url)
    await ui.filter.fill(SHIP_ENGINE)
    await ui.goalOption(SHIP_ENGINE).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Checking whether Operately saved it…' }),
    ).toBeVisible()
    await expect(page.getByText('Sent just before the crash.')).toBeVisible()

    // Reachable again: it is looked up, found, and never posted a second time.
    emulator.resume()
    await expect(sentHeading(page)).toBeVisible({ timeout: 20_000 })
    expect(saying(emulator, 'Sent just before the crash.')).toHaveLength(1)
    expect(checkInRequests(emulator)).toHaveLength(1)
  })

  test('killed mid-submit, started again while Operately answers: the goal opens on "Sent at" with the text, and a second check-in is a deliberate step', async ({
    page,
    emulator,
  }) => {
    test.setTimeout(60_000)
    const app = await submitAndDie(page, emulator, 'Sent while nobody watched.')

    // Started again with Operately answering: the outbox finds the check-in and settles it before anyone
    // opens the goal, so neither the draft nor the outbox remembers it any more.
    await app.restart()
    await expect
      .poll(async () => ((await app.call('sync.get', {})).value as { items: unknown[] }).items.length, {
        timeout: 20_000,
      })
      .toBe(0)

    let ui = await openCheckIns(page, app.url)
    await ui.filter.fill(SHIP_ENGINE)
    await ui.goalOption(SHIP_ENGINE).click()
    await expect(sentHeading(page)).toBeVisible()
    await expect(page.getByText(/^Sent at \d/)).toBeVisible()
    await expect(page.getByText('Sent while nobody watched.')).toBeVisible()
    await expect(ui.submit).toHaveCount(0)

    // A second check-in for the goal is a choice the person makes, and starts from a clean form.
    await page.getByRole('button', { name: 'Write another check-in' }).click()
    ui = checkInScreen(page)
    await expect(ui.submit).toBeVisible()
    await fillIn(ui, 'A second one, on purpose.')
    await ui.submit.click()
    await expect(sentHeading(page)).toBeVisible({ timeout: 15_000 })
    expect(saying(emulator, 'Sent while nobody watched.')).toHaveLength(1)
    expect(saying(emulator, 'A second one, on purpose.')).toHaveLength(1)
    expect(checkInRequests(emulator)).toHaveLength(2)
  })
})

test('one queued item Operately keeps refusing does not hold back three others, and ends in "Needs you" with its text', async ({
  page,
  signedIn,
  emulator,
}) => {
  test.setTimeout(60_000)
  const sync = syncUi(page)
  const editor = descriptionUi(page)
  // Opened once while Operately answers, so that they open again from this computer while it does not.
  await editor.openProject(signedIn, projects.launch)
  let ui = await openCheckIns(page, signedIn.url)
  for (const name of [BACKLOG, DATA_TEAM]) {
    await ui.openGoal(name)
    await ui.backToGoals.click()
  }
  // A check-in that mentions Katherine, typed while Operately answers...
  await ui.openGoal(SHIP_ENGINE)
  await ui.status('On track').check()
  await ui.writeMessage('Thanks @Kath')
  await page
    .getByRole('listbox', { name: 'People to mention' })
    .getByRole('option', { name: /Katherine Johnson/ })
    .waitFor()
  await page.keyboard.press('Enter')
  await page.keyboard.type(' for the review.')
  // ...submitted first, while it does not; then three more changes.
  emulator.pause()
  await ui.submit.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in queued' })).toBeVisible()
  for (const [name, text] of [
    [BACKLOG, 'Backlog down a third.'],
    [DATA_TEAM, 'Two offers declined.'],
  ] as const) {
    await ui.backToGoals.click()
    await ui.openGoal(name)
    await ui.status('Caution').check()
    await ui.message.fill(text)
    await ui.submit.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in queued' })).toBeVisible()
  }
  await editor.openProject(signedIn, projects.launch)
  await editor.belowEnd()
  await page.keyboard.type('Launch moved to May.')
  await editor.saveButton.click()
  await expect(editor.status).toHaveText('Queued · will be sent when Operately can be reached')
  await expect(sync.tab).toHaveAccessibleName('Sync, 4 waiting')

  // Meanwhile Katherine left the company: a check-in that mentions her is answered 500, every time.
  emulator.state.people = emulator.state.people.filter((p) => p.id !== SEED_IDS.people.katherine)
  // Nobody presses "Sync now": the app finds Operately again by itself and sends the four in turn.
  emulator.resume()
  await sync.open()

  const stuck = sync.row(`Check-in · ${SHIP_ENGINE}`)
  await expect(sync.group('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 })
  await expect(sync.group('Needs you').getByRole('listitem')).toHaveCount(1)
  await expect(stuck).toContainText('Needs you')
  await expect(stuck).toContainText('Thanks @Katherine Johnson for the review.')
  await expect(stuck).toContainText(/refused this check-in 5 times in a row/)
  // The three others went out, each once.
  expect(checkInsOn(emulator, SEED_IDS.goals.supportBacklog).at(-1)?.status).toBe('caution')
  expect(checkInsOn(emulator, SEED_IDS.goals.dataTeam).at(-1)?.status).toBe('caution')
  expect(JSON.stringify(storedProject(emulator, projects.launch).description)).toContain(
    'Launch moved to May.',
  )
  expect(checkInRequests(emulator).filter((r) => r.status === 200)).toHaveLength(2)
  expect(descriptionUpdates(emulator)).toHaveLength(1)
  // The refused one was tried a bounded number of times, and is not tried again by itself.
  expect(checkInRequests(emulator).filter((r) => r.status === 500)).toHaveLength(5)

  // It stays, text intact, until the person acts: "Open" shows it with Edit, Retry and Discard.
  await syncRow(stuck).open.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Needs you' })).toBeVisible()
  await expect(page.getByText('Thanks @Katherine Johnson for the review.')).toBeVisible()
  await page.getByRole('button', { name: 'Edit and send again' }).click()
  // Back in the form with every word, ready to change.
  ui = checkInScreen(page)
  await expect(ui.message).toContainText('Thanks @Katherine Johnson for the review.')
  await expect(ui.submit).toBeVisible()
  expect(checkInRequests(emulator).filter((r) => r.status === 500)).toHaveLength(5)
})

test('a slow submit says so after a few seconds and can go on in the background; Sync and a notification follow it to the end', async ({
  page,
  signedIn,
  emulator,
}) => {
  const events: SyncEvent[] = []
  signedIn.services.sync.engine.onEvent((event) => events.push(event))
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await fillIn(ui, 'Written on a slow hotel network.')
  // The server saves it, and takes its time to say so.
  emulator.setFaults({ hangAfterCommitMs: 6_000 })
  await ui.submit.click()

  const slow = page.getByRole('status').filter({ hasText: 'Still waiting for Operately…' })
  await expect(slow).toBeVisible()
  await page.getByRole('button', { name: 'Keep it in the background' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Still waiting for Operately…' })).toBeFocused()
  await expect(page.getByText(/It goes on in the background/)).toBeVisible()

  // The Sync view follows it: being sent, then nothing waiting.
  const sync = syncUi(page)
  await sync.open()
  await expect(sync.row(`Check-in · ${SHIP_ENGINE}`)).toContainText('Sending…')
  await expect(sync.empty).toBeVisible({ timeout: 15_000 })
  expect(saying(emulator, 'Written on a slow hotel network.')).toHaveLength(1)
  expect(checkInRequests(emulator)).toHaveLength(1)

  // Nobody was waiting for it any more: the shell's notification says it is in, when, and with which words.
  const delivered = events.find((event) => event.type === 'delivered')
  expect(delivered).toMatchObject({ awaited: false })
  const utc = (at: Date) => at.toISOString().slice(11, 16)
  const posted = saying(emulator, 'Written on a slow hotel network.')[0]!
  expect(syncNotice(delivered!, { clockTime: utc })).toEqual({
    title: 'Check-in posted',
    body: `Your check-in for “${SHIP_ENGINE}” was posted at ${utc(new Date(posted.insertedAt))}: “Written on a slow hotel network.”`,
  })
})

test('a queued file that cannot be read is shown in Sync with its words, copied, then discarded', async ({
  page,
  context,
  dataDir,
  vaultService,
  emulator,
}) => {
  // Left by an earlier run of the app: cut short in the middle of what someone wrote.
  await mkdir(join(dataDir, 'outbox'), { recursive: true })
  const whole = JSON.stringify({
    kind: 'description',
    payload: {
      projectId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
      description: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The words I must not lose.' }] }],
      }),
    },
  })
  await writeFile(join(dataDir, 'outbox', `${randomUUID()}.json`), whole.slice(0, whole.indexOf('lose') + 4))
  const services = await createMainServices({ dataDir, keytar, vaultService })
  const harness = await startHarness({ dataDir, services })
  try {
    const signIn = await services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(harness.url)
    const sync = syncUi(page)
    await sync.open()
    const group = sync.group('Could not be read')
    const row = group.getByRole('listitem', { name: 'A description that could not be read back' })
    await expect(row.getByRole('textbox', { name: 'What could be read from it' })).toHaveValue(
      'The words I must not lose',
    )
    await row.getByRole('button', { name: /^Copy text/ }).click()
    await expect(row.getByRole('status')).toHaveText(/^Copied/)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('The words I must not lose')

    await row.getByRole('button', { name: /^Discard…/ }).click()
    await row.getByRole('button', { name: 'Discard', exact: true }).click()
    await expect(group).toBeHidden()
    await expect(sync.empty).toBeVisible()
    expect(await readdir(join(dataDir, 'outbox', 'damaged'))).toEqual([])
  } finally {
    await services.dispatch('session.signOut', {})
    await harness.close()
    await services.close()
  }
})
