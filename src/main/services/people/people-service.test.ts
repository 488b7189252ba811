import { describe, expect, it } from 'vitest'
import { type Emulator } from '../../../../e2e/emulator'
import { hasSecretService, type SignedIn } from '../check-ins/testing/signed-in'
import { signedInForEachTest } from '../check-ins/testing/signed-in-each-test'
import { matchesQuery } from './people-service'

describe.skipIf(!hasSecretService)('people search', () => {
  let emulator: Emulator
  let session: SignedIn
  signedInForEachTest((signed) => ({ emulator, session } = signed))

  const search = async (input: { query: string; ignoredIds?: string[] }) => {
    const result = await session.services.dispatch('people.search', input)
    if (!result.ok) throw new Error(result.error.message)
    return (result.value as { people: Array<{ id: string; fullName: string; title: string | null }> }).people
  }

  it('finds people of the company by name, with their title', async () => {
    expect(await search({ query: 'grace' })).toEqual([
      { id: 'grace-hopper-FiQgT6HDF6tNR1BtQV5AmZ', fullName: 'Grace Hopper', title: expect.any(String) },
    ])
    expect(await search({ query: ' Alan ' })).toEqual([
      { id: 'alan-turing-FdnomGcrDEZNfVPgEHkrHK', fullName: 'Alan Turing', title: null },
    ])
  })

  it('leaves out the people asked to be ignored, and suspended people', async () => {
    const everyone = (await search({ query: '' })).map((p) => p.fullName)
    expect(everyone).toContain('Grace Hopper')
    expect(everyone).not.toContain('Charles Babbage')
    const without = await search({ query: '', ignoredIds: ['grace-hopper-FiQgT6HDF6tNR1BtQV5AmZ'] })
    expect(without.map((p) => p.fullName)).not.toContain('Grace Hopper')
    expect(without.length).toBe(everyone.length - 1)
  })

  it('offline, finds the people seen in earlier searches, so mentions still work', async () => {
    await search({ query: 'grace' })
    await search({ query: 'alan' })
    emulator.pause()
    expect(await search({ query: 'gra' })).toEqual([
      { id: 'grace-hopper-FiQgT6HDF6tNR1BtQV5AmZ', fullName: 'Grace Hopper', title: expect.any(String) },
    ])
    expect((await search({ query: '' })).map((p) => p.fullName)).toEqual(['Alan Turing', 'Grace Hopper'])
    expect(await search({ query: 'alan', ignoredIds: ['alan-turing-FdnomGcrDEZNfVPgEHkrHK'] })).toEqual([])
    expect(await search({ query: 'barbara' })).toEqual([])
    emulator.resume()
  })

  it('matches every typed word against the start of a word of the name or title', () => {
    const grace = { id: 'g', fullName: 'Grace Hopper', title: 'Rear Admiral' }
    expect(matchesQuery(grace, 'hop')).toBe(true)
    expect(matchesQuery(grace, 'grace adm')).toBe(true)
    expect(matchesQuery(grace, 'race')).toBe(false)
    expect(matchesQuery(grace, '')).toBe(true)
  })

  it('searches the company scope', async () => {
    await search({ query: 'ada' })
    const request = emulator.state.requests.findLast((r) => r.endpoint === 'people/search')
    expect(request?.query).toMatchObject({ query: 'ada', search_scope_type: 'company' })
  })
})
