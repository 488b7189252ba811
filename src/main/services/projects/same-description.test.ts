import { describe, expect, it } from 'vitest'
import { sameDescription } from './same-description'

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] })
const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content })

describe('sameDescription', () => {
  it('ignores key order, as the server re-encodes documents', () => {
    const a =
      '{"type":"doc","content":[{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Hi"}]}]}'
    const b =
      '{"content":[{"content":[{"text":"Hi","type":"text"}],"attrs":{"level":2},"type":"heading"}],"type":"doc"}'
    expect(sameDescription(a, b)).toBe(true)
  })

  it('sees a changed word, a changed attribute, a reordered paragraph and an extra mark', () => {
    const base = doc(para('One'), para('Two'))
    expect(sameDescription(base, doc(para('One'), para('Too')))).toBe(false)
    expect(sameDescription(base, doc(para('Two'), para('One')))).toBe(false)
    expect(
      sameDescription(
        doc({ type: 'heading', attrs: { level: 1 }, content: [] }),
        doc({ type: 'heading', attrs: { level: 2 }, content: [] }),
      ),
    ).toBe(false)
    expect(
      sameDescription(
        doc(para('One')),
        doc({ type: 'paragraph', content: [{ type: 'text', text: 'One', marks: [{ type: 'bold' }] }] }),
      ),
    ).toBe(false)
  })

  it('treats no description and every empty document form as the same', () => {
    const empties = [
      null,
      '{"type":"doc"}',
      '{"type":"doc","content":[]}',
      '{"type":"doc","content":[{"type":"paragraph"}]}',
      '{"type":"doc","content":[{"type":"paragraph","content":[]}]}',
    ]
    for (const a of empties) for (const b of empties) expect(sameDescription(a, b)).toBe(true)
    expect(sameDescription(null, doc(para('Something')))).toBe(false)
    expect(sameDescription('{"type":"doc","content":[{"type":"horizontalRule"}]}', null)).toBe(false)
  })

  it('compares text that is not JSON only with the identical text', () => {
    expect(sameDescription('not json', 'not json')).toBe(true)
    expect(sameDescription('not json', null)).toBe(false)
    expect(sameDescription('not json', '{"type":"doc"}')).toBe(false)
  })
})
