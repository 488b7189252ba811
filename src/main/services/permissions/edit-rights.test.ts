import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { AppFailure, appError } from '@shared/errors'
import { silentLogger } from '../log/logger'
import { createEditRightsBook, RIGHTS_MAX_AGE_MS, type RightsAccount } from './edit-rights'

/** The cache's read and write over a map, as the book uses them (a copy goes in and out, like a file). */
function memoryCache() {
  const files = new Map<string, string>()
  return {
    files,
    read: async <T>(key: string, schema?: z.ZodType<T>) => {
      const text = files.get(key)
      if (text === undefined) return null
      const value: unknown = JSON.parse(text)
      const parsed = schema ? schema.safeParse(value) : { success: true as const, data: value as T }
      return parsed.success ? { value: parsed.data, fetchedAt: '2026-03-10T12:00:00Z' } : null
    },
    write: async (key: string, value: unknown) => {
      files.set(key, JSON.stringify(value))
      return { value, fetchedAt: '2026-03-10T12:00:00Z' }
    },
  }
}

const ada: RightsAccount = { baseUrl: 'https://ops.example.com', person: { id: 'ada-lovelace-A1' } }
const grace: RightsAccount = { baseUrl: 'https://ops.example.com', person: { id: 'grace-hopper-G1' } }

/** A server question that records what it was asked and answers from a table. */
function server(rights: Record<string, boolean>) {
  const asked: string[] = []
  return {
    asked,
    ask: async (id: string) => {
      asked.push(id)
      return rights[id] ?? null
    },
  }
}

function book(cache = memoryCache(), clock = { now: 1_000_000 }) {
  return {
    cache,
    clock,
    rights: createEditRightsBook({ cache, key: 'goal-rights', log: silentLogger, now: () => clock.now }),
  }
}

