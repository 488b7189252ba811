import { afterEach, describe, expect, it } from 'vitest'
import { AppFailure, type AppError } from '@shared/errors'
import { createOperatelyClient } from './client'
import { sendJson, startLocalServer, type LocalServer } from './test-support/local-server'

// Real servers break their own declared types (operately-api.md §7): these answers are what the client
// must survive. A tiny local server plays that server over real HTTP.

let server: LocalServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function clientAnswering(answers: Record<string, unknown>) {
  server = await startLocalServer((req, res) => {
    const path = req.url.split('?')[0]?.replace('/api/external/v1/', '') ?? ''
    if (path in answers) sendJson(res, 200, answers[path])
    else sendJson(res, 404, { error: 'Not found', message: 'The requested resource was not found' })
  })
  return createOperatelyClient({ baseUrl: server.url, getToken: () => 'opk_test' })
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof AppFailure) return err.error
    throw err
  }
  throw new Error('expected a failure')
}

describe('lenient parsing of server answers', () => {
  it('reads the flat assignment list of Operately 1.5.0 as due work, not as nothing due', async () => {
    // people/list_assignments.ex at 1.5.0: `{assignments: [review_assignment]}`, `due` a date, no due status.
    const client = await clientAnswering({
      'people/list_assignments': {
        assignments: [
          {
            resource_id: 'ship-1',
            name: 'Ship the engine',
            due: '2026-12-01',
            type: 'goal_update',
            role: 'owner',
            action_label: 'Write the check-in',
            path: '/acme/goals/ship-1',
            origin: { id: 'ship-1', name: 'Ship the engine', type: 'goal', path: '/acme/goals/ship-1' },
          },
          { resource_id: 'ci-2', name: 'Check-in', type: 'goal_update', role: 'reviewer', path: '/x' },
        ],
      },
    })
    const read = await client.listAssignments()
    const all = [...read.due_soon, ...read.needs_review, ...read.upcoming].flatMap((g) => g.assignments)
    expect(all.map((a) => [a.resource_id, a.role, a.due])).toEqual([
      ['ship-1', 'owner', '2026-12-01'],
      ['ci-2', 'reviewer', null],
    ])
  })

  it('takes a person with nulls, missing fields, __typename and fields it has never heard of', async () => {
    const client = await clientAnswering({
      'people/get_me': {
        me: {
          __typename: 'Person',
          id: 'ada-lovelace-1',
          full_name: 'Ada Lovelace',
          title: null,
          timezone: 'UTC',
          manager: { x: 1 },
        },
      },
    })
    expect(await client.getMe()).toEqual({
      id: 'ada-lovelace-1',
      full_name: 'Ada Lovelace',
      email: null,
      avatar_url: null,
      title: null,
      type: null,
    })
  })

  it('refuses a person without a name, saying the server sent something unusable', async () => {
    const client = await clientAnswering({ 'people/get_me': { me: { id: 'ada-1', full_name: null } } })
    const error = await failureOf(client.getMe())
    expect(error.kind).toBe('invalid_response')
    expect(error.message).toMatch(/your profile.*me › full_name/)
  })

  it('fills a sparse goal with nulls and empty lists, and reads what it can', async () => {
    const client = await clientAnswering({
      'goals/get': {
        goal: {
          __typename: 'Goal',
          id: 'grow-revenue-3kX',
          name: 'Grow revenue',
          targets: [
            { __typename: 'Target', id: 't1', name: 'ARR', from: '0', to: 100, value: '12.5', unit: null },
          ],
          checklist: null,
          timeframe: {
            __typename: 'Timeframe',
            contextual_start_date: null,
            contextual_end_date: {
              __typename: 'ContextualDate',
              date_type: 'quarter',
              date: '2026-03-31',
              value: 'Q1 2026',
            },
          },
          champion: { __typename: 'Person', id: 'ada-1', full_name: 'Ada Lovelace' },
          reviewer: null,
          permissions: {
            __typename: 'GoalPermissions',
            can_edit: true,
            can_check_in: false,
            can_view: 'yes',
          },
          progress_percentage: 'n/a',
          potential_subscribers: [{ role: 'Champion', priority: true, is_subscribed: true, person: null }],
          is_closed: null,
        },
      },
    })
    const goal = await client.getGoal('grow-revenue-3kX')
    expect(goal).toMatchObject({
      id: 'grow-revenue-3kX',
      name: 'Grow revenue',
      status: null,
      description: null,
      checklist: [],
      reviewer: null,
      last_check_in: null,
      progress_percentage: null,
      permissions: { can_edit: true, can_check_in: false },
      is_closed: null,
      potential_subscribers: [{ role: 'Champion', priority: true, is_subscribed: true, person: null }],
    })
    expect(goal.targets).toEqual([
      {
        id: 't1',
        name: 'ARR',
        from: 0,
        to: 100,
        value: 12.5,
        unit: null,
        index: null,
        inserted_at: null,
        updated_at: null,
      },
    ])
    expect(goal.timeframe).toEqual({
      contextual_start_date: null,
      contextual_end_date: { date_type: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
    })
    expect(goal.champion?.full_name).toBe('Ada Lovelace')
    expect(JSON.stringify(goal)).not.toContain('__typename')
  })

  it('refuses a goal whose target has no id (a check-in could not send its value)', async () => {
    const client = await clientAnswering({
      'goals/list': { goals: [{ id: 'g-1', targets: [{ name: 'ARR' }] }] },
    })
    const error = await failureOf(client.listGoals())
    expect(error.kind).toBe('invalid_response')
    expect(error.message).toMatch(/goals › 0 › targets › 0 › id/)
  })

  it('reads a missing list as empty', async () => {
    const client = await clientAnswering({ 'goals/list': {}, 'projects/list': { projects: null } })
    expect(await client.listGoals()).toEqual([])
    expect(await client.listProjects()).toEqual([])
  })

  it('accepts a check-in answer whose update is null, or whose related records were not loaded', async () => {
    const client = await clientAnswering({ 'goals/create_check_in': { update: null } })
    expect(await client.createCheckIn({ goal_id: 'g-1', status: 'on_track', content: '{}' })).toBeNull()

    await server?.close()
    const client2 = await clientAnswering({
      'goals/create_check_in': {
        update: {
          id: '2026-03-01-abc',
          status: 'caution',
          author: null,
          goal: null,
          reactions: null,
          checklist: [{ id: 'x', name: 'A', index: 0, completed: true, __typename: 'C' }],
        },
      },
    })
    const update = await client2.createCheckIn({ goal_id: 'g-1', status: 'caution', content: '{}' })
    expect(update).toMatchObject({
      id: '2026-03-01-abc',
      status: 'caution',
      author: null,
      goal_target_updates: [],
    })
    expect(update?.checklist).toEqual([{ id: 'x', name: 'A', index: 0, completed: true }])
  })

  it('keeps the text it sent when the update answer has no description (Operately’s short project form)', async () => {
    const client = await clientAnswering({
      'projects/update_description': {
        project: { __typename: 'Project', id: 'p-1', name: 'Launch', success_status: 'nil' },
      },
    })
    const sent =
      '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"New plan"}]}]}'
    const project = await client.updateDescription({ projectId: 'p-1', description: sent })
    expect(project).toMatchObject({ id: 'p-1', name: 'Launch', description: sent, success_status: 'nil' })
  })

  it('uses the server’s description when a server does return it', async () => {
    const stored = '{"content":[],"type":"doc"}'
    const client = await clientAnswering({
      'projects/update_description': { project: { id: 'p-1', description: stored } },
    })
    expect(
      (await client.updateDescription({ projectId: 'p-1', description: '{"type":"doc","content":[]}' }))
        .description,
    ).toBe(stored)
  })

  it('reads assignments with groups, origins and unknown types', async () => {
    const client = await clientAnswering({
      'people/list_assignments': {
        due_soon: [
          {
            origin: {
              id: 'g-1',
              name: 'Grow revenue',
              type: 'goal',
              path: '/acme/goals/g-1',
              __typename: 'O',
            },
            assignments: [
              {
                resource_id: 'g-1',
                name: 'Grow revenue',
                type: 'goal_update',
                role: 'owner',
                due_date: '2026-03-01',
                future_field: 1,
              },
            ],
          },
        ],
        needs_review: null,
      },
    })
    const assignments = await client.listAssignments()
    expect(assignments.needs_review).toEqual([])
    expect(assignments.upcoming).toEqual([])
    expect(assignments.due_soon[0]?.origin).toMatchObject({ id: 'g-1', type: 'goal', space_name: null })
    expect(assignments.due_soon[0]?.assignments[0]).toMatchObject({
      resource_id: 'g-1',
      type: 'goal_update',
      role: 'owner',
      path: null,
    })
  })
})
