// The 1 MB corpus document, generated rather than hand-written: about five thousand paragraphs of
// realistic project prose with bold, italic, underline, links, highlights and mentions. The generator is
// deterministic (a fixed-seed random sequence), so generate-large.ts always writes the same file and a test
// can check that the committed large-1mb.json is exactly what this produces.

import type { JsonObject, JsonValue, ServerDoc } from '../json'

/** Stop adding paragraphs once the compact JSON reaches this many bytes (a little over 1 MiB). */
export const LARGE_DOCUMENT_TARGET_BYTES = 1_075_000

const WORDS = (
  'launch site range safety telemetry payload adapter milestone review budget contract vendor schedule ' +
  'weather window static fire pad tower umbilical software release checklist owner risk mitigation ' +
  'approval permit customer integration test report dashboard timeline quarter delivery crew training ' +
  'supply chain steel concrete fuel oxidiser valve sensor firmware ground station antenna orbit polar ' +
  'insurance legal finance hiring onboarding documentation handover audit inspection rehearsal countdown'
).split(' ')

const PEOPLE = [
  ['ashe-Dhw2AUUsmXFwMomTgNm73h', 'Ashe Hart'],
  ['bo-7Yq2LmN4pR8sT1vW3xZ5aB', 'Bo Lindqvist'],
  ['chidi-Kf93JdQ0aLm2Zp8Xr4Tn1c', 'Chidi Okafor'],
  ['dana-3Xk8Pq1Zr7Wm5Tn2Lb9Vc4d', 'Dana Ruiz'],
] as const

const HIGHLIGHTS = ['textYellow', 'bgYellow', 'bgGreen', 'textRed', 'bgBlue'] as const

/** mulberry32: a tiny seeded generator, so the document is the same on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Appends text the way TipTap writes it: a run with the same marks as the one before joins it. */
function addText(inline: JsonObject[], text: string, marks: JsonObject[]): void {
  const previous = inline[inline.length - 1]
  if (previous?.type === 'text' && JSON.stringify(previous.marks ?? []) === JSON.stringify(marks)) {
    previous.text = `${previous.text as string}${text}`
    return
  }
  inline.push(marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text })
}

export function generateLargeDocument(): ServerDoc {
  const random = seededRandom(20260301)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const phrase = (min: number, max: number): string => {
    const count = min + Math.floor(random() * (max - min + 1))
    return Array.from({ length: count }, () => pick(WORDS)).join(' ')
  }
  // Marks in Operately's schema order (link, bold, italic, underline, highlight), as TipTap writes them.
  const randomMarks = (index: number): JsonObject[] => {
    const marks: JsonObject[] = []
    if (random() < 0.06) {
      marks.push({
        type: 'link',
        attrs: {
          href: `https://docs.example.com/notes/${index}`,
          target: '_blank',
          rel: 'noopener noreferrer nofollow',
          class: null,
          title: null,
        },
      })
    }
    if (random() < 0.5) marks.push({ type: 'bold' })
    if (random() < 0.3) marks.push({ type: 'italic' })
    if (random() < 0.1) marks.push({ type: 'underline' })
    if (random() < 0.2) marks.push({ type: 'highlight', attrs: { highlight: pick(HIGHLIGHTS) } })
    return marks
  }

  const content: JsonValue[] = []
  let bytes = JSON.stringify({ type: 'doc', content: [] }).length
  for (let index = 0; bytes < LARGE_DOCUMENT_TARGET_BYTES; index++) {
    let block: JsonObject
    if (index % 250 === 0) {
      block = {
        type: 'heading',
        attrs: { level: 2 },
        content: [{ type: 'text', text: `Part ${index / 250 + 1}` }],
      }
    } else {
      const inline: JsonObject[] = []
      addText(inline, `${phrase(2, 3)} `, [])
      addText(inline, phrase(1, 2), randomMarks(index))
      if (random() < 0.2) {
        const [id, label] = pick(PEOPLE)
        addText(inline, ' with ', [])
        inline.push({ type: 'mention', attrs: { id, label, mentionSuggestionChar: '@' } })
      }
      addText(inline, ` ${phrase(1, 4)}.`, [])
      block = { type: 'paragraph', content: inline }
    }
    content.push(block)
    bytes += JSON.stringify(block).length + 1
  }
  return { type: 'doc', content }
}
