import { describe, expect, it } from 'vitest'
import type { JsonObject, JsonValue, ServerDoc } from './json'
import {
  assertSafeToSave,
  checkLoadedDocument,
  EMPTY_EDITOR_DOC,
  prepareForEditor,
  restoreEditorDocument,
  restoreFromEditor,
  roundTripProblem,
} from './loss-proof'
import { operatelySchema } from './schema'
import { corpus } from './test-support/corpus'

const text = (value: string, marks?: JsonValue[]): JsonObject =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value }
const paragraph = (...content: JsonValue[]): JsonObject => ({ type: 'paragraph', content })
const doc = (...content: JsonValue[]): ServerDoc => ({ type: 'doc', content })

function roundTrip(original: unknown) {
  const prepared = prepareForEditor(original)
  return { prepared, restored: restoreFromEditor(prepared.doc) }
}

describe('documents that open read-only, and why', () => {
  const cases: Array<{ name: string; input: ServerDoc; reason: RegExp }> = [
    {
      name: 'text directly under the document',
      input: doc(text('Loose text'), paragraph(text('Fine'))),
      reason: /text outside of any paragraph/,
    },
    {
      name: 'a paragraph directly inside a list',
      input: doc({ type: 'bulletList', content: [paragraph(text('Not in a list item'))] }),
      reason: /a paragraph placed directly inside a bulleted list/,
    },
    {
      name: 'bold inside a code block',
      input: doc({ type: 'codeBlock', content: [text('let x', [{ type: 'bold' }])] }),
      reason: /bold inside a code block/,
    },
    {
      name: 'code that is also bold',
      input: doc(paragraph(text('both', [{ type: 'bold' }, { type: 'code' }]))),
      reason: /formatting that cannot be combined/,
    },
    {
      name: 'an empty piece of text',
      input: doc(paragraph(text(''))),
      reason: /empty piece of text/,
    },
    {
      name: 'a list without items',
      input: doc({ type: 'bulletList', content: [] }, paragraph(text('after'))),
      reason: /a bulleted list that is missing what must be inside it/,
    },
    {
      name: 'a list item that does not start with a paragraph',
      input: doc({
        type: 'orderedList',
        content: [{ type: 'listItem', content: [{ type: 'horizontalRule' }] }],
      }),
      reason: /a divider line placed directly inside a list item/,
    },
    {
      name: 'a piece without a type',
      input: doc(paragraph(text('a')), { content: [] }),
      reason: /damaged \(a piece without a type\)/,
    },
    {
      name: 'attributes that are not an object',
      input: doc({ type: 'heading', attrs: 'big', content: [text('x')] }),
      reason: /a heading with unreadable settings/,
    },
    {
      name: 'a document inside the document',
      input: doc({ type: 'doc', content: [paragraph(text('nested'))] }),
      reason: /a document inside the document/,
    },
  ]

  it.each(cases)('$name', ({ input, reason }) => {
    const { prepared, restored } = roundTrip(input)
    expect(prepared.readOnlyReason).toMatch(reason)
    expect(prepared.readOnlyReason).toMatch(/can only be read here.*edit it in Operately’s web app/)
    // Still shown, and still nothing lost: the part that cannot be edited is kept whole.
    expect(prepared.displayable).toBe(true)
    expect(restored).toEqual(input)
  })

  it('counts further problems without repeating them', () => {
    const input = doc(text('one'), paragraph(text('ok')), text('two'), {
      type: 'codeBlock',
      content: [text('b', [{ type: 'italic' }])],
    })
    expect(prepareForEditor(input).readOnlyReason).toMatch(
      /text outside of any paragraph \(and 1 more place like it\)/,
    )
  })

  it.each([
    { name: 'text that is not JSON', input: '{"type":"doc",', reason: /damaged \(it is not valid JSON\)/ },
    { name: 'a number', input: 42, reason: /not in a format this app understands/ },
    { name: 'a list', input: [{ type: 'doc' }], reason: /not in a format this app understands/ },
    { name: 'JSON text of a string', input: '"hello"', reason: /not in a format this app understands/ },
    { name: 'a paragraph instead of a document', input: paragraph(text('x')), reason: /not in a format/ },
    { name: 'content that is not a list', input: { type: 'doc', content: 'oops' }, reason: /damaged/ },
  ])('$name cannot be shown at all', ({ input, reason }) => {
    const prepared = prepareForEditor(input)
    expect(prepared.readOnlyReason).toMatch(reason)
    expect(prepared.displayable).toBe(false)
    expect(prepared.doc).toEqual(EMPTY_EDITOR_DOC)
  })

  it('a document nested thousands of levels deep is refused, not crashed on', () => {
    let node: JsonObject = paragraph(text('deep'))
    for (let i = 0; i < 20_000; i++) node = { type: 'blockquote', content: [node] }
    const prepared = prepareForEditor(doc(node))
    expect(prepared.displayable).toBe(false)
    expect(prepared.readOnlyReason).toMatch(/could not be prepared for editing/)
  })
})

