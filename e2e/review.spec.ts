import type { Page } from '@playwright/test'
import type { Emulator } from './emulator/types'
import { expect, test } from './support/fixtures'
import { inboxScreen } from './support/inbox'

// The reviewer's half (issue 37): a check-in to acknowledge is read in the popup and acknowledged from
// there, through the outbox, once. The emulator counts acknowledgements per check-in: 1 after one, and
// on goals before 1.8.0 a second request would count 2 (and notify the author again).

// Acknowledged once is a promise: a pass on retry would prove nothing about it.
test.describe.configure({ retries: 0 })
test.use({
  seed: 'project-check-ins',
  syncTiming: { backoff: { baseMs: 100, capMs: 400 }, unconfirmedSettleMs: 1_500 },
})

const DATA_TEAM = 'Hire a data team'
const TEST_SUITE = 'Compiler test suite'

/** The emulator's count for the one check-in of `name` (a goal's or a project's) waiting for Ada. */
function acknowledgements(emulator: Emulator, name: string): number {
  const goal = emulator.state.goals.find((g) => g.name === name)
  const project = emulator.state.projects.find((p) => p.name === name)
  const ids = goal
    ? emulator.state.checkIns.filter((c) => c.goalId === goal.id).map((c) => c.id)
    : emulator.state.projectCheckIns.filter((c) => c.projectId === project!.id).map((c) => c.id)
  return ids.reduce((sum, id) => sum + (emulator.state.acknowledgements[id] ?? 0), 0)
}

const reviewButton = (page: Page, name: string) =>
  inboxScreen(page)
    .group('Waiting for your review')
    .getByRole('button', { name: `Review the check-in on ${name}` })

async function openReview(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url)
  await reviewButton(page, name).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused()
}

for (const version of ['1.8.0', '1.7.0'] as const) {
  test.describe(`on Operately ${version}`, () => {
    test.use({ serverVersion: version })

    for (const name of [DATA_TEAM, TEST_SUITE]) {
      test(`${name}: read in the popup, acknowledged once, the row gone`, async ({
        page,
        signedIn,
        emulator,
      }) => {
        const before = acknowledgements(emulator, name)
        await openReview(page, signedIn.url, name)
        await page.getByRole('button', { name: 'Acknowledge', exact: true }).click()
        await expect(page.getByText('Acknowledged. The author is told.')).toBeVisible()
        expect(acknowledgements(emulator, name)).toBe(before + 1)
        await page.getByRole('button', { name: 'Inbox' }).first().click()
        await expect(reviewButton(page, name)).toHaveCount(0)
      })
    }

    test('after a 504 that came after the commit: acknowledged once, never twice', async ({
      page,
      signedIn,
      emulator,
    }) => {
      const before = acknowledgements(emulator, DATA_TEAM)
      await openReview(page, signedIn.url, DATA_TEAM)
      emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '504-html' })
      await page.getByRole('button', { name: 'Acknowledge', exact: true }).click()
      // Found on the server after the unclear answer (a goal's is looked up, never sent again).
      await expect(page.getByText('Acknowledged. The author is told.')).toBeVisible({ timeout: 15_000 })
      expect(await signedIn.services.dispatch('sync.get', {})).toMatchObject({
        ok: true,
        value: { items: [] },
      })
      expect(acknowledgements(emulator, DATA_TEAM)).toBe(before + 1)
    })
  })
}

test('with a read-only token the person is told before trying, and nothing is sent', async ({
  page,
  harness,
  emulator,
}) => {
  const signIn = await harness.services.dispatch('session.signIn', {
    baseUrl: emulator.url,
    token: emulator.tokens.readOnly,
  })
  expect(signIn.ok).toBe(true)
  await openReview(page, harness.url, DATA_TEAM)
  await expect(page.getByText(/can only read/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0)
  expect(emulator.state.requests.filter((r) => r.endpoint?.includes('acknowledge'))).toEqual([])
})

test('"Acknowledge and next" goes on to the next check-in waiting, without leaving the popup', async ({
  page,
  signedIn,
  emulator,
}) => {
  await page.goto(signedIn.url)
  const waiting = inboxScreen(page)
    .group('Waiting for your review')
    .getByRole('button', { name: /^Review the check-in on / })
  await expect(waiting).toHaveCount(2)
  const first = ((await waiting.first().textContent()) ?? '').includes(DATA_TEAM) ? DATA_TEAM : TEST_SUITE
  const second = first === DATA_TEAM ? TEST_SUITE : DATA_TEAM
  await reviewButton(page, first).click()
  await page.getByRole('button', { name: 'Acknowledge and next' }).click()
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeFocused()
  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expect(page.getByText('Acknowledged. The author is told.')).toBeVisible()
  expect(acknowledgements(emulator, first)).toBeGreaterThan(0)
  expect(acknowledgements(emulator, second)).toBeGreaterThan(0)
})
