import type { EditorView } from '@tiptap/pm/view'
import { browserIdle, type IdleScheduler } from '../../idle-work'

/** Shows a chunk for one frame while it is off screen (editor.css). */
const DRAW_CLASS = 'ot-chunk--draw'

/**
 * Lays every chunk out once, one per frame while the page is idle, after the document opens.
 *
 * Why: a chunk off screen skips its layout (content-visibility: auto), so the document opens and types
 * fast. But a chunk inside the selection must be laid out, whatever the CSS says: Chromium's selection
 * sync for input methods walks the selected text. Select all (or Shift+Ctrl+End) in a megabyte would lay
 * out everything at once, several times stock TipTap's cost, which laid it out when it opened. A chunk
 * laid out once keeps its layout while skipped, so afterwards a selection over it costs what it costs
 * stock, and the chunk's box has its real height (the scrollbar stops changing as one scrolls).
 *
 * Chunks made later (a paste, an undo of select all and type) are drawn the same way; a change of the
 * editor's width, which changes every chunk's layout, draws them all again.
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
    this.pending = this.idle.request(() => {
      this.pending = null
      this.drawNext()
    })
  }

  private drawNext(): void {
    const chunk = this.nextUndrawn()
    if (!chunk || this.view.isDestroyed) return
    this.drawn.add(chunk)
    chunk.classList.add(DRAW_CLASS)
    // Drawn in the next frame (which also remembers its height); skipped again in the one after.
    this.frame = requestAnimationFrame(() => {
      this.frame = requestAnimationFrame(() => {
        this.frame = null
        chunk.classList.remove(DRAW_CLASS)
        this.schedule()
      })
    })
  }

  private nextUndrawn(): Element | null {
    for (const child of this.view.dom.children) {
      if (child.classList.contains('ot-chunk') && !this.drawn.has(child)) return child
    }
    return null
  }
}
