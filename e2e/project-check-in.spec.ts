import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { SEED_IDS } from './emulator'
import type { Emulator } from './emulator/types'
import { checkInScreen } from './support/check-in'
import { descriptionUi, projects } from './support/description'
import { expect, test } from './support/fixtures'
import { inboxScreen } from './support/inbox'
import { startServicesProcess, type ServicesProcess } from './support/services-process'

// The weekly project check-in from the tray (issue 36): written from the inbox row or the project's page,
// through the same outbox, the same look before any re-send and the same screens as a goal's. Each
// promise here is checked on the emulator's own record: one check-in on the project, never two.

// Exactly once is a promise: a pass on retry would prove nothing about it.
test.describe.configure({ retries: 0 })

const fast = { backoff: { baseMs: 100, capMs: 400 }, unconfirmedSettleMs: 1_500 }
test.use({ syncTiming: fast })

const LAUNCH = 'Launch site'

/** The project's check-ins on the server whose message holds `text`. */
const saying = (emulator: Emulator, text: string) =>
  emulator.state.projectCheckIns.filter(
    (c) => c.projectId === SEED_IDS.projects.launchSite && JSON.stringify(c.description).includes(text),
  )

const createRequests = (emulator: Emulator) =>
  emulator.state.requests.filter(
    (r) => r.endpoint === 'projects/create_check_in' && (r.body as { project_id?: unknown })?.project_id,
  )

/** Ada's weekly check-in on Launch site is owed (due two days ago), so the inbox lists it. */
function owed(emulator: Emulator): void {
  const launch = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
  launch.nextCheckInScheduledAt = new Date(Date.now() - 2 * 86_400_000).toISOString()
}

