import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import { listInParts } from './list-in-parts'
import { withRightsLearnt } from './rights-learnt'

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
    keepLearnt: (answer: List) => answer,
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

interface Row {
  id: string
  canEdit: boolean | null
}
interface RowList {
  rows: Row[]
  rest: { readId: string; count: number } | null
}

describe('rights learnt while the rest of a list is on its way', () => {
  const rowsOf = (canEdit: boolean | null) =>
    Array.from({ length: 100 }, (_, i): Row => ({ id: `g${i}`, canEdit }))
  // Main filled the whole list when the page asked for it, before the answers below had reached it.
  const wholeRows: RowList = { rows: rowsOf(null), rest: null }
  const headRows: RowList = {
    rows: rowsOf(null).slice(0, FIRST_SCREEN_ROWS),
    rest: { readId: 'r1', count: 100 },
  }

  it('keeps the marks put into the first screen (rights answered, refused, opened) when the whole list replaces it', async () => {
    const client = new QueryClient()
    let answerRest!: (list: RowList) => void
    const read = {
      first: async () => headRows,
      rest: () => new Promise<RowList>((resolve) => (answerRest = resolve)),
      whole: async () => wholeRows,
      keepLearnt: (whole: RowList, sent: RowList, shown: RowList) => ({
        ...whole,
        rows: withRightsLearnt(whole.rows, sent.rows, shown.rows),
      }),
    }
    const fetching = client.fetchQuery({ queryKey: key, queryFn: listInParts(read) })
    await vi.waitFor(() => expect(answerRest).toBeDefined())
    // As bridge/edit-rights.ts and a refusal do: answers written into the list shown, the first screen.
    client.setQueryData<RowList>(key, (list) =>
      list
        ? {
            ...list,
            rows: list.rows.map((r) =>
              r.id === 'g3' ? { ...r, canEdit: false } : r.id === 'g4' ? { ...r, canEdit: true } : r,
            ),
          }
        : list,
    )
    answerRest(wholeRows)
    const data = (await fetching) as RowList
    expect(data.rows).toHaveLength(100)
    expect(data.rows[3]).toEqual({ id: 'g3', canEdit: false })
    expect(data.rows[4]).toEqual({ id: 'g4', canEdit: true })
    expect(client.getQueryData<RowList>(key)?.rows[3]?.canEdit).toBe(false)
    // Rows nobody learnt anything about stay as main filled them.
    expect(data.rows[5]).toEqual({ id: 'g5', canEdit: null })
  })

  it('lets the whole list settle what the first screen did not know, and leaves rows the page did not touch to it', async () => {
    const client = new QueryClient()
    const filled: RowList = {
      rows: rowsOf(null).map((r) => (r.id === 'g7' ? { ...r, canEdit: false } : r)),
      rest: null,
    }
    const read = {
      first: async () => headRows,
      rest: async () => filled,
      whole: async () => filled,
      keepLearnt: (whole: RowList, sent: RowList, shown: RowList) => ({
        ...whole,
        rows: withRightsLearnt(whole.rows, sent.rows, shown.rows),
      }),
    }
    const data = (await client.fetchQuery({ queryKey: key, queryFn: listInParts(read) })) as RowList
    expect(data.rows[7]).toEqual({ id: 'g7', canEdit: false })
  })
})

describe('a hidden popup (no frames drawn)', () => {
  it('asks for the rest all the same, a moment later', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run))
    vi.stubGlobal('cancelAnimationFrame', () => undefined)
    try {
      const client = new QueryClient()
      const main = mainAnswering()
      const data = await client.fetchQuery({ queryKey: key, queryFn: listInParts(main.read) })
      expect(data).toBe(whole)
      expect(main.asked).toEqual([`first ${FIRST_SCREEN_ROWS}`, 'rest r1'])
      // A frame was asked for, and never came.
      expect(frames).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
