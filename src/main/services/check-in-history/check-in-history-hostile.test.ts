import { beforeEach, describe, expect, it } from 'vitest'
import type { CheckInHistoryRead } from '@shared/domain/check-in-history'
import type { AppError } from '@shared/errors'
import { hasSecretService, type SignedIn } from '../check-ins/testing/signed-in'
import { signedInForEachTest } from '../check-ins/testing/signed-in-each-test'

// goals.checkIns against a hostile server: the emulator's real answer, rewritten on its way to the app.

const ship = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'

type Json = Record<string, unknown>
type Rewrite = { path: string; change: (body: Json) => Json | Response }

describe.skipIf(!hasSecretService)('the check-in history, as a hostile server answers', () => {
  let session: SignedIn
  let rewrite: Rewrite | null = null

  const rewritingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const answer = await fetch(input, init)
    if (!rewrite || !url.includes(rewrite.path)) return answer
    const changed = rewrite.change((await answer.json()) as Json)
    if (changed instanceof Response) return changed
    return new Response(JSON.stringify(changed), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }

  beforeEach(() => {
    rewrite = null
  })
  signedInForEachTest((signed) => ({ session } = signed), { fetch: rewritingFetch })

  const dispatch = async (goalId: string) =>
    session.services.dispatch('checkIns.history', { subject: { kind: 'goal', id: goalId } })
  const history = async (goalId: string): Promise<CheckInHistoryRead> => {
    const result = await dispatch(goalId)
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
    return result.value as CheckInHistoryRead
  }
  const failure = async (goalId: string): Promise<AppError> => {
    const result = await dispatch(goalId)
    if (result.ok) throw new Error('expected a failure')
    return result.error
  }
  const checkIns = (body: Json) => body.check_ins as Json[]

  it('lists every check-in when one author comes back without a name (the screens say unknown)', async () => {
    rewrite = {
      path: 'goals/list_check_ins',
      change: (body) => {
        const [first, ...rest] = checkIns(body)
        return { check_ins: [{ ...first, author: { ...(first!.author as Json), full_name: null } }, ...rest] }
      },
    }
    const read = await history(ship)
    expect(read.checkIns).toHaveLength(3)
    expect(read.checkIns[1]!.author?.name).toBeTruthy()
  })

  it('takes a target value too large for a number (a decimal string "1e400") as unknown, not as a broken answer', async () => {
    rewrite = {
      path: 'goals/list_check_ins',
      change: (body) => {
        const [first, ...rest] = checkIns(body)
        const [target, ...others] = first!.goal_target_updates as Json[]
        return {
          check_ins: [{ ...first, goal_target_updates: [{ ...target, value: '1e400' }, ...others] }, ...rest],
        }
      },
    }
    const read = await history(ship)
    expect(read.checkIns).toHaveLength(3)
    expect(read.checkIns[0]!.targets[0]!.value).toBeNull()
  })

  it('shows the history, with who left unknown (null), when people/list fails', async () => {
    rewrite = {
      path: 'people/list',
      change: () => new Response('{"error":"boom"}', { status: 500 }),
    }
    const read = await history(ship)
    expect(read.checkIns).toHaveLength(3)
    expect(read.checkIns.every((c) => c.formerMentions === null)).toBe(true)
  })

  it('marks nobody gone when people/list answers an empty list it cannot mean (the signed-in person is not in it)', async () => {
    // A server (or proxy) that answers people/list with nobody at all has not said that everyone left.
    rewrite = { path: 'people/list', change: () => ({ people: [] }) }
    const read = await history(ship)
    const latest = read.checkIns[0]!
    expect(latest.message).toContain('Barbara')
    expect(latest.formerMentions ?? []).toEqual([])
  })

  it('answers a goal deleted since the copy was kept as not found, never the copy', async () => {
    await history(ship)
    rewrite = {
      path: 'goals/list_check_ins',
      change: () => new Response('{"message":"Goal not found"}', { status: 404 }),
    }
    expect((await failure(ship)).kind).toBe('not_found')
  })

  it('keeps the copy for a slug and the short id of the same goal alike', async () => {
    const online = await history(ship)
    rewrite = {
      path: 'goals/list_check_ins',
      change: () => new Response('oops', { status: 502 }),
    }
    const read = await history(ship.slice(ship.lastIndexOf('-') + 1))
    expect(read.fromCache).toBe(true)
    expect(read.checkIns).toEqual(online.checkIns)
  })

  it('shows a check-in the server lists twice once (one entry per id, as the screen keys them)', async () => {
    rewrite = {
      path: 'goals/list_check_ins',
      change: (body) => {
        const [first, ...rest] = checkIns(body)
        return { check_ins: [first, { ...first }, ...rest] }
      },
    }
    const read = await history(ship)
    expect(read.checkIns.map((c) => c.id)).toEqual([...new Set(read.checkIns.map((c) => c.id))])
    expect(read.checkIns).toHaveLength(3)
  })
})
