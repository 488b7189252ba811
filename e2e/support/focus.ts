import type { Locator } from '@playwright/test'

/**
 * Whether the focused control shows a visible focus ring: it matches :focus-visible, and it (or the
 * field frame right around it, which draws the ring for text inputs) has an outline that is neither
 * `none` nor transparent nor zero-width.
 */
export function showsFocusRing(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    if (!element.matches(':focus-visible')) return false
    const visible = (el: Element) => {
      const style = getComputedStyle(el)
      const transparent = style.outlineColor === 'transparent' || /rgba\(.*,\s*0\)$/.test(style.outlineColor)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent
    }
    return visible(element) || (element.parentElement !== null && visible(element.parentElement))
  })
}
