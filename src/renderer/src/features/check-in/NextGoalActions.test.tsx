// @vitest-environment jsdom
// "Next goal" after a check-in, while the goals list holds only its first screen (a long list read in two
// parts, issue 23): what the first screen cannot settle is not said, nor acted on, as if it were the whole.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import type { GoalSummary } from '@shared/domain/goals'
import { goalsQueryKey } from '../../bridge/goals'
import { render, type Rendered } from '../../editor/test-support/render'
import { NextGoalActions } from './NextGoalActions'
import { summary } from './test-goals'

const thisMonth = new Date().toISOString()
// The person's own goals, all checked in this month but `owed`.
const mine = (count: number, owed: number[]): GoalSummary[] =>
  Array.from({ length: count }, (_, i) =>
    summary({
      id: `goal-${String(i).padStart(3, '0')}`,
      name: `Goal ${String(i).padStart(3, '0')}`,
      lastCheckInAt: owed.includes(i) ? null : thisMonth,
      canEdit: true,
    }),
  )

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
})

/** The actions after checking in on `goalId`, with the list as its first screen only; `next` gets what Next goal opened. */
async function renderWithFirstScreen(goals: GoalSummary[], goalId: string, next: Array<string | null>) {
  const client = new QueryClient()
  client.setQueryData(goalsQueryKey, {
    goals: goals.slice(0, FIRST_SCREEN_ROWS),
    rest: { readId: 'r1', count: goals.length },
    fetchedAt: new Date().toISOString(),
    fromCache: false,
    lastError: null,
  })
  rendered = await render(
    <QueryClientProvider client={client}>
      <NextGoalActions goalId={goalId} onNext={(id) => next.push(id)} onBack={() => undefined} />
    </QueryClientProvider>,
  )
  return rendered.container
}

const nextButton = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === 'Next goal')!

describe('Next goal while the rest of the goals is on its way', () => {
  it('does not say every goal has its check-in when only the first screen was looked at', async () => {
    // Owed: goal 70 only, beyond the first screen.
    const container = await renderWithFirstScreen(mine(100, [70]), 'goal-005', [])
    expect(container.textContent).not.toContain('All your goals have a check-in this month')
    expect(container.textContent).toContain('Looking for your next goal…')
  })

  it('does not name a goal of the first screen as next when the one checked in on is beyond it', async () => {
    // Checked in on goal 60; the next owed after it is goal 80 (goal 2 comes only after wrapping round).
    const next: Array<string | null> = []
    const container = await renderWithFirstScreen(mine(100, [2, 80]), 'goal-060', next)
    expect(container.textContent).not.toContain('Next: Goal 002')
    await act(async () => nextButton(container).click())
    expect(next).not.toContain('goal-002')
  })

  it('names the next goal when the first screen settles it (owed after the one checked in on)', async () => {
    const next: Array<string | null> = []
    const container = await renderWithFirstScreen(mine(100, [2, 9, 80]), 'goal-005', next)
    expect(container.textContent).toContain('Next: Goal 009')
    await act(async () => nextButton(container).click())
    expect(next).toEqual(['goal-009'])
  })
})
