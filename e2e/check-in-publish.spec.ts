import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import { checkInsOn, onlyCheckInBody, SHIP_ENGINE, openCheckIns, checkInRequests } from './support/check-in'
import { inboxScreen } from './support/inbox'

// "Save as draft" and "Schedule…" (issue 24): on a 1.8 server each keeps the check-in unpublished on
// Operately, through the outbox like every check-in; on a 1.6 server both are hidden, with why. What a
// server takes is asked of it at sign-in (issue 35; server-truth.spec.ts for every release).

const pad = (n: number) => String(n).padStart(2, '0')
/** Three days from now at 09:00, as a datetime-local input holds it (this computer's wall clock). */
function inThreeDaysAtNine(): { local: string; utc: string } {
  const at = new Date()
  at.setDate(at.getDate() + 3)
  at.setHours(9, 0, 0, 0)
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:00`
  return { local, utc: at.toISOString().replace('.000Z', 'Z') }
}

test.describe('on Operately 1.8', () => {
  test('a check-in saved as a draft stays unpublished on the server, and the inbox lists it', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const before = checkInsOn(emulator, SEED_IDS.goals.shipEngine).length
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Caution').check()
    await ui.writeMessage('Not ready to share yet.')
    await page.getByRole('button', { name: 'Save as draft' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Saved as a draft on Operately' })).toBeFocused()
    const stored = checkInsOn(emulator, SEED_IDS.goals.shipEngine)
    expect(stored).toHaveLength(before + 1)
    expect(stored.at(-1)).toMatchObject({ state: 'draft', status: 'caution', publishedAt: null })
    expect(onlyCheckInBody(emulator)).toMatchObject({ post_as_draft: true })
    expect(onlyCheckInBody(emulator)).not.toHaveProperty('scheduled_at')

    const inbox = inboxScreen(page)
    await inbox.tab.click()
    const drafts = inbox.group('Not published yet')
    await expect(drafts.getByText(`Draft check-in: ${SHIP_ENGINE}`, { exact: true })).toBeVisible()
    // The goal opens on the check-in this computer just saved (a new one is a button away).
    await drafts.getByRole('button', { name: `Open goal ${SHIP_ENGINE}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Saved as a draft on Operately' })).toBeFocused()
    await expect(page.getByText(SHIP_ENGINE, { exact: true })).toBeVisible()
  })

  test('a scheduled check-in is held by the server with the chosen time, in UTC', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const when = inThreeDaysAtNine()
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.writeMessage('For Monday morning.')
    const schedule = page.getByRole('button', { name: 'Schedule…' })
    await expect(schedule).toHaveAttribute('aria-expanded', 'false')
    await schedule.click()
    await page.getByLabel('Publish on').fill(when.local)
    await page.getByRole('button', { name: 'Schedule check-in' }).click()

    await expect(page.getByRole('heading', { level: 1, name: /^Scheduled for .+/ })).toBeFocused()
    expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)).toMatchObject({
      state: 'scheduled',
      scheduledAt: when.utc,
      publishedAt: null,
    })
    expect(onlyCheckInBody(emulator)).not.toHaveProperty('post_as_draft')

    const inbox = inboxScreen(page)
    await inbox.tab.click()
    await expect(
      inbox.group('Not published yet').getByText(new RegExp(`^Scheduled: ${SHIP_ENGINE}, .+`)),
    ).toBeVisible()
  })

  test('a time in the past is refused in the form, before anything is sent', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.writeMessage('Too late for that.')
    await page.getByRole('button', { name: 'Schedule…' }).click()
    await page.getByLabel('Publish on').fill('2020-01-06T09:00')
    await page.getByRole('button', { name: 'Schedule check-in' }).click()
    await expect(page.getByLabel('Publish on')).toBeFocused()
    await expect(page.getByLabel('Publish on')).toHaveAccessibleDescription(/at least 5 minutes from now/)
    expect(checkInRequests(emulator)).toEqual([])
  })
})

test.describe('on Operately 1.6', () => {
  test.use({ serverVersion: '1.6.0' })

  test('both controls are hidden, and a sentence says why', async ({ page, signedIn }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await expect(
      page.getByText(
        'This server neither keeps drafts nor publishes check-ins at a set time (Operately 1.7 and 1.8 added them).',
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Schedule…' })).toHaveCount(0)
    await expect(ui.submit).toBeVisible()
  })
})
