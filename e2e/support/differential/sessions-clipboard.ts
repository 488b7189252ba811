import type { DocumentSize } from './documents'
import { at, boundaryOf, view, within, type Session } from './session'
import type { Step } from './steps'

/*
 * Cut, copy and paste with the keyboard through the system clipboard (so what is pasted is the editor's
 * own copy: its HTML with data-pm-slice), and a paste of another application's HTML.
 */

const copyAllToEnd: Step[] = [
  { kind: 'keys', keys: ['Control+a'] },
  { kind: 'keys', keys: ['Control+c'] },
  { kind: 'keys', keys: ['ArrowUp'] },
  { kind: 'keys', keys: ['Control+End'] },
  { kind: 'keys', keys: ['Control+v'] },
]

export function copyPaste(size: DocumentSize): Session {
  const b = boundaryOf(size)
  const after = within(size, b + 1)
  return {
    name: `copy blocks ${b - 2}–${after} across the boundary and paste them, cut and paste back${size === 5000 ? '' : ', paste everything at the end'}`,
    size,
    steps: [
      { kind: 'click', view: view(b - 2, 0.2), at: at(b - 2, 4) },
      { kind: 'shiftClick', at: at(after, 8) },
      { kind: 'keys', keys: ['Control+c'] },
      { kind: 'click', at: at(b - 3, 6) },
      { kind: 'keys', keys: ['Control+v'] },
      { kind: 'click', view: view(within(size, b + 2), 0.5), at: at(within(size, b + 2), 3) },
      { kind: 'keys', keys: ['Shift+ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowRight'] },
      { kind: 'keys', keys: ['Control+x'] },
      { kind: 'click', view: view(b - 1, 0.5), at: at(b - 1, 9) },
      { kind: 'keys', keys: ['Control+v'] },
      // The whole document copied and pasted at its end: left out at 5,000 blocks (three editors
      // pasting 5,000 blocks would take most of the spec's time, for nothing a 200-block copy misses).
      ...(size === 5000 ? [] : copyAllToEnd),
    ],
  }
}

export const FOREIGN_HTML =
  '<meta charset="utf-8"><h2 style="color:#333">Notes from the review</h2>' +
  '<p>First <b>bold</b> and <i>italic</i> words, then a list:</p>' +
  '<ul><li><p>one thing</p></li><li><p>another thing</p></li></ul>' +
  '<p><span style="font-size:11pt">Last line</span></p>'
export const FOREIGN_TEXT =
  'Notes from the review\nFirst bold and italic words, then a list:\none thing\nanother thing\nLast line'

export function foreignPaste(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `paste another application's HTML into block ${b}, and over a selection across the boundary`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 9) },
      { kind: 'pasteForeign', html: FOREIGN_HTML, plain: FOREIGN_TEXT },
      { kind: 'click', view: view(b - 2, 0.3), at: at(b - 2, 4) },
      { kind: 'keys', keys: ['Shift+ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowDown'] },
      { kind: 'pasteForeign', html: FOREIGN_HTML, plain: FOREIGN_TEXT },
      { kind: 'type', text: 'after' },
    ],
  }
}
