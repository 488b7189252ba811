// The draft writer: what is stored after each write is always the whole draft, while an unchanged base
// crosses only once and the edited text crosses as its change. The store below follows main's
// drafts.save contract (keep and edit → not_found when the stored draft cannot give them; main's own
// tests hold it to that, drafts-service.test.ts), and the description e2e specs run the writer against
// the real main through the harness.
import { describe, expect, it, vi } from 'vitest'
import type { PlainJson } from '@shared/exact-json'
import { createDraftWriter, type DraftIo } from './draft-writer'
import { applyTextEdit } from '@shared/text-edit'

type Options = Parameters<DraftIo['save']>[1]
type Stored = Record<string, PlainJson>

/** SHA-256 in hex, as main works it out for the texts it served (the page's own crypto here). */
const sha256 = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')

const notFound = () => Promise.reject(Object.assign(new Error('not this draft'), { kind: 'not_found' }))

function setup(served: string[] = []) {
  let stored: { value: Stored; revision: string } | null = null
  let revisions = 0
  const sent: Array<{ value: PlainJson } & NonNullable<Options>> = []
  let failNext = false
  // Worked out now, so that a test counting the page's hashing counts only the writer's.
  const servedHashes = Promise.all(served.map(sha256))
  const writer = createDraftWriter({
    save: async (value, options = {}) => {
      sent.push({ value, ...options })
      if (failNext) {
        failNext = false
        return Promise.reject(new Error('disk full'))
      }
      const previous = stored?.value ?? null
      const { keep = [], edit } = options
      if (keep.length > 0 && !(edit && 'revision' in edit))
        return Promise.reject(new Error('keep needs a revision'))
      if (keep.some((field) => previous === null || !Object.hasOwn(previous, field))) return notFound()
      const next: Stored = { ...(value as Stored) }
      if (options.served) {
        const hashes = await servedHashes
        const text = served[hashes.indexOf(options.served.sha256)]
        if (text === undefined) return notFound()
        next[options.served.field] = text
      }
      for (const field of keep) next[field] = previous![field]!
      if (edit && 'from' in edit) {
        const source = next[edit.from]
        if (typeof source !== 'string') return Promise.reject(new Error('no text to make it from'))
        next[edit.field] = applyTextEdit(source, edit)
      } else if (edit) {
        const text = previous?.[edit.field]
        if (stored?.revision !== edit.revision || typeof text !== 'string') return notFound()
        next[edit.field] = applyTextEdit(text, edit)
      }
      stored = { value: next, revision: `r${++revisions}` }
      return Promise.resolve({ revision: stored.revision })
    },
    clear: () => {
      stored = null
      return Promise.resolve()
    },
  })
  return {
    writer,
    sent,
    stored: () => stored?.value ?? null,
    clearElsewhere: () => (stored = null),
    writeElsewhere: (value: Stored) => (stored = { value, revision: `elsewhere${++revisions}` }),
    failOnce: () => (failNext = true),
  }
}

const base = 'B'.repeat(10_000)
const text = (middle: string) => `${'a'.repeat(5_000)}${middle}${'z'.repeat(5_000)}`

