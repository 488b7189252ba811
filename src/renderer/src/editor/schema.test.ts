import { describe, expect, it } from 'vitest'
import { OPERATELY_MARK_TYPES, OPERATELY_NODE_TYPES } from './operately-types'
import { attributeDefaults, operatelySchema } from './schema'

describe('the Operately schema', () => {
  const schema = operatelySchema()

  it('holds every node Operately produces, plus the two opaque atoms', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [...OPERATELY_NODE_TYPES, 'unknownBlock', 'unknownInline'].sort(),
    )
  })

  it('orders marks as Operately does, so untouched text keeps its mark order; the editor’s own come after', () => {
    expect(Object.keys(schema.marks)).toEqual([
      ...OPERATELY_MARK_TYPES,
      'unknownMark',
      'preservedTextFields',
      'documentChunk',
    ])
  })

  it('lets a long document’s chunk sit on blocks only where commands may move them for a moment', () => {
    const chunk = schema.marks.documentChunk!
    // Nodes that hold blocks (a textblock's marks are its text's).
    const holders = Object.values(schema.nodes).filter(
      (type) => !type.isInline && !type.inlineContent && type.allowsMarkType(chunk),
    )
    expect(holders.map((type) => type.name).sort()).toEqual(['blockquote', 'doc', 'listItem'])
  })

  it('gives nodes and marks Operately’s attributes and defaults', () => {
    expect(Object.fromEntries(attributeDefaults('node', 'heading') ?? [])).toEqual({ level: 1 })
    expect(Object.fromEntries(attributeDefaults('node', 'orderedList') ?? [])).toEqual({
      start: 1,
      type: null,
    })
    expect(Object.fromEntries(attributeDefaults('node', 'codeBlock') ?? [])).toEqual({ language: null })
    expect(Object.fromEntries(attributeDefaults('node', 'mention') ?? [])).toEqual({
      id: null,
      label: null,
      mentionSuggestionChar: '@',
    })
    expect(Object.fromEntries(attributeDefaults('node', 'blob') ?? [])).toEqual({
      src: null,
      alt: null,
      title: null,
      id: null,
      status: 'uploading',
      filetype: null,
      filesize: null,
      progress: 0,
    })
    expect(Object.fromEntries(attributeDefaults('mark', 'link') ?? [])).toEqual({
      href: null,
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
      class: null,
      title: null,
    })
    expect(Object.fromEntries(attributeDefaults('mark', 'highlight') ?? [])).toEqual({ highlight: null })
  })

  it('lets several unknown marks sit on the same text', () => {
    const unknown = schema.marks.unknownMark
    expect(unknown).toBeDefined()
    if (!unknown) return
    const a = unknown.create({ original: { type: 'comment', attrs: { id: 1 } }, index: null })
    const b = unknown.create({ original: { type: 'comment', attrs: { id: 2 } }, index: null })
    expect(b.addToSet(a.addToSet([]))).toHaveLength(2)
  })
})
