import { expect, type Locator } from '@playwright/test'

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

/**
 * Waits until a rich-text editor that just took focus is ready for the first key. prosemirror-view's
 * focus handler may write its selection back to the page from a 20 ms timer. A script's first key comes
 * within milliseconds; under load that timer can land between the key and ProseMirror reading it,
 * putting the cursor before the first letter ("ashed.M", about 1 run in 30 with three workers). A 25 ms
 * page timer set now runs after that one (0 in 45 since); a person's first key comes later anyway.
 */
export async function settleEditorFocus(editor: Locator): Promise<void> {
  await expect(editor).toBeFocused()
  await editor.evaluate(() => new Promise<void>((done) => setTimeout(done, 25)))
}
