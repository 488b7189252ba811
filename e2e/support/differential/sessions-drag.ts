import { boundaryOf, at, view, within, type Session } from './session'
import type { DocumentSize } from './documents'

/*
 * Mouse drags across chunk boundaries, each followed by a typed letter (which shows what the selection
 * really covered). A person presses where they can see, and drags to text they can see or past the
 * surface's edge to make it scroll.
 */

/** Press a few characters into the block two after a boundary, drag up to the block two before it. */
export function dragUpAcrossBoundary(size: DocumentSize): Session {
  const b = boundaryOf(size)
  const from = within(size, b + 2)
  return {
    name: `drag up from block ${from} across the chunk boundary at ${b} to block ${b - 2}`,
    size,
    steps: [
      { kind: 'drag', view: view(from, 0.75), from: at(from, 4), to: at(b - 2, 4) },
      { kind: 'type', text: 'x' },
    ],
  }
}

export function dragDownAcrossBoundary(size: DocumentSize): Session {
  const b = boundaryOf(size)
  const to = within(size, b + 2)
  return {
    name: `drag down from block ${b - 2} across the chunk boundary at ${b} to block ${to}`,
    size,
    steps: [
      { kind: 'drag', view: view(b - 2, 0.25), from: at(b - 2, 4), to: at(to, 4) },
      { kind: 'type', text: 'x' },
    ],
  }
}

/**
 * Across several boundaries: the far end is out of view, so the person drags past the surface's edge,
 * lets it scroll, and comes back onto the text. (The 41-block document has one boundary: there the drag
 * spans all of it.)
 */
export function dragUpAcrossBoundaries(size: DocumentSize): Session {
  const [from, to] = size === 41 ? [40, 0] : [boundaryOf(size) + 85, boundaryOf(size) - 2]
  return {
    name: `drag up from block ${from} to block ${to}, scrolling past chunk boundaries`,
    size,
    steps: [
      { kind: 'drag', view: view(from, 0.6), from: at(from, 6), to: at(to, 3) },
      { kind: 'type', text: 'y' },
    ],
  }
}

export function dragDownAcrossBoundaries(size: DocumentSize): Session {
  const [from, to] = size === 41 ? [0, 40] : [boundaryOf(size) - 2, boundaryOf(size) + 85]
  return {
    name: `drag down from block ${from} to block ${to}, scrolling past chunk boundaries`,
    size,
    steps: [
      { kind: 'drag', view: view(from, 0.3), from: at(from, 6), to: at(to, 3) },
      { kind: 'type', text: 'y' },
    ],
  }
}

/** Out past the top edge, held until the surface has scrolled to the document's start. */
export function dragOutTop(size: DocumentSize): Session {
  const from = size === 41 ? 40 : boundaryOf(size) === 40 ? 42 : 45
  return {
    name: `drag from block ${from} out past the top edge until it scrolls to the start`,
    size,
    steps: [
      { kind: 'dragOut', view: view(from, 0.5), from: at(from, 5), edge: 'top' },
      { kind: 'type', text: 'z' },
    ],
  }
}

/** Out past the bottom edge, held until the surface has scrolled to the document's end. */
export function dragOutBottom(size: DocumentSize): Session {
  const from = size === 41 ? 37 : size - 45
  return {
    name: `drag from block ${from} out past the bottom edge until it scrolls to the end`,
    size,
    steps: [
      { kind: 'dragOut', view: view(from, 0.5), from: at(from, 5), edge: 'bottom' },
      { kind: 'type', text: 'z' },
    ],
  }
}

/**
 * A word double-clicked just after a boundary, dragged and dropped into the block before it; then words
 * of that block selected with Shift+click and dropped back after the boundary. (Not a mouse drag to
 * select right after a drop: after Playwright's emulated drop, Chromium takes the next press for a click,
 * in every editor.)
 */
export function dragAndDropAcrossBoundary(size: DocumentSize): Session {
  const b = boundaryOf(size)
  return {
    name: `drag and drop a word from block ${b} into block ${b - 1}, and words back`,
    size,
    steps: [
      { kind: 'doubleClick', view: view(b, 0.6), at: at(b, 10) },
      { kind: 'dragSelection', to: at(b - 1, 6) },
      { kind: 'click', at: at(b - 1, 2) },
      { kind: 'shiftClick', at: at(b - 1, 30) },
      { kind: 'dragSelection', to: at(b, 20) },
      { kind: 'type', text: 'w' },
    ],
  }
}
