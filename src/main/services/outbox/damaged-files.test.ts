import { describe, expect, it } from 'vitest'
import { damagedFileName, readableText } from './damaged-files'

const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })

describe('readableText of a damaged queue file', () => {
  it('finds the words of a whole entry, a document inside a string inside JSON', () => {
    const raw = JSON.stringify({ kind: 'check-in', payload: { message: doc('Say "hi" \\ there') } })
    expect(readableText(raw)).toEqual({ kind: 'check-in', text: 'Say "hi" \\ there' })
  })

  it('finds the words of a file cut short in the middle of them', () => {
    const whole = JSON.stringify({ kind: 'description', payload: { description: doc('Every word counts') } })
    const cut = whole.slice(0, whole.indexOf('counts') + 3)
    expect(readableText(cut)).toEqual({ kind: 'description', text: 'Every word cou' })
  })

  it('keeps several paragraphs, one a line', () => {
    const two = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'First' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Second' }] },
      ],
    })
    expect(readableText(JSON.stringify({ payload: { description: two } })).text).toBe('First\nSecond')
  })

  it('shows the file itself when no words can be found in it', () => {
    expect(readableText('garbage \u0001 from a bad disk')).toEqual({
      kind: null,
      text: 'garbage \u0001 from a bad disk',
    })
  })

  it('takes only the names the outbox gives set-aside files', () => {
    expect(damagedFileName.test('2026-03-10T12-00-00-000Z-0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b.json')).toBe(
      true,
    )
    expect(damagedFileName.test('../outbox/0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b.json')).toBe(false)
  })
})
