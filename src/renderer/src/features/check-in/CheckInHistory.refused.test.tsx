// @vitest-environment jsdom
import { goalSubject } from './check-in-subject'
// The history and the trends after a later read of the same goal is refused (access taken away, goal
// deleted): react-query keeps the earlier answer beside the error; the screen must not show it as current.
import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckInHistoryRead, PastCheckIn } from '@shared/domain/check-in-history'
import type { GoalDetail } from '@shared/domain/goals'
import { createQueryClient } from '../../app/query-client'
import { checkInHistoryQueryKey } from '../../bridge/check-in-history'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { CheckInHistory } from './CheckInHistory'
import { useTargetTrends } from './use-target-trends'

const checkIn: PastCheckIn = {
  id: 'c1',
  status: 'on_track',
  state: 'published',
  insertedAt: '2026-11-01T10:00:00Z',
  publishedAt: '2026-11-01T10:00:00Z',
  author: { id: 'p1', name: 'Ada Lovelace' },
  message: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'All well' }] }],
  }),
  targets: [{ id: 't1', name: 'Teams', value: 72, previousValue: 48, from: 40, to: 120, unit: 'teams' }],
  checklist: [],
  formerMentions: [],
  webUrl: null,
}
const fresh: CheckInHistoryRead = {
  checkIns: [checkIn],
  fetchedAt: '2026-11-27T10:00:00Z',
  fromCache: false,
  lastError: null,
}
const goal = { id: 'goal-G1', targets: [{ id: 't1' }] } as unknown as GoalDetail

describe('the earlier check-ins once a later read is refused', () => {
  let shown: Rendered | null = null
  afterEach(async () => {
    await shown?.unmount()
    shown = null
    delete (window as { operately?: unknown }).operately
  })

  it('shows neither the old check-ins, their freshness line, nor their trend points', async () => {
    let answer: unknown = { ok: true, value: fresh }
    Object.assign(window, { operately: { checkIns: { history: async () => answer } } })
    const client = createQueryClient()
    let trends: ReturnType<typeof useTargetTrends> = undefined
    const Trends = () => {
      trends = useTargetTrends(goalSubject(goal))
      return null
    }
    const page = (
      <QueryClientProvider client={client}>
        <CheckInHistory
          subject={{ kind: 'goal', id: 'goal-G1' }}
          locale="en-US"
          hasMessage={() => false}
          onStart={() => undefined}
        />
        <Trends />
      </QueryClientProvider>
    )
    shown = await render(page)
    await waitFor(() => expect(shown!.container.textContent).toContain('All well'))
    expect(trends!['t1']).toHaveLength(1)

    answer = { ok: false, error: { kind: 'forbidden', message: 'You no longer have access to this goal.' } }
    await act(async () => {
      await client.refetchQueries({ queryKey: checkInHistoryQueryKey({ kind: 'goal', id: 'goal-G1' }) })
    })
    await waitFor(() => expect(shown!.container.textContent).toContain('could not be read'))
    expect(shown.container.textContent).not.toContain('Read from Operately at')
    expect(trends).toBeUndefined()
  })
})
