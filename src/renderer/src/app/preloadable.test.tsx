// @vitest-environment jsdom
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { render, waitFor } from '../editor/test-support/render'
import { preloadable } from './preloadable'

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>

describe('a section that loads when shown, or before', () => {
  it('preloaded, renders at once: no fallback is ever committed', async () => {
    let loads = 0
    const section = preloadable(async () => {
      loads++
      return Hello
    })
    await section.preload()
    const shown = await render(
      <Suspense fallback={<p>Loading…</p>}>
        <section.Component name="Ada" />
      </Suspense>,
    )
    expect(shown.container.textContent).toBe('Hello Ada')
    expect(loads).toBe(1)
  })

  it('not preloaded, shows the fallback, then the section, loading it once', async () => {
    let loads = 0
    let release: () => void = () => undefined
    const section = preloadable(
      () =>
        new Promise<typeof Hello>((resolve) => {
          loads++
          release = () => resolve(Hello)
        }),
    )
    const shown = await render(
      <Suspense fallback={<p>Loading…</p>}>
        <section.Component name="Grace" />
      </Suspense>,
    )
    expect(shown.container.textContent).toBe('Loading…')
    void section.preload()
    release()
    await waitFor(() => expect(shown.container.textContent).toBe('Hello Grace'))
    expect(loads).toBe(1)
  })

  it('a load that failed is tried again at the next use', async () => {
    let attempt = 0
    const section = preloadable(async () => {
      attempt++
      if (attempt === 1) throw new Error('the files were replaced')
      return Hello
    })
    await expect(section.preload()).rejects.toThrow('the files were replaced')
    await expect(section.preload()).resolves.toBe(Hello)
    expect(attempt).toBe(2)
  })
})
