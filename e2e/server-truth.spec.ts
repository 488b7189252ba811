import type { SessionState } from '../src/shared/session'
import { SEED_IDS } from './emulator'
import { wireId } from './emulator/test-support'
import { expect, test } from './support/fixtures'
import { checkInsOn, onlyCheckInBody, openCheckIns, SHIP_ENGINE } from './support/check-in'
import { inboxScreen } from './support/inbox'

// Issue 35: the app against what a real Operately server does, not our picture of it. The version header
// of a release is a build date and hash (never a release number), so what a server takes is asked of it;
// 1.5.0 lists assignments flat; the notify list starts with those Operately always tells; a scheduled
// check-in's publishing applies its status alone.

// It guards "asked without changing anything": a pass that needed a retry would prove nothing.
test.describe.configure({ retries: 0 })

const releaseHeader = /^\d{4}-\d{2}-\d{2}-[0-9a-f]{7,}$/

/** Everything the emulator keeps but its request log: what a request with a side effect would change. */
const kept = (emulator: { state: object }) => JSON.stringify({ ...emulator.state, requests: [] })

for (const [version, offers] of [
  ['1.8.0', { draft: true, schedule: true }],
  ['1.7.0', { draft: true, schedule: false }],
  ['1.6.0', { draft: false, schedule: false }],
] as const) {
  test.describe(`on Operately ${version}, whose header is its build`, () => {
    test.use({ serverVersion: version })

    test('offers what the server was found to take, asking it without changing anything, whatever the token', async ({
      page,
      harness,
      emulator,
    }) => {
      const before = kept(emulator)
      for (const token of [emulator.tokens.readOnly, emulator.tokens.write]) {
        const signedIn = await harness.services.dispatch('session.signIn', { baseUrl: emulator.url, token })
        expect(signedIn.ok).toBe(true)
      }
      // The questions asked: each a change Operately must refuse, none naming a goal, none applied.
      const asked = emulator.state.requests.filter((r) => r.method === 'POST')
      expect(asked.length).toBeGreaterThan(0)
      for (const request of asked) {
        expect(request).toMatchObject({ committed: false })
        expect(request.status).toBeGreaterThanOrEqual(400)
        expect(request.body).not.toHaveProperty('goal_id')
      }
      expect(kept(emulator)).toBe(before)

      const ui = await openCheckIns(page, harness.url)
      await ui.openGoal(SHIP_ENGINE)
      await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(offers.draft ? 1 : 0)
      await expect(page.getByRole('button', { name: 'Schedule…' })).toHaveCount(offers.schedule ? 1 : 0)
      if (!offers.draft || !offers.schedule) {
        await expect(page.getByText(/^This server (does not|neither) /)).toBeVisible()
      }
      await expect(ui.submit).toBeVisible()

      // The header is shown as the server sent it: a build, not a release number.
      const session = await harness.services.dispatch('session.get', {})
      const state = session.ok ? (session.value as SessionState) : null
      expect(state?.status === 'signed_in' && state.serverVersion).toMatch(releaseHeader)
    })
  })
}

test.describe('on Operately 1.5.0', () => {
  test.use({ serverVersion: '1.5.0' })

  test('the inbox lists what is due from the flat assignment list', async ({ page, signedIn }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.heading).toBeFocused()
    await expect(page.getByText('Nothing is due')).toHaveCount(0)
    await expect(inbox.tab).toHaveAccessibleName(/^Inbox, [1-9]\d* due$/)
    await expect(page.getByRole('listitem').filter({ hasText: SHIP_ENGINE })).toHaveCount(1)
  })
})

test('the notify choice starts with the champion and the reviewer, who are always told', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await ui.status('On track').check()
  await ui.writeMessage('Only for the people who need it.')
  await ui.notifyChosen.check()
  const people = page.getByRole('group', { name: 'People to notify' })
  // Ada is the champion and the author: not listed. Barbara reviews the goal.
  const barbara = people.getByRole('checkbox', { name: /^Barbara Liskov/ })
  await expect(barbara).toBeChecked()
  await expect(barbara).toBeDisabled()
  await expect(barbara).toHaveAccessibleName(/Reviewer, always notified/)
  await ui.submit.click()
  await expect(ui.resultHeading).toBeFocused()
  expect(onlyCheckInBody(emulator)).toMatchObject({ send_notifications_to_everyone: false })
  // Ids compared by their last segment, as Operately reads them (operately-api.md §4).
  const lastSegment = (id: string) => id.split('-').at(-1)
  const sent = (onlyCheckInBody(emulator)['subscriber_ids'] as string[]).map(lastSegment)
  expect(sent).toContain(lastSegment(wireId(emulator, SEED_IDS.people.barbara)))
  expect(sent).toHaveLength(new Set(sent).size)
})

test('a scheduled check-in says publishing sets its status only, and lists the rest as not applied', async ({
  page,
  signedIn,
  emulator,
}) => {
  const at = new Date()
  at.setDate(at.getDate() + 3)
  const pad = (n: number) => String(n).padStart(2, '0')
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:00`
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await ui.status('Caution').check()
  await ui.target('Weekly active teams').fill('90')
  await ui.writeMessage('For Monday morning.')
  await page.getByRole('button', { name: 'Schedule…' }).click()
  await expect(page.getByText(/sets the goal’s status only/)).toBeVisible()
  await page.getByLabel('Publish on').fill(local)
  await page.getByRole('button', { name: 'Schedule check-in' }).click()

  await expect(page.getByRole('heading', { level: 1, name: /^Scheduled for .+/ })).toBeFocused()
  await expect(page.getByText(/Publishing sets the goal’s status only/)).toBeVisible()
  const applies = page.getByRole('list', { name: 'What publishing will change' })
  await expect(applies.getByRole('listitem')).toHaveCount(1)
  await expect(applies).toContainText('Status')
  const recorded = page.getByRole('list', { name: 'Recorded in the check-in, not applied to the goal' })
  await expect(recorded).toContainText('Weekly active teams')
  await expect(page.getByText(/once published/)).toHaveCount(0)
  expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)).toMatchObject({ state: 'scheduled' })
})