/** From the inbox row to the project's check-in form. */
async function openFromInbox(page: Page, url: string): Promise<void> {
  await page.goto(url)
  const other = inboxScreen(page).group('Other assignments')
  await other.getByRole('button', { name: `Write check-in for ${LAUNCH}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: LAUNCH })).toBeVisible()
  await expect(checkInScreen(page).submit).toBeVisible()
}

async function fillIn(page: Page, text: string): Promise<void> {
  const ui = checkInScreen(page)
  await ui.status('Caution').check()
  await ui.message.fill(text)
}

/** From the inbox row to the project's check-in screen, whatever it shows (a waiting submission). */
async function openWaiting(page: Page, url: string): Promise<void> {
  await page.goto(url)
  const other = inboxScreen(page).group('Other assignments')
  await other.getByRole('button', { name: `Write check-in for ${LAUNCH}` }).click()
}

const sentHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Check-in sent' })

test('written from the inbox row: sent once, with who is told, and shown as the server recorded it', async ({
  page,
  signedIn,
  emulator,
}) => {
  owed(emulator)
  await openFromInbox(page, signedIn.url)
  // Nothing chosen for the person: the status until now is shown beside the choices.
  await expect(checkInScreen(page).status('Caution')).not.toBeChecked()
  await expect(page.getByText(/^Until now/)).toBeVisible()
  await fillIn(page, 'Pad poured, crane booked.')
  await checkInScreen(page).submit.click()

  await expect(sentHeading(page)).toBeVisible()
  await expect(page.getByText('Pad poured, crane booked.')).toBeVisible()
  expect(saying(emulator, 'Pad poured, crane booked.')).toHaveLength(1)
  const [sent] = createRequests(emulator)
  // Explicit, never a version's default: everyone is told, as the form said.
  expect(sent!.body).toMatchObject({ status: 'caution', send_notifications_to_everyone: true })
  expect(createRequests(emulator)).toHaveLength(1)
  // Back where it came from: the project.
  await expect(page.getByRole('button', { name: 'Project', exact: true })).toBeVisible()
  // Operately moved the project's next check-in to the next Friday: the inbox, read again, lists it no more.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Inbox/ })
    .click()
  await expect(page.getByRole('button', { name: `Write check-in for ${LAUNCH}` })).toHaveCount(0)
})

test('offline, it waits in the outbox; online again, it lands once', async ({ page, signedIn, emulator }) => {
  owed(emulator)
  // Opened once while Operately answers, so that the form opens offline from the copy kept on disk.
  await openFromInbox(page, signedIn.url)
  emulator.pause()
  await openFromInbox(page, signedIn.url)
  await fillIn(page, 'Written on the train.')
  await checkInScreen(page).submit.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in queued' })).toBeVisible()
  expect(saying(emulator, 'Written on the train.')).toHaveLength(0)

  emulator.resume()
  await expect(sentHeading(page)).toBeVisible({ timeout: 20_000 })
  expect(saying(emulator, 'Written on the train.')).toHaveLength(1)
  expect(createRequests(emulator)).toHaveLength(1)
})

test('a check-in the server saved before answering 504 is found, never posted again', async ({
  page,
  signedIn,
  emulator,
}) => {
  owed(emulator)
  await openFromInbox(page, signedIn.url)
  await fillIn(page, 'Saved behind a gateway that gave up.')
  emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '504-html' })
  await checkInScreen(page).submit.click()

  await expect(sentHeading(page)).toBeVisible({ timeout: 15_000 })
  expect(saying(emulator, 'Saved behind a gateway that gave up.')).toHaveLength(1)
  expect(createRequests(emulator)).toHaveLength(1)
})

test('its earlier check-ins are beside the form, newest first, and one can be the start of the message', async ({
  page,
  signedIn,
  emulator,
}) => {
  owed(emulator)
  await openFromInbox(page, signedIn.url)
  const history = page.getByRole('region', { name: 'Earlier check-ins' })
  const published = emulator.state.projectCheckIns.filter(
    (c) => c.projectId === SEED_IDS.projects.launchSite && c.state === 'published',
  )
  await expect(history.locator('details')).toHaveCount(published.length)
  // The latest is open.
  await expect(history.locator('details').first()).toHaveAttribute('open', '')
  await history.locator('details').first().getByRole('button', { name: 'Start from this message' }).click()
  await expect(checkInScreen(page).message).not.toBeEmpty()
})

test('opened from the project’s page, beside its description', async ({ page, signedIn }) => {
  await descriptionUi(page).openProject(signedIn, projects.launch)
  await page.getByRole('button', { name: 'Write check-in' }).click()
  await expect(page.getByText('New weekly check-in')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: LAUNCH })).toBeVisible()
  // Back goes to the project, not to the list.
  await page.getByRole('button', { name: 'Project', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Write check-in' })).toBeVisible()
})

for (const [version, draft, schedule] of [
  ['1.6.0', false, false],
  ['1.7.0', true, false],
  ['1.8.0', true, true],
] as const) {
  test.describe(`on Operately ${version}`, () => {
    test.use({ serverVersion: version })

    test(`offers ${[draft ? 'Save as draft' : '', schedule ? 'Schedule' : ''].filter(Boolean).join(' and ') || 'neither draft nor schedule'}, as found by asking the server`, async ({
      page,
      signedIn,
      emulator,
    }) => {
      owed(emulator)
      await openFromInbox(page, signedIn.url)
      await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(draft ? 1 : 0)
      await expect(page.getByRole('button', { name: 'Schedule…' })).toHaveCount(schedule ? 1 : 0)
      if (!draft && !schedule) {
        await expect(
          page.getByText(/neither keeps drafts nor publishes check-ins at a set time/),
        ).toBeVisible()
      }
      if (draft) {
        await fillIn(page, `A draft on ${version}.`)
        await page.getByRole('button', { name: 'Save as draft' }).click()
        await expect(page.getByRole('heading', { level: 1 })).toContainText(/draft/i)
        const kept = saying(emulator, `A draft on ${version}.`)
        expect(kept).toHaveLength(1)
        expect(kept[0]!.state).toBe('draft')
        // Kept unpublished on Operately: the inbox lists it until it is published there.
        await page
          .getByRole('navigation', { name: 'Sections' })
          .getByRole('button', { name: /^Inbox/ })
          .click()
        await expect(page.getByText(`Draft check-in: ${LAUNCH}`)).toBeVisible()
        await expect(page.getByRole('button', { name: `Open project ${LAUNCH}` })).toBeVisible()
      }
    })
  })
}

test.describe('on Operately 1.8.0, scheduled', () => {
  test.use({ serverVersion: '1.8.0' })

  test('a scheduled project check-in is held by the server with the chosen time, and listed as not published yet', async ({
    page,
    signedIn,
    emulator,
  }) => {
    owed(emulator)
    await openFromInbox(page, signedIn.url)
    await fillIn(page, 'For Monday morning.')
    await page.getByRole('button', { name: 'Schedule…' }).click()
    // Three days ahead at 09:00, this computer's time: sent as that instant in UTC.
    const at = new Date(Date.now() + 3 * 86_400_000)
    at.setHours(9, 0, 0, 0)
    const pad = (n: number) => String(n).padStart(2, '0')
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:00`
    await page.getByLabel('Publish on').fill(local)
    await page.getByRole('button', { name: 'Schedule check-in' }).click()

    await expect(page.getByRole('heading', { level: 1, name: /^Scheduled for .+/ })).toBeFocused()
    const held = saying(emulator, 'For Monday morning.')
    expect(held).toHaveLength(1)
    expect(held[0]!.state).toBe('scheduled')
    expect(Date.parse(held[0]!.scheduledAt!)).toBe(at.getTime())
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Inbox/ })
      .click()
    await expect(page.getByText(new RegExp(`^Scheduled: ${LAUNCH}, .+`))).toBeVisible()
  })
})

