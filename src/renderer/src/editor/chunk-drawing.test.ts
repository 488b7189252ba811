// @vitest-environment jsdom
// The idle drawing of a long document's chunks (extensions/document-chunks/chunk-drawing.ts): each chunk
// is shown for a frame in idle time, and nothing is drawn while text is selected.
import { TextSelection } from '@tiptap/pm/state'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChunkDrawing } from './extensions/document-chunks/chunk-drawing'
import type { IdleDeadlineLike } from './idle-work'
import { blockStart, destroyEditors, pair } from './test-support/chunk-pair'

/** Idle periods and animation frames run only when the test says so. */
function clock() {
  const idle: Array<(deadline: IdleDeadlineLike) => void> = []
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  vi.stubGlobal('cancelAnimationFrame', () => undefined)
  return {
    scheduler: {
      request: (callback: (deadline: IdleDeadlineLike) => void) => idle.push(callback),
      cancel: () => undefined,
    },
    /** One long idle period, then the frames it asked for, until nothing more is asked. */
    runAll() {
      for (let rounds = 0; rounds < 100 && (idle.length || frames.length); rounds++) {
        for (const callback of idle.splice(0)) callback({ timeRemaining: () => 50 })
        for (const callback of frames.splice(0)) callback(0)
      }
    },
    drawnNow: (root: Element) => root.querySelectorAll('.ot-chunk--draw').length,
    idleWaiting: () => idle.length,
    stepIdle() {
      for (const callback of idle.splice(0)) callback({ timeRemaining: () => 50 })
    },
  }
}

let drawing: ChunkDrawing | null = null
beforeEach(() => vi.useRealTimers())
afterEach(() => {
  drawing?.destroy()
  drawing = null
  vi.unstubAllGlobals()
  destroyEditors()
})

describe('the idle drawing of chunks', () => {
  it('shows chunks in idle time for a frame and then leaves them to the CSS', () => {
    const time = clock()
    const { chunked } = pair()
    drawing = new ChunkDrawing(chunked.view, time.scheduler)
    time.stepIdle()
    expect(time.drawnNow(chunked.view.dom)).toBeGreaterThan(0)
    time.runAll()
    expect(time.drawnNow(chunked.view.dom)).toBe(0)
  })

  it('draws nothing while text is selected, and goes on once the selection is a caret', () => {
    const time = clock()
    const { chunked } = pair()
    const { view } = chunked
    view.dispatch(
      view.state.tr.setSelection(TextSelection.create(view.state.doc, 3, blockStart(chunked, 120))),
    )
    drawing = new ChunkDrawing(view, time.scheduler)
    time.stepIdle()
    expect(time.drawnNow(view.dom)).toBe(0)
    expect(time.idleWaiting()).toBe(0)
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 3)))
    drawing.update()
    time.stepIdle()
    expect(time.drawnNow(view.dom)).toBeGreaterThan(0)
  })
})