describe('documents that stay editable', () => {
  it.each([null, undefined, '', '   '])('no document yet (%j) opens empty and editable', (input) => {
    const prepared = prepareForEditor(input)
    expect(prepared).toMatchObject({ readOnlyReason: null, original: null, displayable: true })
    expect(prepared.doc).toEqual(EMPTY_EDITOR_DOC)
    expect(roundTripProblem(null, restoreFromEditor(prepared.doc))).toBeNull()
  })

  it('takes the JSON text the API sends as well as the parsed object', () => {
    const original = doc(paragraph(text('From the wire', [{ type: 'bold' }])))
    const prepared = prepareForEditor(JSON.stringify(original))
    expect(prepared.readOnlyReason).toBeNull()
    expect(prepared.original).toEqual(original)
    expect(restoreFromEditor(prepared.doc)).toEqual(original)
  })

  it.each([
    ['{"type":"doc","content":[{"type":"paragraph"}]}'],
    ['{"type":"doc","content":[]}'],
    ['{"type":"doc"}'],
  ])('the empty document %s comes back in the same form', (json) => {
    const { prepared, restored } = roundTrip(json)
    expect(prepared.readOnlyReason).toBeNull()
    expect(prepared.doc.content).toHaveLength(1)
    expect(JSON.stringify(restored)).toBe(json)
  })

  it('unknown nodes, marks and attributes are preserved without making the document read-only', () => {
    const original = doc(
      { type: 'callout', attrs: { tone: 'info' }, content: [paragraph(text('Heads up'))] },
      paragraph(
        text('see '),
        { type: 'emoji', attrs: { name: 'rocket' } },
        text('red', [{ type: 'textStyle', attrs: { color: 'red' } }]),
      ),
      { type: 'heading', attrs: { level: 2, anchor: 'top' }, content: [text('Top')] },
    )
    const { prepared, restored } = roundTrip(original)
    expect(prepared.readOnlyReason).toBeNull()
    expect(prepared.unsupportedCount).toBe(2)
    expect(restored).toEqual(original)
  })

  it('a node using one of this editor’s internal names is treated as unknown content, not trusted', () => {
    const original = doc(
      { type: 'unknownBlock', attrs: { original: { type: 'paragraph' } } },
      paragraph(text('x')),
    )
    const { prepared, restored } = roundTrip(original)
    expect(prepared.readOnlyReason).toBeNull()
    expect(prepared.doc.content?.[0]).toEqual({
      type: 'unknownBlock',
      attrs: { original: (original.content as JsonValue[])[0] },
    })
    expect(restored).toEqual(original)
  })

  it('an unknown node where only a list item fits keeps the whole list as one unsupported block', () => {
    const list: JsonObject = {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [paragraph(text('a'))] }, { type: 'divider' }],
    }
    const { prepared, restored } = roundTrip(doc(list, paragraph(text('after'))))
    expect(prepared.readOnlyReason).toBeNull()
    expect(prepared.doc.content?.[0]).toEqual({ type: 'unknownBlock', attrs: { original: list } })
    expect(restored).toEqual(doc(list, paragraph(text('after'))))
  })

  it('marks in an order other than the schema’s come back in their original order', () => {
    const marks: JsonValue[] = [
      { type: 'italic' },
      { type: 'comment', attrs: { id: 'c1' } },
      { type: 'bold' },
    ]
    const original = doc(paragraph(text('x', marks)))
    const { prepared, restored } = roundTrip(original)
    // In the editor they are in schema order (bold, italic, then the unknown one) ...
    const editorMarks = (prepared.doc.content?.[0]?.content?.[0]?.marks ?? []).map((mark) => mark.type)
    expect(editorMarks).toEqual(['bold', 'italic', 'unknownMark'])
    // ... and on the way back in the order the server had them.
    expect(restored).toEqual(original)
  })

  it('defaults TipTap adds on load are dropped again when the original did not have them', () => {
    const original = doc(
      { type: 'heading', content: [text('No level')] },
      { type: 'orderedList', content: [{ type: 'listItem', content: [paragraph(text('no start'))] }] },
      { type: 'codeBlock', content: [text('no language')] },
      paragraph(text('link', [{ type: 'link', attrs: { href: 'https://example.com' } }])),
      paragraph({ type: 'mention', attrs: { id: 'bo-1', label: 'Bo' } }),
    )
    const { prepared, restored } = roundTrip(original)
    // TipTap would write them all ...
    expect(prepared.doc.content?.[0]?.attrs).toMatchObject({ level: 1 })
    expect(prepared.doc.content?.[2]?.attrs).toMatchObject({ language: null })
    // ... but the saved document is exactly the original.
    expect(restored).toEqual(original)
  })

  it('text keeps keys ProseMirror text cannot hold (an id, an explicit empty marks list)', () => {
    const original = doc(paragraph({ type: 'text', text: 'tagged', id: 't1', marks: [] }, text(' plain')))
    expect(roundTrip(original).restored).toEqual(original)
  })
})

