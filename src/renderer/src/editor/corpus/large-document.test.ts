/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import { generateLargeDocument } from './large-document'

// The committed file, as text, exactly as it is on disk.
const committed = Object.values(
  import.meta.glob<string>('./large-1mb.json', { eager: true, query: '?raw', import: 'default' }),
)[0]

describe('large-1mb.json', () => {
  it('is exactly what generate-large.ts writes', () => {
    expect(committed).toBeDefined()
    expect(JSON.parse(committed as string)).toEqual(generateLargeDocument())
  })

  it('is a little over a megabyte and at most 1.1 MB', () => {
    const bytes = new TextEncoder().encode(committed).length
    expect(bytes).toBeGreaterThan(1024 * 1024)
    expect(bytes).toBeLessThanOrEqual(1_100_000)
  })

  it('holds thousands of paragraphs with marks and mentions', () => {
    const doc = generateLargeDocument()
    const blocks = doc.content as Array<{
      type: string
      content?: Array<{ type: string; marks?: unknown[] }>
    }>
    const paragraphs = blocks.filter((block) => block.type === 'paragraph')
    const inline = paragraphs.flatMap((block) => block.content ?? [])
    expect(paragraphs.length).toBeGreaterThan(4500)
    expect(inline.filter((node) => node.type === 'mention').length).toBeGreaterThan(500)
    expect(inline.filter((node) => (node.marks?.length ?? 0) > 0).length).toBeGreaterThan(1000)
  })
})
