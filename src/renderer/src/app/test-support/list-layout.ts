// jsdom does no layout and no scrolling; a virtualized list needs both to draw anything. These stand in
// for the popup at its size: `main` shows 560 px, every drawn row (an element with data-index) is 58 px,
// and scrollTo moves scrollTop and says so, as a browser would. Install before rendering, remove after.

const stood = ['offsetHeight', 'clientHeight', 'clientWidth'] as const
type Saved = readonly (readonly [string, PropertyDescriptor | undefined])[]

export function installListLayout(): () => void {
  const proto = HTMLElement.prototype
  const saved: Saved = stood.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const)
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'MAIN' ? 560 : 0
    },
  })
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 380 })
  Object.defineProperty(proto, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.index === undefined ? 0 : 58
    },
  })
  proto.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'number' ? 0 : (options?.top ?? this.scrollTop)
    Object.defineProperty(this, 'scrollTop', { configurable: true, writable: true, value: top })
    this.dispatchEvent(new Event('scroll'))
  } as HTMLElement['scrollTo']
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor)
      else delete (proto as unknown as Record<string, unknown>)[name]
    }
    delete (proto as { scrollTo?: unknown }).scrollTo
  }
}