describe('edit rights, asked only for the ids named', () => {
  it('asks about each id named once, and answers the next call from what it learnt', async () => {
    const { rights } = book()
    const srv = server({ a: true, b: false })
    expect(await rights.rightsOf(ada, ['a', 'b'], srv.ask)).toEqual([
      { id: 'a', canEdit: true },
      { id: 'b', canEdit: false },
    ])
    expect(await rights.rightsOf(ada, ['b', 'a'], srv.ask)).toEqual([
      { id: 'b', canEdit: false },
      { id: 'a', canEdit: true },
    ])
    expect(srv.asked).toEqual(['a', 'b'])
  })

  it('fills a list with what it knows and asks nothing for it', async () => {
    const { rights } = book()
    const srv = server({ a: false })
    await rights.rightsOf(ada, ['a'], srv.ask)
    const rows = [
      { id: 'slug-a', canEdit: null },
      { id: 'c', canEdit: null },
      { id: 'd', canEdit: true },
    ]
    // Ids are compared by their last segment: a slug and the bare short id are the same goal.
    expect(await rights.fill(ada, rows)).toEqual([
      { id: 'slug-a', canEdit: false },
      { id: 'c', canEdit: null },
      { id: 'd', canEdit: true },
    ])
    expect(srv.asked).toEqual(['a'])
  })

  it('answers the rows the role settles (the person’s own) without a question', async () => {
    const { rights } = book()
    const srv = server({})
    rights.settledByRole(ada, ['mine-1', 'mine-2'])
    expect(await rights.rightsOf(ada, ['mine-1', 'mine-2'], srv.ask)).toEqual([
      { id: 'mine-1', canEdit: true },
      { id: 'mine-2', canEdit: true },
    ])
    expect(srv.asked).toEqual([])
  })

  it('asks at most four at a time, and one question per id however many callers want it', async () => {
    const { rights } = book()
    let running = 0
    let most = 0
    const asked: string[] = []
    const ask = async (id: string) => {
      asked.push(id)
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
      return true
    }
    const ids = Array.from({ length: 12 }, (_, i) => `g${i}`)
    await Promise.all([rights.rightsOf(ada, ids, ask), rights.rightsOf(ada, ids.slice(0, 6), ask)])
    expect(most).toBe(4)
    expect(asked.sort()).toEqual([...ids].sort())
  })

  it('asks again about an answer older than a day, and keeps the old answer for the list meanwhile', async () => {
    const { rights, clock } = book()
    const rightsNow = { a: true }
    const srv = server(rightsNow)
    await rights.rightsOf(ada, ['a'], srv.ask)
    clock.now += RIGHTS_MAX_AGE_MS - 1
    await rights.rightsOf(ada, ['a'], srv.ask)
    expect(srv.asked).toEqual(['a'])
    clock.now += 2
    rightsNow.a = false
    expect(await rights.fill(ada, [{ id: 'a', canEdit: null }])).toEqual([{ id: 'a', canEdit: true }])
    expect(await rights.rightsOf(ada, ['a'], srv.ask)).toEqual([{ id: 'a', canEdit: false }])
    expect(srv.asked).toEqual(['a', 'a'])
  })

  it('takes what the server said on its own (a detail, a refusal) as the freshest answer', async () => {
    const { rights } = book()
    const srv = server({ a: true })
    await rights.rightsOf(ada, ['a'], srv.ask)
    await rights.learnt(ada, 'a', false)
    expect(await rights.rightsOf(ada, ['a'], srv.ask)).toEqual([{ id: 'a', canEdit: false }])
    expect(srv.asked).toEqual(['a'])
  })

  it('keeps the answers on disk with their age: the next start asks nothing it knows', async () => {
    const first = book()
    await first.rights.rightsOf(ada, ['a', 'b'], server({ a: true, b: false }).ask)
    const stored = JSON.parse(first.cache.files.get('goal-rights')!) as {
      rights: Record<string, { canEdit: boolean; at: number }>
    }
    expect(stored.rights).toEqual({
      a: { canEdit: true, at: 1_000_000 },
      b: { canEdit: false, at: 1_000_000 },
    })

    const next = book(first.cache, { now: 1_000_000 + 60_000 })
    const srv = server({})
    expect(await next.rights.fill(ada, [{ id: 'a', canEdit: null }])).toEqual([{ id: 'a', canEdit: true }])
    expect(await next.rights.rightsOf(ada, ['a', 'b'], srv.ask)).toEqual([
      { id: 'a', canEdit: true },
      { id: 'b', canEdit: false },
    ])
    expect(srv.asked).toEqual([])
  })

  it('keeps answers to the person they were given to: another account starts from nothing', async () => {
    const { rights, cache } = book()
    await rights.rightsOf(ada, ['a'], server({ a: false }).ask)
    const srv = server({ a: true })
    expect(await rights.fill(grace, [{ id: 'a', canEdit: null }])).toEqual([{ id: 'a', canEdit: null }])
    expect(await rights.rightsOf(grace, ['a'], srv.ask)).toEqual([{ id: 'a', canEdit: true }])
    expect(srv.asked).toEqual(['a'])
    // Nor does a later start of Ada's read Grace's answers as hers.
    const again = book(cache)
    expect(await again.rights.fill(ada, [{ id: 'a', canEdit: null }])).toEqual([{ id: 'a', canEdit: null }])
  })

  it('asks nothing without a way to ask (a read-only token): unknown stays unknown', async () => {
    const { rights } = book()
    expect(await rights.rightsOf(ada, ['a'], null)).toEqual([{ id: 'a', canEdit: null }])
  })

  it('leaves a row unknown when its question fails, and asks again the next time it is shown', async () => {
    const { rights } = book()
    let calls = 0
    const ask = async () => {
      calls++
      if (calls === 1) throw new AppFailure(appError('offline', 'offline'))
      return false
    }
    expect(await rights.rightsOf(ada, ['a'], ask)).toEqual([{ id: 'a', canEdit: null }])
    expect(await rights.rightsOf(ada, ['a'], ask)).toEqual([{ id: 'a', canEdit: false }])
  })
})