test.describe('on Operately 1.5.0', () => {
  test.use({ serverVersion: '1.5.0' })

  test('the inbox lists the weekly check-in from the flat list, and it is written from there', async ({
    page,
    signedIn,
    emulator,
  }) => {
    owed(emulator)
    await openFromInbox(page, signedIn.url)
    await fillIn(page, 'Written against 1.5.0.')
    await checkInScreen(page).submit.click()
    await expect(sentHeading(page)).toBeVisible()
    expect(saying(emulator, 'Written against 1.5.0.')).toHaveLength(1)
    // 1.5.0 tells nobody by default: the app says so explicitly.
    expect(createRequests(emulator)[0]!.body).toMatchObject({ send_notifications_to_everyone: true })
  })
})

test.describe('killed mid-submit', () => {
  let services: ServicesProcess | null = null
  let dataDir = ''
  test.afterEach(async () => {
    await services?.stop()
    services = null
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  })

  test('after the server saved it, and started again: one check-in, "Check-in sent"', async ({
    page,
    emulator,
  }) => {
    test.setTimeout(60_000)
    owed(emulator)
    dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-e2e-project-killed-'))
    const app = await startServicesProcess({
      dataDir,
      vaultService: `Operately Tray e2e ${randomUUID()}`,
      syncTiming: fast,
    })
    services = app
    const signIn = await app.call('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    expect(signIn.ok).toBe(true)
    await openFromInbox(page, app.url)
    await fillIn(page, 'Sent just before the crash.')
    emulator.setFaults({ hangAfterCommitMs: 60_000 })
    await checkInScreen(page).submit.click()
    await expect.poll(() => saying(emulator, 'Sent just before the crash.').length).toBe(1)
    await app.kill()
    emulator.clearFaults()

    // Started again while the server cannot be reached: the project opens on the submission, being
    // checked, never on a second empty form.
    emulator.pause()
    await app.restart()
    await openWaiting(page, app.url)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Checking whether Operately saved it…' }),
    ).toBeVisible()
    await expect(page.getByText('Sent just before the crash.')).toBeVisible()
    await expect(checkInScreen(page).submit).toHaveCount(0)

    // Reachable again: it is looked up, found, and never posted a second time.
    emulator.resume()
    await expect(sentHeading(page)).toBeVisible({ timeout: 20_000 })
    emulator.resume()
    await expect
      .poll(async () => ((await app.call('sync.get', {})).value as { items: unknown[] }).items.length, {
        timeout: 20_000,
      })
      .toBe(0)
    expect(saying(emulator, 'Sent just before the crash.')).toHaveLength(1)
    expect(createRequests(emulator)).toHaveLength(1)
  })
})
