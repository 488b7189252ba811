import { describe, expect, it } from 'vitest'
import type { CreateCheckInInput } from '@shared/domain/check-ins'
import { checkInSchema, goalSchema } from '../operately/schemas'
import { prepareCheckIn } from './body'
import { toCheckInResult } from './result'

// What the result view says a check-in changed, from what servers really answer: every field may be
// missing or null (operately-api.md §7), ids in the answer are UUIDs while the goal's are short ids.

const goal = goalSchema.parse({
  id: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
  name: 'Ship the engine',
  status: 'on_track',
  timeframe: {
    contextual_start_date: null,
    contextual_end_date: { date_type: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
  },
  targets: [
    { id: 'tA', name: 'Weekly active teams', from: 40, to: 120, unit: 'teams', value: 72, index: 0 },
    { id: 'tB', name: 'p95 page load', from: 3.2, to: 1.5, unit: 's', value: 2.4, index: 1 },
  ],
  checklist: [
    { id: 'c1', name: 'Beta', completed: true, index: 0 },
    { id: 'c2', name: 'Security review', completed: false, index: 1 },
  ],
})

const input: CreateCheckInInput = {
  submissionId: '6f1c3c4e-8a8e-4d7e-9a49-1d7b5d6f2a11',
  goalId: 'kHLABHdtjTkzZF2eK502u',
  status: 'caution',
  dueDate: { mode: 'keep' },
  targetValues: [{ id: 'tA', value: 80 }],
  checklist: [
    { id: 'c1', name: 'Beta', completed: true, index: 0 },
    { id: 'c2', name: 'Security review', completed: true, index: 1 },
  ],
  message: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ok' }] }],
  }),
  notify: { mode: 'everyone' },
}

const resultFor = (answer: Record<string, unknown>) =>
  toCheckInResult(checkInSchema.parse({ id: 'update-1', ...answer }), {
    goal,
    prepared: prepareCheckIn(input, goal, {
      header: '2026-07-16-cff38bbea',
      drafts: true,
      schedule: true,
      dueDateRequired: false,
    }),
    webUrl: null,
    recovered: false,
  })

const targetUpdate = (target: 'tA' | 'tB', fields: Record<string, unknown>) => {
  const t = goal.targets.find((x) => x.id === target)!
  return {
    id: `uuid-${target}`,
    name: t.name,
    unit: t.unit,
    index: t.index,
    from: t.from,
    to: t.to,
    ...fields,
  }
}

describe('what a check-in changed, as the server recorded it', () => {
  it('reads the usual answer: the target that moved, old → new', () => {
    const result = resultFor({
      status: 'caution',
      goal_target_updates: [
        targetUpdate('tA', { value: 80, previous_value: 72 }),
        targetUpdate('tB', { value: 2.4, previous_value: 2.4 }),
      ],
    })
    expect(result.targetChanges.map((t) => [t.name, t.previousValue, t.value])).toEqual([
      ['Weekly active teams', 72, 80],
    ])
  })

  it('takes the old value from the goal as read before sending when the server leaves previous_value out', () => {
    // A server that answers without previous_value (or with null) must not make every target look changed
    // from nothing ("– → 2.4 s").
    for (const previous of [{}, { previous_value: null }]) {
      const result = resultFor({
        status: 'caution',
        goal_target_updates: [
          targetUpdate('tA', { value: 80, ...previous }),
          targetUpdate('tB', { value: 2.4, ...previous }),
        ],
      })
      expect(result.targetChanges.map((t) => [t.name, t.previousValue, t.value])).toEqual([
        ['Weekly active teams', 72, 80],
      ])
    }
  })

  it('takes the new value from what was sent when the server leaves value out', () => {
    const result = resultFor({
      status: 'caution',
      goal_target_updates: [
        targetUpdate('tA', { value: null, previous_value: 72 }),
        targetUpdate('tB', { previous_value: 2.4 }),
      ],
    })
    expect(result.targetChanges.map((t) => [t.name, t.previousValue, t.value])).toEqual([
      ['Weekly active teams', 72, 80],
    ])
  })

  it('ignores checklist items it does not know, and reads __typename-laden ones', () => {
    const result = resultFor({
      status: 'caution',
      checklist: [
        { id: 'c1', name: 'Beta', completed: true, index: 0, __typename: 'goal_check' },
        { id: 'c2', name: 'Security review', completed: true, index: 1, __typename: 'goal_check' },
        { id: 'someone-elses', name: 'Stray', completed: true, index: 2 },
      ],
    })
    expect(result.checklistChanges).toEqual([{ id: 'c2', name: 'Security review', completed: true }])
  })

  it('says what was sent when the server answers with nulls everywhere', () => {
    const result = resultFor({ status: null, goal_target_updates: null, checklist: null, timeframe: null })
    expect(result.status).toBe('caution')
    expect(result.targetChanges.map((t) => [t.name, t.previousValue, t.value])).toEqual([
      ['Weekly active teams', 72, 80],
    ])
    expect(result.checklistChanges).toEqual([{ id: 'c2', name: 'Security review', completed: true }])
    expect(result.dueDate).toEqual(result.previousDueDate)
  })
})
