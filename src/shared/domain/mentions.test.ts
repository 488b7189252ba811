import { describe, expect, it } from 'vitest'
import { mentionsAsText, mentionsIn, mentionsInText, NAMELESS_PERSON } from './mentions'

const mention = (id: string, label?: string, extra: Record<string, unknown> = {}) => ({
  type: 'mention',
  attrs: { id, ...(label !== undefined ? { label } : {}), mentionSuggestionChar: '@' },
  ...extra,
})
const doc = (...inline: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: inline }] })

describe('mentionsIn', () => {
  it('finds every mention in document order, nested ones too', () => {
    const value = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [mention('ada-AAA', 'Ada'), { type: 'text', text: ' and ' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [doc(mention('mary-MMM', 'Mary'))] }] },
      ],
    }
    expect(mentionsIn(value)).toEqual([
      { id: 'ada-AAA', label: 'Ada' },
      { id: 'mary-MMM', label: 'Mary' },
    ])
  })

  it('gives no label for a mention without a name, and skips mentions without an id', () => {
    expect(mentionsIn(doc(mention('x-1'), mention('', 'Nobody'), { type: 'mention' }))).toEqual([
      { id: 'x-1', label: null },
    ])
  })

  it('reads JSON text, and finds nothing in text that is not JSON', () => {
    expect(mentionsInText(JSON.stringify(doc(mention('a-1', 'A'))))).toEqual([{ id: 'a-1', label: 'A' }])
    expect(mentionsInText('not json')).toEqual([])
    expect(mentionsInText(null)).toEqual([])
  })
})

describe('mentionsAsText', () => {
  it('turns the mentions of the people named into their names as text, compared by short id', () => {
    const before = doc(
      { type: 'text', text: 'Thanks to ' },
      mention('mary-somerville-MMM', 'Mary Somerville'),
      { type: 'text', text: ' and ' },
      mention('ada-AAA', 'Ada'),
      { type: 'text', text: ', again ' },
      mention('MMM', 'Mary Somerville', { marks: [{ type: 'bold' }] }),
    )
    const { doc: after, names } = mentionsAsText(before, ['renamed-MMM'])
    expect(names).toEqual(['Mary Somerville'])
    expect(after).toEqual(
      doc(
        { type: 'text', text: 'Thanks to ' },
        { type: 'text', text: 'Mary Somerville' },
        { type: 'text', text: ' and ' },
        mention('ada-AAA', 'Ada'),
        { type: 'text', text: ', again ' },
        { type: 'text', text: 'Mary Somerville', marks: [{ type: 'bold' }] },
      ),
    )
  })

  it('keeps everything else as it was, unknown node types included, and never changes its input', () => {
    const unknown = { type: 'futureWidget', attrs: { x: 1 }, content: [mention('gone-G', 'Gone')] }
    const before = {
      type: 'doc',
      content: [unknown, { type: 'paragraph', content: [mention('ok-O', 'Ok')] }],
    }
    const copy = structuredClone(before)
    const { doc: after } = mentionsAsText(before, ['G'])
    expect(before).toEqual(copy)
    expect(after).toEqual({
      type: 'doc',
      content: [
        { ...unknown, content: [{ type: 'text', text: 'Gone' }] },
        { type: 'paragraph', content: [mention('ok-O', 'Ok')] },
      ],
    })
  })

  it('gives a mention without a name words of its own (a text node may not be empty)', () => {
    const { doc: after, names } = mentionsAsText(doc(mention('gone-G')), ['G'])
    expect(after).toEqual(doc({ type: 'text', text: NAMELESS_PERSON }))
    expect(names).toEqual([NAMELESS_PERSON])
  })

  it('changes nothing when nobody is named', () => {
    const before = doc(mention('ada-AAA', 'Ada'))
    expect(mentionsAsText(before, [])).toEqual({ doc: before, names: [] })
  })
})
