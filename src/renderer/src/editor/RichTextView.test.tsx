// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { RichTextView, UNDISPLAYABLE_MESSAGE } from './RichTextView'
import { corpusDocument } from './test-support/corpus'
import { render, type Rendered } from './test-support/render'

let view: Rendered | null = null
afterEach(async () => {
  await view?.unmount()
  view = null
})

async function show(value: unknown, resolveBlobSrc?: (src: string) => string | null) {
  view = await render(<RichTextView value={value} {...(resolveBlobSrc ? { resolveBlobSrc } : {})} />)
  return view.container
}

describe('RichTextView', () => {
  it('shows mentions as @Name chips, images inline and other files as chips with their size', async () => {
    const container = await show(corpusDocument('24-project-description.json'))
    const mentions = [...container.querySelectorAll('.ot-mention')].map((chip) => chip.textContent)
    expect(mentions).toEqual(['@Ashe Hart', '@Dana Ruiz'])
    const image = container.querySelector<HTMLImageElement>('img[alt="andoya-aerial.jpg"]')
    expect(image?.getAttribute('src')).toBe(
      'https://operately.example.com/blobs/abcdefab-1234-4321-8abc-abcdefabcdef',
    )
    const files = [...container.querySelectorAll('.ot-blob--file')].map((chip) => chip.textContent)
    expect(files).toEqual(['budget.xlsx · 33 KB'])
    expect(container.querySelector('h1')?.textContent).toBe('Andøya launch site')
    expect(container.querySelector('pre code')?.textContent).toContain('mix operately.launch')
  })

  it('shows a file chip as "report.pdf · 1.2 MB"', async () => {
    const container = await show(corpusDocument('15-blobs-files.json'))
    const chips = [...container.querySelectorAll('.ot-blob--file')].map((chip) => chip.textContent)
    expect(chips).toEqual([
      'report.pdf · 1.2 MB',
      'budget-2026.xlsx · 48 KB',
      'telemetry-src.zip · 73 MB',
      'notes.txt · 812 bytes',
    ])
  })

  it('draws highlights with a class per colour and never an inline colour', async () => {
    const container = await show(corpusDocument('08-highlights-all-colours.json'))
    const marks = [...container.querySelectorAll('mark')]
    expect(marks.map((mark) => mark.getAttribute('data-highlight'))).toContain('bgGray')
    expect(
      marks.every((mark) => mark.classList.contains('ot-highlight') && !mark.hasAttribute('style')),
    ).toBe(true)
    expect(container.querySelector('mark.ot-highlight--textRed')?.textContent).toBe(
      'This sentence is highlighted textRed.',
    )
  })

  it('shows unknown nodes as "Unsupported content" with a preview of their words', async () => {
    const container = await show(corpusDocument('17-unknown-block-nodes.json'))
    const blocks = [...container.querySelectorAll('.ot-unsupported--block')]
    expect(blocks).toHaveLength(4)
    expect(blocks[0]?.textContent).toBe('Unsupported contentMilestone Due Static fire Mar 31, 2026')
    expect(container.textContent).toContain('Plan below.')
    expect(container.textContent).toContain('End.')
  })

  it('shows text read-only when its layout cannot be edited, rather than hiding it', async () => {
    const container = await show({ type: 'doc', content: [{ type: 'text', text: 'Loose words' }] })
    expect(container.textContent).toContain('Loose words')
  })

  it.each([
    ['not JSON', '{"type": "doc", '],
    ['a number', 7],
    ['a list', [1, 2]],
    ['a paragraph instead of a document', { type: 'paragraph' }],
  ])('shows a plain message for %s', async (_name, value) => {
    const container = await show(value)
    expect(container.textContent).toBe(UNDISPLAYABLE_MESSAGE)
  })

  it('gives javascript: links no address, even when the document stored one', async () => {
    const container = await show({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    })
    const link = container.querySelector('a')
    expect(link?.textContent).toBe('bad')
    expect(link?.getAttribute('href') ?? '').toBe('')
  })

  it('asks the app for image addresses, and shows a chip when there is none', async () => {
    const container = await show(corpusDocument('14-blobs-images.json'), (src) =>
      src.endsWith('9f1c2a44-0e2b-4b8e-a6a1-7bd5c61d0a01') ? 'data:image/png;base64,AAAA' : null,
    )
    expect(container.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAAA')
    expect([...container.querySelectorAll('.ot-blob--file')].map((chip) => chip.textContent)).toEqual([
      'team.jpg · 2.3 MB',
      'flow.jpeg · 91 KB',
    ])
  })
})
