// @vitest-environment jsdom
// A scheduled check-in's result: publishing applies the status alone, and the rest is listed apart. When
// the check-in changes nothing but the status, there is no rest: nothing must send the person off to fix
// target values, a checklist or a due date that this check-in does not touch.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckInResult } from '@shared/domain/check-ins'
import { render, type Rendered } from '../../editor/test-support/render'
import { CheckInResultView } from './CheckInResultView'

const message = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'On track.' }] }],
})

const scheduled = (over: Partial<CheckInResult> = {}): CheckInResult => ({
  id: 'ci-1',
  goalId: 'goal-1',
  goalName: 'Ship the engine',
  status: 'on_track',
  previousStatus: 'caution',
  message,
  insertedAt: '2026-12-07T09:00:00Z',
  targetChanges: [],
  checklist: [],
  checklistChanges: [],
  dueDate: null,
  previousDueDate: null,
  changesKnown: true,
  webUrl: null,
  recovered: false,
  state: 'scheduled',
  scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  ...over,
})

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
})

describe('the result of a scheduled check-in that changes the status alone', () => {
  it('says publishing sets the status, and nothing of target values, checklist or due date "below"', async () => {
    rendered = await render(
      <QueryClientProvider client={new QueryClient()}>
        <CheckInResultView
          result={scheduled()}
          locale="en-US"
          onNext={() => {}}
          onBack={() => {}}
          backLabel="All goals"
        />
      </QueryClientProvider>,
    )
    const text = rendered.container.textContent ?? ''
    expect(text).toMatch(/Scheduled for/)
    expect(text).not.toMatch(/Recorded in the check-in, not applied to the goal/)
    expect(text).not.toMatch(/below/)
    expect(text).not.toMatch(/target values, checklist and due date/)
  })

  it('with a target changed, still lists it apart as recorded, not applied, and says so', async () => {
    const result = scheduled({
      targetChanges: [
        { id: 't1', name: 'Signups', unit: null, previousValue: 10, value: 20, from: 0, to: 100 },
      ],
    })
    rendered = await render(
      <QueryClientProvider client={new QueryClient()}>
        <CheckInResultView
          result={result}
          locale="en-US"
          onNext={() => {}}
          onBack={() => {}}
          backLabel="All goals"
        />
      </QueryClientProvider>,
    )
    const text = rendered.container.textContent ?? ''
    expect(text).toMatch(/Recorded in the check-in, not applied to the goal/)
    expect(text).toMatch(/Signups/)
    expect(text).not.toMatch(/Due date/)
    expect(text).toMatch(/target values, checklist and due date below/)
  })
})
