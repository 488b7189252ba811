import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import { listInParts } from './list-in-parts'

interface List {
  rows: number[]
  rest: { readId: string; count: number } | null
}

const whole: List = { rows: Array.from({ length: 100 }, (_, i) => i), rest: null }
const head: List = { rows: whole.rows.slice(0, FIRST_SCREEN_ROWS), rest: { readId: 'r1', count: 100 } }

/** Main as the page meets it: answers each call at once, and writes down what was asked. */
function mainAnswering(first: List = head) {
  const asked: string[] = []
  let restAnswer: () => Promise<List> = async () => whole
  const read = {
    first: async (rows: number) => {
      asked.push(`first ${rows}`)
      return first
    },
    rest: async (readId: string) => {
      asked.push(`rest ${readId}`)
      return restAnswer()
    },
    whole: async () => {
      asked.push('whole')
      return whole
    },
  }
  return { asked, read, answerRestWith: (answer: () => Promise<List>) => (restAnswer = answer) }
}

const key = ['goals']

describe('a long list read in two parts', () => {
  it('shows the first screen as soon as it comes, then the whole list of the same read', async () => {
    const client = new QueryClient()
    const main = mainAnswering()
    const seen: Array<number | undefined> = []
    client.getQueryCache().subscribe(() => seen.push(client.getQueryData<List>(key)?.rows.length))
    const data = await client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) })
    expect(data).toBe(whole)
    expect(main.asked).toEqual([`first ${FIRST_SCREEN_ROWS}`, 'rest r1'])
    // The first screen was in the cache on its own before the whole list replaced it.
    expect(seen).toContain(FIRST_SCREEN_ROWS)
    expect(seen.at(-1)).toBe(100)
  })

  it('reads a list already shown again whole: its rows are never cut down to a first screen', async () => {
    const client = new QueryClient()
    const main = mainAnswering()
    await client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) })
    main.asked.length = 0
    const seen: Array<number | undefined> = []
    client.getQueryCache().subscribe(() => seen.push(client.getQueryData<List>(key)?.rows.length))
    await client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read), staleTime: 0 })
    expect(main.asked).toEqual(['whole'])
    expect(seen.every((rows) => rows === 100)).toBe(true)
  })

  it('asks nothing more when the first answer holds the whole list', async () => {
    const client = new QueryClient()
    const main = mainAnswering(whole)
    expect(await client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) })).toBe(whole)
    expect(main.asked).toEqual([`first ${FIRST_SCREEN_ROWS}`])
  })

  it('does not bring back a list dropped while its first screen was on its way (signed out)', async () => {
    const client = new QueryClient()
    const main = mainAnswering()
    let answer!: (list: List) => void
    main.read.first = (rows) => {
      main.asked.push(`first ${rows}`)
      return new Promise((resolve) => (answer = resolve))
    }
    const fetching = client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) }).catch(() => null)
    await Promise.resolve()
    client.removeQueries({ queryKey: key })
    answer(head)
    await fetching
    expect(client.getQueryData(key)).toBeUndefined()
    expect(main.asked).toEqual([`first ${FIRST_SCREEN_ROWS}`])
  })

  it('fails the read when the rest cannot be had, so the page offers to try again, never a partial list as whole', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const main = mainAnswering()
    main.answerRestWith(async () => {
      throw new Error('signed out')
    })
    await expect(client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) })).rejects.toThrow(
      'signed out',
    )
    expect(client.getQueryState(key)?.status).toBe('error')
    // Trying again reads the whole list (the first screen is still shown meanwhile).
    main.answerRestWith(async () => whole)
    main.asked.length = 0
    expect(await client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) })).toBe(whole)
    expect(main.asked).toEqual(['whole'])
  })
})
