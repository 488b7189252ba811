import { describe, expect, it } from 'vitest'
import { isSameDocument, normalizeDocument } from './normalize'

const link = (attrs: Record<string, unknown>) => ({ type: 'link', attrs })

describe('isSameDocument', () => {
  const same: Array<[string, unknown, unknown]> = [
    [
      'identical objects',
      { type: 'doc', content: [{ type: 'paragraph' }] },
      { type: 'doc', content: [{ type: 'paragraph' }] },
    ],
    [
      'the JSON text and the object',
      '{"content":[{"type":"paragraph","content":[{"type":"text","text":"a"}]}],"type":"doc"}',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ text: 'a', type: 'text' }] }] },
    ],
    [
      'the three empty documents (paragraph / [])',
      { type: 'doc', content: [{ type: 'paragraph' }] },
      { type: 'doc', content: [] },
    ],
    [
      'the three empty documents (paragraph / none)',
      { type: 'doc', content: [{ type: 'paragraph' }] },
      { type: 'doc' },
    ],
    ['no document yet and the empty document', null, { type: 'doc', content: [{ type: 'paragraph' }] }],
    [
      'a trailing empty paragraph',
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }, { type: 'paragraph' }],
      },
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
    ],
    [
      'default attributes written or left out',
      {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'T' }] },
          { type: 'codeBlock', attrs: { language: null }, content: [{ type: 'text', text: 'c' }] },
          {
            type: 'orderedList',
            attrs: { start: 1, type: null },
            content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
          },
        ],
      },
      {
        type: 'doc',
        content: [
          { type: 'heading', content: [{ type: 'text', text: 'T' }] },
          { type: 'codeBlock', content: [{ type: 'text', text: 'c' }] },
          {
            type: 'orderedList',
            content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [] }] }],
          },
        ],
      },
    ],
    [
      'link defaults written by TipTap',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'l', marks: [link({ href: 'https://a.b' })] }],
          },
        ],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'l',
                marks: [
                  link({
                    href: 'https://a.b',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                    title: null,
                  }),
                ],
              },
            ],
          },
        ],
      },
    ],
    [
      'marks in another order',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'italic' }, { type: 'bold' }] }],
          },
        ],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }, { type: 'italic' }] }],
          },
        ],
      },
    ],
    [
      'a line split into text runs differently',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Hello ' },
              { type: 'text', text: 'world' },
            ],
          },
        ],
      },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello world', marks: [] }] }],
      },
    ],
  ]

  it.each(same)('treats %s as the same (no "unsaved changes")', (_name, a, b) => {
    expect(isSameDocument(a, b)).toBe(true)
    expect(isSameDocument(b, a)).toBe(true)
  })

  const different: Array<[string, unknown, unknown]> = [
    [
      'one changed letter',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'cat' }] }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'car' }] }] },
    ],
    [
      'a heading level',
      {
        type: 'doc',
        content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'T' }] }],
      },
      {
        type: 'doc',
        content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'T' }] }],
      },
    ],
    [
      'an added bold mark',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] }],
      },
    ],
    [
      'a highlight colour',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'x', marks: [{ type: 'highlight', attrs: { highlight: 'bgRed' } }] },
            ],
          },
        ],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'x', marks: [{ type: 'highlight', attrs: { highlight: 'bgBlue' } }] },
            ],
          },
        ],
      },
    ],
    [
      'an empty paragraph in the middle',
      {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'b' }] },
        ],
      },
      {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
          { type: 'paragraph' },
          { type: 'paragraph', content: [{ type: 'text', text: 'b' }] },
        ],
      },
    ],
    [
      'an unknown node’s attribute',
      { type: 'doc', content: [{ type: 'taskItem', attrs: { checked: false } }] },
      { type: 'doc', content: [{ type: 'taskItem', attrs: { checked: true } }] },
    ],
    [
      'content and no document',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] },
      null,
    ],
    ['unreadable text and the empty document', '{"type":', { type: 'doc' }],
  ]

  it.each(different)('sees %s as a change', (_name, a, b) => {
    expect(isSameDocument(a, b)).toBe(false)
    expect(isSameDocument(b, a)).toBe(false)
  })
})

describe('normalizeDocument', () => {
  it('keeps attributes this editor does not know, even when they look like defaults', () => {
    expect(
      normalizeDocument({ type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: null } }] }),
    ).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { textAlign: null } }],
    })
  })
})
