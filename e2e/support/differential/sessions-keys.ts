import type { DocumentSize } from './documents'
import { at, boundaryOf, view, within, type Session } from './session'
import type { Step } from './steps'

/*
 * Clicks, keys and text input around a chunk boundary `b`: the block before it (b − 1) is the last of
 * its chunk, block b the first of the next.
 */

export function shiftClickAcrossBoundary(size: DocumentSize): Session {
  const b = boundaryOf(size)
  const after = within(size, b + 1)
  return {
    name: `click in block ${b - 2}, Shift+click in block ${after}, type`,
    size,
    steps: [
      { kind: 'click', view: view(b - 2, 0.2), at: at(b - 2, 4) },
      { kind: 'shiftClick', at: at(after, 8) },
      { kind: 'type', text: 'q' },
    ],
  }
}

export function doubleAndTripleClick(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `double click a word in block ${b}, type; triple click block ${b - 1}, type`,
    size,
    steps: [
      { kind: 'doubleClick', view: view(b, 0.5), at: at(b, 10) },
      { kind: 'type', text: 'word' },
      { kind: 'tripleClick', at: at(b - 1, 12) },
      { kind: 'type', text: 'line' },
    ],
  }
}

export function shiftArrows(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `Shift+arrows from block ${b - 1} over the boundary and back, type`,
    size,
    steps: [
      { kind: 'click', view: view(b - 1, 0.4), at: at(b - 1, 30) },
      { kind: 'keys', keys: ['Shift+ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowDown'] },
      { kind: 'keys', keys: ['Shift+ArrowRight', 'Shift+ArrowRight', 'Shift+ArrowRight'] },
      { kind: 'keys', keys: ['Shift+ArrowUp', 'Shift+ArrowUp'] },
      { kind: 'keys', keys: ['Shift+ArrowLeft', 'Shift+ArrowUp', 'Shift+ArrowUp', 'Shift+ArrowUp'] },
      { kind: 'keys', keys: ['Shift+End'] },
      { kind: 'type', text: 'a' },
    ],
  }
}

export function shiftPageKeys(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `Shift+PageDown and Shift+PageUp from block ${b - 2}, type`,
    size,
    steps: [
      { kind: 'click', view: view(b - 2, 0.2), at: at(b - 2, 4) },
      { kind: 'keys', keys: ['Shift+PageDown'] },
      { kind: 'keys', keys: ['Shift+PageDown'] },
      { kind: 'keys', keys: ['Shift+PageUp'] },
      { kind: 'type', text: 'p' },
    ],
  }
}

/**
 * Select all, then typing replaces everything, and Undo brings it back; then Backspace and an arrow key
 * from everything selected (left out at 5,000 blocks: each replaces and restores the whole document in
 * three editors).
 */
export function selectAll(size: DocumentSize): Session {
  const b = boundaryOf(size)
  const more: Step[] = [
    { kind: 'keys', keys: ['Control+a'] },
    { kind: 'keys', keys: ['Backspace'] },
    { kind: 'keys', keys: ['Control+z'] },
    { kind: 'keys', keys: ['Control+a'] },
    { kind: 'keys', keys: ['ArrowDown'] },
    { kind: 'type', text: 'e' },
  ]
  return {
    name: `Ctrl+A, type, undo${size === 5000 ? '' : '; Ctrl+A, Backspace, undo, arrows'}`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 4) },
      { kind: 'keys', keys: ['Control+a'] },
      { kind: 'type', text: 'All' },
      { kind: 'keys', keys: ['Control+z'] },
      ...(size === 5000 ? [] : more),
    ],
  }
}

/**
 * Select all with the first and last chunks far off screen, then the browser extends the selection
 * (Shift+Down, Shift+click) and Backspace removes what it covers: everything. Chromium moved an end
 * lying in a skipped chunk to the chunk's edge (attack on issue 20: blocks 0–39 kept).
 */
export function selectAllThenExtend(size: DocumentSize): Session {
  const middle = within(size, size === 41 ? 40 : boundaryOf(size) + 80)
  return {
    name: `click block ${middle}, Ctrl+A, Shift+Down, Backspace, undo; Ctrl+A, Shift+click, Backspace`,
    size,
    steps: [
      { kind: 'click', view: view(middle, 0.5), at: at(middle, 5) },
      { kind: 'keys', keys: ['Control+a'] },
      { kind: 'keys', keys: ['Shift+ArrowDown'] },
      { kind: 'keys', keys: ['Backspace'] },
      { kind: 'keys', keys: ['Control+z'] },
      { kind: 'click', view: view(middle, 0.5), at: at(middle, 5) },
      { kind: 'keys', keys: ['Control+a'] },
      { kind: 'shiftClick', at: at(middle, 10) },
      { kind: 'keys', keys: ['Backspace'] },
      { kind: 'type', text: 'left' },
    ],
  }
}

/** Ctrl+End and Ctrl+Shift+End from the middle, the last chunk far off screen. */
export function toTheEnd(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `Ctrl+Shift+End from block ${b}, Backspace; Ctrl+End, type`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 15) },
      { kind: 'keys', keys: ['Control+Shift+End'] },
      { kind: 'keys', keys: ['Backspace'] },
      { kind: 'keys', keys: ['Control+z'] },
      { kind: 'click', view: view(b, 0.5), at: at(b, 15) },
      { kind: 'keys', keys: ['Control+End'] },
      { kind: 'type', text: 'z' },
    ],
  }
}

