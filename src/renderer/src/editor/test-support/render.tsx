import { act, type ReactElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { installLayoutStandIns } from './jsdom-layout'

// Tells React that updates in these tests are wrapped in act(), so it flushes them synchronously.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Rendered {
  container: HTMLElement
  rerender(element: ReactElement): Promise<void>
  unmount(): Promise<void>
}

/** Renders into a fresh element of the jsdom document with React's real client renderer. */
export async function render(element: ReactElement): Promise<Rendered> {
  installLayoutStandIns()
  const container = document.createElement('div')
  document.body.append(container)
  const root: Root = createRoot(container)
  await act(async () => root.render(element))
  return {
    container,
    rerender: async (next) => {
      await act(async () => root.render(next))
    },
    unmount: async () => {
      await act(async () => root.unmount())
      container.remove()
    },
  }
}

/** Waits (a few event-loop turns, no fixed delay) until `check` stops throwing. */
export async function waitFor(check: () => void, attempts = 100): Promise<void> {
  let lastError: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      check()
      return
    } catch (error) {
      lastError = error
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
      })
    }
  }
  throw lastError
}