describe('createDraftWriter', () => {
  it('sends the base once and then the text as its change; the stored draft is always whole', async () => {
    const { writer, sent, stored } = setup()
    await writer.write({ v: 1, docText: text('one'), base })
    await writer.write({ v: 1, docText: text('onetwo'), base })
    await writer.write({ v: 1, docText: text('three'), base })
    expect(stored()).toEqual({ v: 1, docText: text('three'), base })
    expect(sent[0]).toEqual({ value: { v: 1, docText: text('one'), base } })
    expect(sent.slice(1)).toEqual([
      {
        value: { v: 1 },
        keep: ['base'],
        edit: { field: 'docText', at: 5_003, remove: 0, insert: 'two', revision: 'r1' },
      },
      {
        value: { v: 1 },
        keep: ['base'],
        edit: { field: 'docText', at: 5_000, remove: 6, insert: 'three', revision: 'r2' },
      },
    ])
  })

  it('sends a first draft close to its base as the base and the difference', async () => {
    const { writer, sent, stored } = setup()
    const opened = text('middle')
    await writer.write({ v: 1, docText: text('middle, typed'), base: opened })
    expect(sent[0]).toEqual({
      value: { v: 1, base: opened },
      edit: { field: 'docText', from: 'base', at: 5_006, remove: 0, insert: ', typed' },
    })
    expect(stored()).toEqual({ v: 1, docText: text('middle, typed'), base: opened })
    // A text far from its base goes whole.
    const { writer: other, sent: otherSent } = setup()
    await other.write({ v: 1, docText: 'all new', base: opened })
    expect(otherSent[0]).toEqual({ value: { v: 1, docText: 'all new', base: opened } })
  })

  it('names a large base main served by its hash: the first write carries neither base nor text', async () => {
    const opened = `${'a'.repeat(50_000)}é東🚀${'z'.repeat(50_000)}`
    const typed = `${'a'.repeat(50_000)}é東🚀, typed${'z'.repeat(50_000)}`
    const { writer, sent, stored } = setup([opened])
    await writer.write({ v: 1, docText: typed, base: opened })
    expect(sent[0]).toEqual({
      value: { v: 1 },
      edit: { field: 'docText', from: 'base', at: 50_004, remove: 0, insert: ', typed' },
      served: { field: 'base', sha256: await sha256(opened) },
    })
    expect(stored()).toEqual({ v: 1, docText: typed, base: opened })
    // The next write keeps the base as before.
    await writer.write({ v: 1, docText: `${typed}!`, base: opened })
    expect(sent[1]).toMatchObject({ value: { v: 1 }, keep: ['base'] })
    expect(stored()).toEqual({ v: 1, docText: `${typed}!`, base: opened })
  })

  it('names the served base by the hash main gave with it, without hashing it on the page', async () => {
    const opened = `${'a'.repeat(50_000)}é東🚀${'z'.repeat(50_000)}`
    const typed = `${opened}, typed`
    const { writer, sent, stored } = setup([opened])
    const named = await sha256(opened)
    writer.knowServed(opened, named)
    const digest = vi.spyOn(crypto.subtle, 'digest')
    try {
      await writer.write({ v: 1, docText: typed, base: opened })
      expect(digest).not.toHaveBeenCalled()
    } finally {
      digest.mockRestore()
    }
    expect(sent[0]).toMatchObject({
      value: { v: 1 },
      served: { field: 'base', sha256: await sha256(opened) },
    })
    expect(stored()).toEqual({ v: 1, docText: typed, base: opened })
  })

  it('hashes a base itself when it is not the text main named (the description saved since)', async () => {
    const opened = 'c'.repeat(40_000)
    const saved = 'd'.repeat(40_000)
    const { writer, sent, stored } = setup([saved])
    writer.knowServed(opened, await sha256(opened))
    await writer.write({ v: 1, docText: 'after the save', base: saved })
    expect(sent[0]).toMatchObject({ served: { field: 'base', sha256: await sha256(saved) } })
    expect(stored()).toEqual({ v: 1, docText: 'after the save', base: saved })
  })

  it('sends the large base when main did not serve it (not_found), and a small one always', async () => {
    const opened = 'b'.repeat(40_000)
    const { writer, sent, stored } = setup([])
    await writer.write({ v: 1, docText: 'all new', base: opened })
    expect(sent[0]).toMatchObject({ value: { v: 1, docText: 'all new' }, served: { field: 'base' } })
    expect(sent[1]).toEqual({ value: { v: 1, docText: 'all new', base: opened } })
    expect(stored()).toEqual({ v: 1, docText: 'all new', base: opened })
    const small = setup(['small base'])
    await small.writer.write({ v: 1, docText: 'x', base: 'small base' })
    expect(small.sent).toEqual([{ value: { v: 1, docText: 'x', base: 'small base' } }])
  })

  it('sends a new base whole, and a null base is a base too', async () => {
    const { writer, sent, stored } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    await writer.write({ v: 1, docText: 'two', base: 'other' })
    expect(sent[1]).toEqual({ value: { v: 1, docText: 'two', base: 'other' } })
    await writer.write({ v: 1, docText: 'three', base: null })
    await writer.write({ v: 1, docText: 'four', base: null })
    expect(sent[3]).toMatchObject({ value: { v: 1 }, keep: ['base'], edit: { field: 'docText' } })
    expect(stored()).toEqual({ v: 1, docText: 'four', base: null })
  })

  it('sends a document that is not text whole, and text after it whole too', async () => {
    const { writer, sent, stored } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    await writer.write({ v: 1, doc: null, base })
    expect(sent[1]).toEqual({ value: { v: 1, doc: null, base } })
    await writer.write({ v: 1, docText: 'two', base })
    expect(sent[2]).toEqual({ value: { v: 1, docText: 'two', base } })
    expect(stored()).toEqual({ v: 1, docText: 'two', base })
  })

  it("never keeps another window's base: after a write without text, the next goes whole", async () => {
    // This window set its text aside (no text, only a kept copy); another wrote its draft over another
    // base since. Keeping "the" base would store theirs under this window's text.
    const { writer, stored, writeElsewhere } = setup()
    await writer.write({ v: 1, doc: null, base, keptCopy: 'mine' })
    writeElsewhere({ v: 1, docText: 'theirs', base: 'their base', keptCopy: null })
    await writer.write({ v: 1, docText: 'mine again', base, keptCopy: 'mine' })
    expect(stored()).toEqual({ v: 1, docText: 'mine again', base, keptCopy: 'mine' })
  })

  it('sends everything when main has no draft to keep the base from (cleared elsewhere)', async () => {
    const { writer, sent, stored, clearElsewhere } = setup()
    await writer.write({ v: 1, docText: 'one', base })
    clearElsewhere()
    await writer.write({ v: 1, docText: 'two', base })
    expect(sent[1]).toMatchObject({ value: { v: 1 }, keep: ['base'] })
    expect(sent[2]).toEqual({ value: { v: 1, docText: 'two', base } })
    expect(stored()).toEqual({ v: 1, docText: 'two', base })
  })

  it('sends everything when another window wrote the draft since (its revision is not the one known)', async () => {
    const { writer, sent, stored, writeElsewhere } = setup()
    await writer.write({ v: 1, docText: text('mine'), base })
    writeElsewhere({ v: 1, docText: text('theirs'), base })
    await writer.write({ v: 1, docText: text('mine!'), base })
    expect(sent[2]).toEqual({ value: { v: 1, docText: text('mine!'), base } })
    expect(stored()).toEqual({ v: 1, docText: text('mine!'), base })
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
