// The draft writer: what is stored after each write is always the whole draft, while an unchanged base
// crosses only once. The store below follows main's drafts.save contract (keep → not_found when the
// stored draft lacks the field; main's own tests hold it to that, drafts-service.test.ts), and the
// description e2e specs run the writer against the real main through the harness.
import { describe, expect, it } from 'vitest'
import type { PlainJson } from '@shared/exact-json'
import { createDraftWriter } from './draft-writer'

function setup() {
  let storedValue: PlainJson | null = null
  const sent: Array<{ value: PlainJson; keep?: string[] }> = []
  let failNext = false
  const writer = createDraftWriter({
    save: (value, keep) => {
      sent.push(keep ? { value, keep } : { value })
      if (failNext) {
        failNext = false
        return Promise.reject(new Error('disk full'))
      }
      const previous = storedValue as Record<string, PlainJson> | null
      if (keep && keep.some((field) => previous === null || !Object.hasOwn(previous, field))) {
        return Promise.reject(Object.assign(new Error('nothing to keep'), { kind: 'not_found' }))
      }
      const kept = Object.fromEntries((keep ?? []).map((field) => [field, previous![field]!]))
      storedValue = { ...(value as Record<string, PlainJson>), ...kept }
      return Promise.resolve()
    },
    clear: () => {
      storedValue = null
      return Promise.resolve()
    },
  })
  return {
    writer,
    sent,
    stored: () => storedValue,
    clearElsewhere: () => (storedValue = null),
    failOnce: () => (failNext = true),
  }
}

const base = 'B'.repeat(10_000)

describe('createDraftWriter', () => {
  it('sends the base once while it stays the same; the stored draft is always whole', async () => {
    const { writer, sent, stored } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    await writer.write({ v: 1, docText: 'two', base })
    await writer.write({ v: 1, docText: 'three', base })
    expect(stored()).toEqual({ v: 1, docText: 'three', base })
    expect(sent[0]).toEqual({ value: { v: 1, docText: 'one', base } })
    expect(sent.slice(1)).toEqual([
      { value: { v: 1, docText: 'two' }, keep: ['base'] },
      { value: { v: 1, docText: 'three' }, keep: ['base'] },
    ])
  })

  it('sends a new base whole, and a null base is a base too', async () => {
    const { writer, sent, stored } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    await writer.write({ v: 1, docText: 'two', base: 'other' })
    expect(sent[1]).toEqual({ value: { v: 1, docText: 'two', base: 'other' } })
    await writer.write({ v: 1, docText: 'three', base: null })
    await writer.write({ v: 1, docText: 'four', base: null })
    expect(sent[3]).toEqual({ value: { v: 1, docText: 'four' }, keep: ['base'] })
    expect(stored()).toEqual({ v: 1, docText: 'four', base: null })
  })

  it('sends everything when main has no draft to keep the base from (cleared elsewhere)', async () => {
    const { writer, sent, stored, clearElsewhere } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    clearElsewhere()
    await writer.write({ v: 1, docText: 'two', base })
    expect(sent.slice(1)).toEqual([
      { value: { v: 1, docText: 'two' }, keep: ['base'] },
      { value: { v: 1, docText: 'two', base } },
    ])
    expect(stored()).toEqual({ v: 1, docText: 'two', base })
  })

  it('after a failed write, and after clearing, sends everything again', async () => {
    const { writer, sent, stored, failOnce } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    failOnce()
    await expect(writer.write({ v: 1, docText: 'two', base })).rejects.toThrow('disk full')
    await writer.write({ v: 1, docText: 'three', base })
    expect(sent[2]).toEqual({ value: { v: 1, docText: 'three', base } })
    await writer.write(null)
    expect(stored()).toBeNull()
    await writer.write({ v: 1, docText: 'four', base })
    expect(sent[3]).toEqual({ value: { v: 1, docText: 'four', base } })
    expect(stored()).toEqual({ v: 1, docText: 'four', base })
  })
})
