import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { ServerDraft } from '@shared/domain/check-ins'
import { silentLogger } from '../log/logger'
import type { OperatelyClient } from '../operately/client'
import { checkInSchema } from '../operately/schemas'
import type { CheckIn } from '../operately/types'
import { createServerDrafts, serverDraftsRefreshMs } from './server-drafts'

const draft = (over: Partial<ServerDraft>): ServerDraft => ({
  checkInId: 'c-1',
  goalId: 'g-1',
  goalName: 'Ship the engine',
  state: 'draft',
  scheduledAt: null,
  savedAt: '2026-11-27T10:00:00.000Z',
  ...over,
})

function rig() {
  let clock = Date.parse('2026-11-27T10:00:00Z')
  const person = { current: 'ada' }
  const lists: Record<string, CheckIn[]> = {}
  const asked: string[] = []
  /** While set, every goal's read waits for it: a slow server. */
  const hold: { current: Promise<void> | null } = { current: null }
  const client = {
    listCheckIns: async (goalId: string) => {
      asked.push(goalId)
      await hold.current
      return lists[goalId] ?? []
    },
    // A project's list is its own: the same id names another list than a goal's.
    listProjectCheckIns: async (projectId: string) => {
      asked.push(`project:${projectId}`)
      await hold.current
      return lists[`project:${projectId}`] ?? []
    },
    getProject: async (id: string) => ({ id }),
  } as unknown as OperatelyClient
  const session = {
    get: () =>
      Promise.resolve({
        status: 'signed_in' as const,
        baseUrl: 'https://op.example',
        person: { id: person.current, fullName: '', email: null, title: null, avatarUrl: null },
        canWrite: true,
        serverVersion: '1.8.0',
        capabilities: null,
      }),
    client: () => Promise.resolve(client),
  }
  const drafts = createServerDrafts({
    dataDir: mkdtempSync(join(tmpdir(), 'server-drafts-')),
    session,
    log: silentLogger,
    now: () => clock,
  })
  return { drafts, lists, asked, hold, person, advance: (ms: number) => (clock += ms) }
}

const listed = (id: string, state: string, scheduledAt: string | null = null) =>
  checkInSchema.parse({ id, state, scheduled_at: scheduledAt, status: 'on_track' })

describe('server drafts', () => {
  it('follows a project’s draft in the project’s own list, apart from a goal’s with the same id', async () => {
    const r = rig()
    await r.drafts.record(draft({ checkInId: 'c-1', goalId: 'x-1' }))
    await r.drafts.record({
      checkInId: 'c-2',
      kind: 'project',
      projectId: 'x-1',
      projectName: 'Launch site',
      state: 'scheduled',
      scheduledAt: '2026-12-11T08:00:00Z',
      savedAt: '2026-11-27T10:00:00.000Z',
    })
    r.lists['x-1'] = [listed('c-1', 'published')]
    r.lists['project:x-1'] = [listed('c-2', 'scheduled', '2026-12-11T08:00:00Z')]

    const kept = await r.drafts.list()
    expect(kept).toEqual([
      expect.objectContaining({ checkInId: 'c-2', projectId: 'x-1', projectName: 'Launch site' }),
    ])
    expect([...r.asked].sort()).toEqual(['project:x-1', 'x-1'])

    // Published at its time: gone from the inbox at the next read.
    r.lists['project:x-1'] = [listed('c-2', 'published')]
    r.advance(serverDraftsRefreshMs)
    expect(await r.drafts.list()).toEqual([])
  })

  it('reads only the goals with a recorded draft, and drops the ones published or gone since', async () => {
    const r = rig()
    await r.drafts.record(draft({ checkInId: 'c-1', goalId: 'g-1' }))
    await r.drafts.record(
      draft({ checkInId: 'c-2', goalId: 'g-2', state: 'scheduled', scheduledAt: '2026-12-07T08:00:00Z' }),
    )
    await r.drafts.record(draft({ checkInId: 'c-3', goalId: 'g-2' }))
    r.lists['g-1'] = [listed('c-1', 'published')]
    r.lists['g-2'] = [listed('c-2', 'scheduled', '2026-12-07T08:00:00Z'), listed('c-3', 'draft')]

    expect((await r.drafts.list()).map((d) => d.checkInId).sort()).toEqual(['c-2', 'c-3'])
    expect([...r.asked].sort()).toEqual(['g-1', 'g-2'])

    // Asked again soon: answered from what is kept, without a request.
    r.lists['g-2'] = []
    expect(await r.drafts.list()).toHaveLength(2)
    expect(r.asked).toHaveLength(2)
    r.advance(serverDraftsRefreshMs)
    expect(await r.drafts.list()).toEqual([])
    expect(r.asked.slice(2)).toEqual(['g-2'])
  })

  it('belongs to the person who saved them: signed in as someone else, none', async () => {
    const r = rig()
    await r.drafts.record(draft({}))
    r.lists['g-1'] = [listed('c-1', 'draft')]
    expect(await r.drafts.list()).toHaveLength(1)
    r.person.current = 'grace'
    expect(await r.drafts.list()).toEqual([])
  })

  it('keeps each person’s own: Grace saving a draft on this computer leaves Ada’s for when she is back', async () => {
    const r = rig()
    await r.drafts.record(draft({ checkInId: 'c-1', goalId: 'g-1' }))
    r.lists['g-1'] = [listed('c-1', 'draft')]
    expect(await r.drafts.list()).toHaveLength(1)

    r.person.current = 'grace'
    await r.drafts.record(draft({ checkInId: 'c-9', goalId: 'g-9' }))
    r.lists['g-9'] = [listed('c-9', 'draft')]
    expect((await r.drafts.list()).map((d) => d.checkInId)).toEqual(['c-9'])

    r.person.current = 'ada'
    expect((await r.drafts.list()).map((d) => d.checkInId)).toEqual(['c-1'])
  })

  it('keeps a draft the server confirmed while the recorded ones were being read again', async () => {
    const r = rig()
    await r.drafts.record(draft({ checkInId: 'c-1', goalId: 'g-1' }))
    r.lists['g-1'] = [listed('c-1', 'draft')]
    let release = () => {}
    r.hold.current = new Promise<void>((done) => (release = done))
    const reading = r.drafts.list()
    await vi.waitFor(() => expect(r.asked).toEqual(['g-1']))
    // Meanwhile another draft is saved on the server and recorded.
    await r.drafts.record(draft({ checkInId: 'c-2', goalId: 'g-2', savedAt: '2026-11-27T10:01:00.000Z' }))
    release()
    await reading

    expect((await r.drafts.list()).map((d) => d.checkInId)).toEqual(['c-2', 'c-1'])
  })

  it('keeps both of two drafts confirmed at the same moment', async () => {
    const r = rig()
    await Promise.all([
      r.drafts.record(draft({ checkInId: 'c-1', goalId: 'g-1' })),
      r.drafts.record(draft({ checkInId: 'c-2', goalId: 'g-2', savedAt: '2026-11-27T10:01:00.000Z' })),
    ])
    r.lists['g-1'] = [listed('c-1', 'draft')]
    r.lists['g-2'] = [listed('c-2', 'draft')]

    expect((await r.drafts.list()).map((d) => d.checkInId)).toEqual(['c-2', 'c-1'])
  })
})
