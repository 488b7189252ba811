import { lazy, type ComponentType } from 'react'

/**
 * A section whose code loads when first shown, or earlier, when the page is idle (`preload`). Once it is
 * loaded it renders at once: React.lazy alone would suspend on its first render whatever was loaded
 * before, and React holds a revealed Suspense boundary back for its fallback throttle (300 ms), which
 * the first "Write check-in" from the inbox paid in full.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (an update replaced the files) is tried again at the next use.
        loading = null
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  function Preloadable(props: P) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  return { Component: Preloadable, preload }
}
