import { describe, expect, it } from 'vitest'
import { isEmptyMessage } from './check-in-message'

const doc = (...content: unknown[]) => ({ type: 'doc', content })
const p = (...content: unknown[]) => ({ type: 'paragraph', content })

describe('isEmptyMessage', () => {
  it('is empty for the editor’s empty document, blank text, bare line breaks and empty lists', () => {
    expect(isEmptyMessage(doc({ type: 'paragraph' }))).toBe(true)
    expect(isEmptyMessage(doc())).toBe(true)
    expect(isEmptyMessage(doc(p({ type: 'text', text: '  \n ' }), p({ type: 'hardBreak' })))).toBe(true)
    expect(
      isEmptyMessage(
        doc({ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] }),
      ),
    ).toBe(true)
    expect(isEmptyMessage(JSON.stringify(doc({ type: 'paragraph' })))).toBe(true)
  })

  it('is not empty with text, a mention, an image or a rule', () => {
    expect(isEmptyMessage(doc(p({ type: 'text', text: 'Done.' })))).toBe(false)
    expect(isEmptyMessage(doc(p({ type: 'mention', attrs: { id: 'x', label: 'Grace' } })))).toBe(false)
    expect(isEmptyMessage(doc(p({ type: 'blob', attrs: { src: '/a.png' } })))).toBe(false)
    expect(isEmptyMessage(doc({ type: 'horizontalRule' }))).toBe(false)
  })
})
