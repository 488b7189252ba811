import { describe, expect, it } from 'vitest'
import {
  checkInBody,
  updateDescriptionBody,
  type ChecklistItemInput,
  type CreateCheckInInput,
} from './bodies'

const base: CreateCheckInInput = {
  goal_id: 'grow-revenue-abc',
  status: 'on_track',
  content: '{"type":"doc","content":[]}',
}

describe('checkInBody', () => {
  it('leaves the due date out when the user did not touch it, so the goal keeps its date', () => {
    expect(checkInBody(base)).toEqual({
      goal_id: 'grow-revenue-abc',
      status: 'on_track',
      content: base.content,
    })
    expect(Object.keys(checkInBody({ ...base, due_date: undefined }))).not.toContain('due_date')
  })

  it('sends null only when the user asked to clear the due date', () => {
    expect(checkInBody({ ...base, due_date: null })).toHaveProperty('due_date', null)
  })

  it('sends a due date with exactly the three keys the server declares', () => {
    const dueDate = {
      date_type: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
      __typename: 'ContextualDate',
    } as const
    expect(checkInBody({ ...base, due_date: dueDate }).due_date).toEqual({
      date_type: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
    })
  })

  it('strips every undeclared key from checklist items (the server answers 400 to __typename, completed_at…)', () => {
    // A goal's checks as they come from the server, passed straight through by a caller.
    const fromServer = [
      {
        id: 'c1',
        name: 'Hire',
        completed: true,
        index: 0,
        completed_at: '2026-02-01T00:00:00Z',
        __typename: 'GoalCheck',
      },
      {
        id: 'c2',
        name: 'Launch',
        completed: false,
        index: 1,
        inserted_at: '2026-01-01T00:00:00Z',
        updated_at: null,
      },
    ]
    const body = checkInBody({ ...base, checklist: fromServer as ChecklistItemInput[] })
    expect(body['checklist']).toEqual([
      { id: 'c1', name: 'Hire', completed: true, index: 0 },
      { id: 'c2', name: 'Launch', completed: false, index: 1 },
    ])
  })

  it('passes the optional fields through and nothing else', () => {
    const input = {
      ...base,
      new_target_values: '[{"id":"t1","value":12.5}]',
      send_notifications_to_everyone: false,
      subscriber_ids: ['ada-1'],
      post_as_draft: true,
      scheduled_at: '2026-12-07T08:00:00.000Z',
      __typename: 'Input',
    }
    // post_as_draft and scheduled_at are passed when given: body.ts gives them only to servers that take them.
    expect(checkInBody(input)).toEqual({
      ...base,
      new_target_values: '[{"id":"t1","value":12.5}]',
      send_notifications_to_everyone: false,
      subscriber_ids: ['ada-1'],
      post_as_draft: true,
      scheduled_at: '2026-12-07T08:00:00.000Z',
    })
  })
})

describe('updateDescriptionBody', () => {
  it('uses the server’s field names and nothing more', () => {
    expect(updateDescriptionBody({ projectId: 'p-1', description: '{"type":"doc"}' })).toEqual({
      project_id: 'p-1',
      description: '{"type":"doc"}',
    })
  })
})
