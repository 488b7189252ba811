import type { EditorView } from '@tiptap/pm/view'
import { browserIdle, SLICE_MS, type IdleDeadlineLike, type IdleScheduler } from '../../idle-work'

/** Shows a chunk for one frame while it is off screen (editor.css). */
const DRAW_CLASS = 'ot-chunk--draw'

/** Time left in an idle period below which no further chunk is started (one takes a few milliseconds). */
const MARGIN_MS = 4

/**
 * Lays every chunk out once, as many as fit in each idle slice, after the document opens.
 *
 * Why: a chunk off screen skips its layout (content-visibility: auto), so the document opens and types
 * fast. But a chunk inside the selection must be laid out, whatever the CSS says: Chromium's selection
 * sync for input methods walks the selected text. Select all (or Shift+Ctrl+End) in a megabyte would lay
 * out everything at once, several times stock TipTap's cost, which laid it out when it opened. A chunk
 * laid out once keeps its layout while skipped, so afterwards a selection over it costs what it costs
 * stock, and the chunk's box has its real height (the scrollbar stops changing as one scrolls).
 *
 * Chunks made later (a paste, an undo of select all and type) are drawn the same way; a change of the
 * editor's width, which changes every chunk's layout, draws them all again. Nothing is drawn while text
 * is selected.
 */
export class ChunkDrawing {
  private drawn = new WeakSet<Element>()
  private pending: unknown = null
  private frame: number | null = null
  private width = -1
  private readonly resize: ResizeObserver | null

  constructor(
    private readonly view: EditorView,
    private readonly idle: IdleScheduler = browserIdle,
  ) {
    this.resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => this.resized(entries.at(-1)?.contentRect.width ?? -1))
        : null
    this.resize?.observe(view.dom)
    this.schedule()
  }

  /** The editor drew a new state: new chunks may need drawing. */
  update(): void {
    this.schedule()
  }

  destroy(): void {
    this.resize?.disconnect()
    if (this.pending !== null) this.idle.cancel(this.pending)
    if (this.frame !== null) cancelAnimationFrame(this.frame)
    this.pending = null
    this.frame = null
  }

  private resized(width: number): void {
    if (width === this.width) return
    const first = this.width < 0
    this.width = width
    if (first) return
    this.drawn = new WeakSet()
    this.schedule()
  }

  private schedule(): void {
    if (this.pending !== null || this.frame !== null || typeof requestAnimationFrame !== 'function') return
    this.pending = this.idle.request((deadline) => {
      this.pending = null
      this.drawSome(deadline)
    })
  }

  /**
   * Shows chunks and lays each out at once (reading its height), while the slice lasts; they stay shown
   * through the next frame, which remembers their heights, and are skipped again in the one after.
   */
  private drawSome(deadline: IdleDeadlineLike): void {
    if (this.view.isDestroyed) return
    // While text is selected, each frame paints the selection over everything it spans (50 ms a frame
    // after Shift+Ctrl+End in a megabyte), and a drawn chunk costs a frame. The chunks in a selection are
    // laid out anyway, so drawing waits until the selection is a caret again (update() asks then).
    if (!this.view.state.selection.empty) return
    const shown: Element[] = []
    const started = performance.now()
    for (let chunk = this.nextUndrawn(); chunk; chunk = this.nextUndrawn()) {
      this.drawn.add(chunk)
      chunk.classList.add(DRAW_CLASS)
      shown.push(chunk)
      void (chunk as HTMLElement).offsetHeight
      if (deadline.timeRemaining() < MARGIN_MS || performance.now() - started > SLICE_MS) break
    }
    if (shown.length === 0) return
    this.frame = requestAnimationFrame(() => {
      this.frame = requestAnimationFrame(() => {
        this.frame = null
        for (const chunk of shown) chunk.classList.remove(DRAW_CLASS)
        this.schedule()
      })
    })
  }

  /** The first chunk element not drawn yet (a scan of about 125 children in a megabyte). */
  private nextUndrawn(): Element | null {
    for (const child of this.view.dom.children) {
      if (child.classList.contains('ot-chunk') && !this.drawn.has(child)) return child
    }
    return null
  }
}
