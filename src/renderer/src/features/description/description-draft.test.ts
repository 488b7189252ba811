import { describe, expect, it } from 'vitest'
import { parseJson, stringifyJson, type ServerDoc } from '../../editor'
import { readDescriptionDraft, toStoredDescriptionDraft } from './description-draft'

const exact = parseJson(
  '{"type":"doc","content":[{"type":"chart","attrs":{"total":12345678901234567890,"scale":1.0e3}}]}',
) as ServerDoc

describe('description drafts', () => {
  it('keep numbers JavaScript cannot hold exactly through the trip to disk and back', () => {
    const stored = toStoredDescriptionDraft({
      doc: exact,
      base: null,
      keptCopy: { doc: exact, keptAt: 'then' },
    })
    // What IPC or the harness does to it: plain JSON, no class instances.
    const read = readDescriptionDraft(JSON.parse(JSON.stringify(stored)))
    expect(stringifyJson(read?.doc)).toBe(stringifyJson(exact))
    expect(stringifyJson(read?.keptCopy?.doc)).toContain('"total":12345678901234567890,"scale":1.0e3')
  })

  it('store the edit as its text and a kept copy as it is, readable on disk', () => {
    const doc: ServerDoc = { type: 'doc', content: [{ type: 'paragraph' }] }
    expect(toStoredDescriptionDraft({ doc, base: null, keptCopy: { doc, keptAt: 'then' } })).toEqual({
      v: 1,
      docText: '{"type":"doc","content":[{"type":"paragraph"}]}',
      base: null,
      keptCopy: { doc, keptAt: 'then' },
    })
  })

  it('are no draft when the kept text is not a document', () => {
    expect(
      readDescriptionDraft({ v: 1, docText: '{"type":"paragraph"}', base: null, keptCopy: null }),
    ).toBeNull()
    expect(readDescriptionDraft({ v: 1, docText: 'not json', base: null, keptCopy: null })).toBeNull()
  })
})