describe('roundTripProblem', () => {
  it('accepts a different split of a line into text runs and different key order', () => {
    const original = doc(paragraph(text('Hello '), text('world')))
    const restored = restoreFromEditor(prepareForEditor(original).doc)
    expect(restored).toEqual(doc(paragraph(text('Hello world'))))
    expect(roundTripProblem(original, restored)).toBeNull()
    expect(
      roundTripProblem(doc(paragraph(text('a'))), {
        content: [{ content: [{ text: 'a', type: 'text' }], type: 'paragraph' }],
        type: 'doc',
      }),
    ).toBeNull()
  })

  it('names where a document differs', () => {
    expect(roundTripProblem(doc(paragraph(text('a'))), doc(paragraph(text('b'))))).toBe(
      'doc.content[0].content[0].text differs',
    )
    expect(roundTripProblem(doc(paragraph(text('a'))), doc())).toMatch(/^doc\.content/)
  })
})

/** Runs the step-by-step load check to its end: its verdict and how many steps it took. */
function drainCheck(original: ServerDoc | null, loaded: ReturnType<typeof prepareForEditor>['node']) {
  const check = checkLoadedDocument(original, loaded)
  let steps = 0
  for (;;) {
    const step = check.next()
    if (step.done) return { problem: step.value, steps }
    steps++
  }
}

describe('checkLoadedDocument (the load check, one block per step)', () => {
  it.each(corpus.map(([name, value]) => [name, value] as const))(
    'finds %s equal to what the editor holds, as roundTripProblem does',
    (_name, original) => {
      const prepared = prepareForEditor(original, { verifyRoundTrip: false })
      const expected = roundTripProblem(original, restoreEditorDocument(prepared.node))
      expect(drainCheck(original, prepared.node).problem).toBe(expected)
      expect(expected).toBeNull()
    },
  )

  it('takes one step per block', () => {
    const original = doc(paragraph(text('a')), paragraph(text('b')), paragraph(text('c')))
    expect(drainCheck(original, prepareForEditor(original).node)).toEqual({ problem: null, steps: 3 })
  })

  it('names the first block that differs, and a different number of blocks', () => {
    const loaded = prepareForEditor(doc(paragraph(text('a')), paragraph(text('b')))).node
    expect(drainCheck(doc(paragraph(text('a')), paragraph(text('B'))), loaded).problem).toBe(
      'doc.content[1].content[0].text differs',
    )
    expect(drainCheck(doc(paragraph(text('a'))), loaded).problem).not.toBeNull()
    expect(
      drainCheck(doc(paragraph(text('a')), paragraph(text('b')), paragraph()), loaded).problem,
    ).not.toBeNull()
    expect(
      drainCheck({ ...doc(paragraph(text('a')), paragraph(text('b'))), id: 'x' }, loaded).problem,
    ).not.toBeNull()
  })

  it('finds a block that is not valid where it stands, and a document holding what it may not', () => {
    const original = doc(paragraph(text('a')))
    const { nodes } = operatelySchema()
    // NodeType.create does not check content: how a document TipTap loaded wrongly could look.
    const badBlock = nodes.doc!.create(null, [nodes.paragraph!.create(null, [nodes.paragraph!.create()])])
    expect(drainCheck(original, badBlock).problem).toMatch(/^doc\.content\[0\] is not valid here/)
    const textInDoc = nodes.doc!.create(null, [operatelySchema().text('a')])
    // Even when the server's document holds the same (text straight under the document).
    expect(drainCheck(doc(text('a')), textInDoc).problem).toMatch(/^doc\.content is not valid here/)
  })

  it('accepts a line split into other text runs, and no document for the empty one', () => {
    const loaded = prepareForEditor(doc(paragraph(text('Hello world')))).node
    expect(drainCheck(doc(paragraph(text('Hello '), text('world'))), loaded).problem).toBeNull()
    expect(drainCheck(null, prepareForEditor(null).node).problem).toBeNull()
  })
})

describe('assertSafeToSave', () => {
  const original = doc({ type: 'table', content: [] }, paragraph(text('Notes')))

  it('lets an edited, restored document through', () => {
    const prepared = prepareForEditor(original)
    const edited = restoreFromEditor(prepared.doc)
    ;(edited.content as JsonObject[]).push(paragraph(text('More')))
    expect(() => assertSafeToSave(original, edited)).not.toThrow()
  })

  it('refuses the editor’s raw JSON, which would save placeholders instead of the table', () => {
    const raw = prepareForEditor(original).doc as unknown as JsonValue
    expect(() => assertSafeToSave(original, raw)).toThrow(
      /still contains editor placeholders.*Nothing was changed/,
    )
  })

  it('refuses to save over a document that opened read-only', () => {
    const unsafe = doc(text('loose'))
    expect(() => assertSafeToSave(unsafe, doc(paragraph(text('new'))))).toThrow(
      /was not saved.*can only be read here/,
    )
  })

  it('refuses something that is not a document', () => {
    expect(() => assertSafeToSave(original, { type: 'paragraph' })).toThrow(/is not a document/)
  })

  it('accepts an original that itself used an internal name (it was kept verbatim)', () => {
    const odd = doc({ type: 'unknownBlock' }, paragraph(text('x')))
    expect(() => assertSafeToSave(odd, restoreFromEditor(prepareForEditor(odd).doc))).not.toThrow()
  })
})