export function documentEdges(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `Ctrl+Shift+Home and Ctrl+Shift+End from block ${b}, then Delete`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 6) },
      { kind: 'keys', keys: ['Control+Shift+Home'] },
      { kind: 'keys', keys: ['Control+Shift+End'] },
      { kind: 'keys', keys: ['Delete'] },
      { kind: 'type', text: 'end' },
    ],
  }
}

/** Backspace at a chunk's first block, Delete at the last one's end, Enter, typing. */
export function editingAtBoundary(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `type, Backspace, Delete and Enter at the chunk boundary at ${b}`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 0) },
      { kind: 'keys', keys: ['Home'] },
      { kind: 'keys', keys: ['Backspace'] },
      { kind: 'type', text: ' joined ' },
      { kind: 'click', view: view(b - 2, 0.5), at: at(b - 2, 10) },
      { kind: 'keys', keys: ['End'] },
      { kind: 'keys', keys: ['Control+End'] },
      { kind: 'click', view: view(b - 3, 0.3), at: at(b - 3, 5) },
      { kind: 'keys', keys: ['ArrowDown', 'End', 'Delete', 'Delete'] },
      { kind: 'keys', keys: ['Enter'] },
      { kind: 'type', text: 'New line' },
      { kind: 'keys', keys: ['Enter', 'Enter'] },
      { kind: 'keys', keys: ['Backspace'] },
    ],
  }
}

/**
 * Undo and Redo by key and from the Edit menu (beforeinput historyUndo / historyRedo), over edits on
 * both sides of a boundary and one that joins across it.
 */
export function undoRedo(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `undo and redo by key and from the Edit menu around the boundary at ${b}`,
    size,
    // Undo steps are grouped by time (typing within 500 ms is one step), and a loaded machine may be slow
    // in one editor and quick in the other: each edit is one transaction, with a pause after it, so every
    // editor has the same undo steps to take back.
    steps: [
      { kind: 'click', view: view(b - 1, 0.4), at: at(b - 1, 8) },
      { kind: 'type', text: '1' },
      { kind: 'pause' },
      { kind: 'click', at: at(b, 0) },
      { kind: 'keys', keys: ['Home', 'Backspace'] },
      { kind: 'pause' },
      { kind: 'keys', keys: ['Enter'] },
      { kind: 'pause' },
      { kind: 'type', text: '2' },
      { kind: 'pause' },
      { kind: 'keys', keys: ['Control+z'] },
      { kind: 'keys', keys: ['Control+z'] },
      { kind: 'keys', keys: ['Control+z'] },
      { kind: 'keys', keys: ['Control+Shift+Z'] },
      { kind: 'historyInput', inputType: 'historyUndo' },
      { kind: 'historyInput', inputType: 'historyUndo' },
      { kind: 'historyInput', inputType: 'historyRedo' },
      { kind: 'keys', keys: ['Control+y'] },
      { kind: 'type', text: '3' },
    ],
  }
}

/**
 * Typing at once after a click: the first key with no pause after the mouse-up (a person who clicks and
 * types in one motion), the rest 80 ms apart. The text must land in order where the click put the caret.
 */
export function typeRightAfterClick(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `click in block ${b} and type at once, then in block ${b - 1}`,
    size,
    steps: [
      { kind: 'clickType', view: view(b, 0.5), at: at(b, 6), text: 'Moved ' },
      { kind: 'clickType', at: at(b - 1, 6), text: 'quick ' },
      { kind: 'clickType', at: at(b, 0), text: 'Start ' },
    ],
  }
}

/** Tab into the editor from the control before it and type at once, after a click put the caret somewhere. */
export function typeRightAfterTab(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `Tab into the editor and type at once (caret in block ${b})`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 6) },
      { kind: 'tabType', text: 'Tabbed ' },
      { kind: 'keys', keys: ['Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+ArrowUp'] },
      { kind: 'tabType', text: 'Again ' },
    ],
  }
}

export function inputMethod(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `an input method composes in block ${b} and over a selection across the boundary`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 6) },
      { kind: 'compose', stages: ['k', 'ka', 'kan', 'かな'], commit: '仮名' },
      { kind: 'click', at: at(b - 1, 4) },
      { kind: 'shiftClick', at: at(b, 3) },
      { kind: 'compose', stages: ['に', 'にほ'], commit: '日本' },
      { kind: 'type', text: '!' },
    ],
  }
}

export function spellingFix(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `spelling fixes (insertReplacementText) in blocks ${b - 1} and ${b}`,
    size,
    steps: [
      { kind: 'click', view: view(b, 0.5), at: at(b, 2) },
      { kind: 'spellFix', at: at(b, 0), length: 5, replacement: 'Blocks' },
      { kind: 'spellFix', at: at(b - 1, 0), length: 5, replacement: 'Paragraph' },
      { kind: 'type', text: 's' },
    ],
  }
}
