import { describe, expect, it } from 'vitest'
import type { GoalCheckInInput as CreateCheckInInput } from '@shared/domain/check-ins'
import { dueDateFor } from '@shared/domain/contextual-date'
import { AppFailure } from '@shared/errors'
import { goalSchema } from '../operately/schemas'
import { checkInBody } from '../operately/bodies'
import type { ServerCapabilities } from '@shared/server-capabilities'
import { prepareCheckIn } from './body'

const goal = goalSchema.parse({
  id: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
  name: 'Ship the engine',
  targets: [
    { id: 'T2', name: 'p95', value: 2.4, index: 1 },
    { id: 'T1', name: 'Teams', value: 72, index: 0 },
  ],
  checklist: [],
  timeframe: {
    contextual_start_date: { date_type: 'day', date: '2025-11-01', value: 'Nov 1, 2025' },
    contextual_end_date: { date_type: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
  },
})

const input = (over: Partial<CreateCheckInInput> = {}): CreateCheckInInput => ({
  submissionId: '6f1c2f3e-8d4b-4a5c-9e7f-0a1b2c3d4e5f',
  goalId: goal.id,
  status: 'caution',
  dueDate: { mode: 'keep' },
  targetValues: [],
  checklist: [
    { id: 'C3', name: 'Third', completed: false, index: 2 },
    { id: 'C1', name: 'First', completed: true, index: 0 },
    { id: 'C2', name: 'Second', completed: false, index: 1 },
  ],
  message: '{"type":"doc","content":[{"type":"paragraph"}]}',
  notify: { mode: 'everyone' },
  ...over,
})

/** What the capability probe finds on a server of each release (null: not asked yet). */
const takesOf = (release: string | null): ServerCapabilities | null => {
  if (release === null) return null
  const [drafts, schedule] = [release >= '1.7.0', release >= '1.8.0']
  return { header: `build of ${release}`, drafts, schedule, dueDateRequired: !drafts }
}

/** The JSON body the client would post. */
const wire = (i: CreateCheckInInput, release: string | null = '1.8.0') =>
  checkInBody(prepareCheckIn(i, goal, takesOf(release)).body)

const refusal = (fn: () => unknown): string => {
  try {
    fn()
  } catch (err) {
    if (err instanceof AppFailure && err.error.kind === 'invalid_input') return err.error.message
    throw err
  }
  throw new Error('expected a refusal')
}

describe('prepareCheckIn', () => {
  it('sends the goal, status, message, full index-sorted checklist and "[]" when no target changed', () => {
    expect(wire(input())).toEqual({
      goal_id: goal.id,
      status: 'caution',
      content: '{"type":"doc","content":[{"type":"paragraph"}]}',
      checklist: [
        { id: 'C1', name: 'First', completed: true, index: 0 },
        { id: 'C2', name: 'Second', completed: false, index: 1 },
        { id: 'C3', name: 'Third', completed: false, index: 2 },
      ],
      new_target_values: '[]',
      send_notifications_to_everyone: true,
    })
  })

  it('keep: leaves the due date out from 1.7.0, re-sends the current one before, never null', () => {
    expect(wire(input(), '1.8.0')).not.toHaveProperty('due_date')
    expect(wire(input(), '1.7.0')).not.toHaveProperty('due_date')
    expect(wire(input(), '1.6.0').due_date).toEqual({
      date_type: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
    })
    // A server not asked yet, or whose answer could not tell (a read-only token), gets what every one takes.
    const untold = { ...takesOf('1.8.0')!, dueDateRequired: null }
    expect(checkInBody(prepareCheckIn(input(), goal, untold).body).due_date).toMatchObject({
      date: '2026-03-31',
    })
    expect(wire(input(), null).due_date).toEqual({
      date_type: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
    })
    expect(prepareCheckIn(input(), goal, takesOf('1.8.0')).expectedDueDate).toEqual({
      dateType: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
    })
  })

  it('keep on an old server for a goal without a due date: null, which changes nothing', () => {
    const undated = { ...goal, timeframe: null }
    expect(checkInBody(prepareCheckIn(input(), undated, takesOf('1.5.0')).body).due_date).toBeNull()
  })

  it('set: sends the contextual date; clear: sends null', () => {
    const date = dueDateFor('month', { year: 2026, month: 6 })
    expect(wire(input({ dueDate: { mode: 'set', date } })).due_date).toEqual({
      date_type: 'month',
      date: '2026-06-30',
      value: 'Jun 2026',
    })
    expect(wire(input({ dueDate: { mode: 'clear' } })).due_date).toBeNull()
    expect(wire(input({ dueDate: { mode: 'clear' } }), '1.6.0').due_date).toBeNull()
  })

  it('refuses a due date whose label disagrees with its day, which the server would answer with a 500', () => {
    const message = refusal(() =>
      prepareCheckIn(
        input({
          dueDate: { mode: 'set', date: { dateType: 'quarter', date: '2026-03-31', value: 'Q2 2026' } },
        }),
        goal,
        takesOf('1.8.0'),
      ),
    )
    expect(message).toMatch(/due date/)
  })

  it('sends only the targets that change, as a JSON string with the goal’s ids', () => {
    const body = wire(
      input({
        targetValues: [
          { id: 'ship-T1', value: 80 },
          { id: 'T2', value: 2.4 },
        ],
      }),
    )
    expect(body.new_target_values).toBe('[{"id":"T1","value":80}]')
  })

  it('refuses a target that is no longer on the goal', () => {
    expect(
      refusal(() =>
        prepareCheckIn(input({ targetValues: [{ id: 'T9', value: 1 }] }), goal, takesOf('1.8.0')),
      ),
    ).toMatch(/no longer on this goal/)
  })

  it('refuses a message that is not a document', () => {
    for (const message of ['hello', '[]', '{"type":"paragraph"}', 'null']) {
      expect(refusal(() => prepareCheckIn(input({ message }), goal, takesOf('1.8.0')))).toMatch(/message/)
    }
  })

  it('notifies the people chosen, each once, and not everyone', () => {
    const body = wire(input({ notify: { mode: 'selected', personIds: ['grace-1', 'alan-2', 'grace-1'] } }))
    expect(body.send_notifications_to_everyone).toBe(false)
    expect(body.subscriber_ids).toEqual(['grace-1', 'alan-2'])
  })
})

describe('prepareCheckIn: drafts and scheduled check-ins', () => {
  const monday = '2026-12-07T08:00:00.000Z'

  it('publishes at once with neither key, whatever the server, when nothing else was asked', () => {
    for (const version of ['1.5.0', '1.6.0', '1.7.0', '1.8.0', null]) {
      for (const asked of [undefined, { mode: 'now' as const }]) {
        const body = wire(input({ publication: asked }), version)
        expect(body).not.toHaveProperty('post_as_draft')
        expect(body).not.toHaveProperty('scheduled_at')
      }
    }
  })

  it('sends post_as_draft from 1.7.0 and scheduled_at (UTC) from 1.8.0, only the one asked for', () => {
    expect(wire(input({ publication: { mode: 'draft' } }), '1.7.0')).toMatchObject({ post_as_draft: true })
    expect(wire(input({ publication: { mode: 'draft' } }), '1.7.0')).not.toHaveProperty('scheduled_at')
    const scheduled = wire(input({ publication: { mode: 'scheduled', at: '2026-12-07T09:00:00+01:00' } }))
    expect(scheduled.scheduled_at).toBe(monday)
    expect(scheduled).not.toHaveProperty('post_as_draft')
  })

  it('refuses a draft where the server keeps none and a schedule where it takes none, sending nothing', () => {
    expect(
      refusal(() => prepareCheckIn(input({ publication: { mode: 'draft' } }), goal, takesOf('1.6.0'))),
    ).toBe(
      'This Operately server does not keep drafts (Operately 1.7 and newer do). Edit the check-in and post it, or keep writing it here.',
    )
    expect(
      refusal(() =>
        prepareCheckIn(input({ publication: { mode: 'scheduled', at: monday } }), goal, takesOf('1.7.0')),
      ),
    ).toMatch(/^This Operately server does not publish check-ins at a set time/)
    expect(
      refusal(() => prepareCheckIn(input({ publication: { mode: 'draft' } }), goal, takesOf(null))),
    ).toMatch(/could not yet ask this Operately server whether it keeps drafts/)
  })
})
