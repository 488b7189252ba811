import type { Page } from '@playwright/test'

/**
 * What the differential page (src/renderer/src/editor/test-support/differential-page.ts) puts on
 * `window.differential`. Declared again here because the tests are type-checked against Node, the page
 * against the DOM: keep the two in step.
 */

export type EditorKind = 'app' | 'flat' | 'stock'

/** A place in the document: the top-level block's index and the position inside it (pos − block start). */
export interface BlockPoint {
  block: number
  offset: number
}

export interface RecordedSelection {
  anchor: BlockPoint
  head: BlockPoint
  /** ProseMirror's name for the kind of selection: text, node, all, gapcursor. */
  type: string
}

export interface ClientPoint {
  x: number
  y: number
}

export interface Band {
  top: number
  bottom: number
  left: number
  right: number
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface DifferentialApi {
  kind: EditorKind
  /** Replaces the page's editor with a new one holding the document served as `name`. */
  mount(name: string): Promise<void>
  blockCount(): number
  /** The block's text as it reads on screen (its DOM text). */
  blockText(block: number): string
  selection(): RecordedSelection
  /** The caret's block's text up to the caret; null when the selection is not a caret in text. */
  textBeforeCaret(): string | null
  /** Whether the selection's head is at the very start (end) of the document. */
  headAtDocumentEdge(edge: 'start' | 'end'): boolean
  /** The document as the server gets it, attributes equal to their defaults left out. */
  document(): Json
  /** Where a person aims to put the caret `offset` characters into the block's text. */
  caretPoint(block: number, offset: number): ClientPoint
  /** The top-level block a click at (x, y) would land in (hit testing what is drawn), or null. */
  blockAt(x: number, y: number): number | null
  /** caretPoint once the page has stopped moving (two frames apart, the same). */
  steadyCaretPoint(block: number, offset: number): Promise<ClientPoint>
  isVisible(block: number, offset: number, margin: number): boolean
  /**
   * Resolves true once that point has come into view or gone past it, entering at the edge `from`
   * (checked every frame); false after `timeoutMs`.
   */
  waitUntilReached(
    block: number,
    offset: number,
    from: 'top' | 'bottom',
    margin: number,
    timeoutMs: number,
  ): Promise<boolean>
  /** Scrolls the surface so that point sits at `fraction` of its height. */
  scrollTo(block: number, offset: number, fraction: number): Promise<void>
  scrollRoom(): { up: number; down: number }
  visibleBand(): Band
  /** Resolves once the surface has stopped scrolling. */
  scrollStill(): Promise<void>
  /** Where a person grabs the selection to drag it (the middle of its first line), or null. */
  selectionGrip(): ClientPoint | null
  /** Waits for the editor to settle after a step and closes the undo group (see the page). */
  settle(): Promise<void>
  pasteForeign(html: string, plain: string): void
  historyInput(inputType: 'historyUndo' | 'historyRedo'): void
  replaceText(block: number, offset: number, length: number, replacement: string): void
  clearClipboard(): Promise<void>
}

type Method = {
  [K in keyof DifferentialApi]: DifferentialApi[K] extends (...args: never[]) => unknown ? K : never
}[keyof DifferentialApi]

/** Calls `window.differential[name](...args)` in the page. */
export function callPage<K extends Method>(
  page: Page,
  name: K,
  ...args: Parameters<DifferentialApi[K]>
): Promise<Awaited<ReturnType<DifferentialApi[K]>>> {
  return page.evaluate(
    ({ method, values }) => {
      const api = (globalThis as unknown as { differential: Record<string, (...a: unknown[]) => unknown> })
        .differential
      return api[method]!(...values)
    },
    { method: name as string, values: args as unknown[] },
  ) as Promise<Awaited<ReturnType<DifferentialApi[K]>>>
}
