// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, type Rendered } from '../editor/test-support/render'
import { useValueAfterPaint } from './use-after-paint'

// The browser's frames, run by hand: a callback of requestAnimationFrame runs when the test says a frame
// is drawn, never before.
let frames: Array<() => void> = []
let rendered: Rendered | null = null

beforeEach(() => {
  frames = []
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run))
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
    frames[handle - 1] = () => {}
  })
})

afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  vi.unstubAllGlobals()
})

function Shown({ value }: { value: string }) {
  return <p>{`${value}|${useValueAfterPaint(value)}`}</p>
}

const text = () => rendered!.container.textContent
const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
// Synchronous act: an async one lets the event loop turn (React waits a macrotask for more work), and on a
// busy machine the timer the frame set then fires inside it, before the test looks.
const drawFrame = async () => {
  const run = frames
  frames = []
  act(() => run.forEach((frame) => frame()))
}

describe('useValueAfterPaint', () => {
  it('follows a change only after the next frame is drawn, in the task after it', async () => {
    rendered = await render(<Shown value="" />)
    await rendered.rerender(<Shown value="l" />)
    expect(text()).toBe('l|')
    // Tasks go by, but no frame yet: the slow part still shows the old value.
    await nextTask()
    await nextTask()
    expect(text()).toBe('l|')
    await drawFrame()
    expect(text()).toBe('l|')
    await nextTask()
    expect(text()).toBe('l|l')
  })

  it('skips a value replaced before its frame: only the last is worked out', async () => {
    const seen: string[] = []
    function Spy({ value }: { value: string }) {
      const shown = useValueAfterPaint(value)
      seen.push(shown)
      return <p>{`${value}|${shown}`}</p>
    }
    rendered = await render(<Spy value="" />)
    await rendered.rerender(<Spy value="l" />)
    await rendered.rerender(<Spy value="la" />)
    await drawFrame()
    await nextTask()
    await drawFrame()
    await nextTask()
    expect(text()).toBe('la|la')
    expect(seen).not.toContain('l')
  })
})
