import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'

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
 * Waits until a rich-text editor is ready for the next key after it took focus or changed its own
 * structure (Enter, leaving a block). ProseMirror finishes some of that work from 20 ms timers (the focus
 * handler writing its selection back; re-reading DOM changes it set aside while re-rendering). A script's
 * key comes within milliseconds; under load such a timer can land between a key and ProseMirror reading
 * it, and the first letter typed into an empty paragraph ends up after the rest ("ashed.M", "…customers.B":
 * about 1 run in 12 for the worst spec with three workers). A 25 ms page timer set now runs after those
 * (0 in 36 and 0 in 45 since). A person's next key comes later anyway.
 */
export async function settleEditor(editor: Locator): Promise<void> {
  await expect(editor).toBeFocused()
  await editor.evaluate(() => new Promise<void>((done) => setTimeout(done, 25)))
}

/**
 * Stops of a keyboard-only walk: each one checks that `control` has focus and shows a focus ring, and
 * attaches a picture of the popup at that stop to the test's report (what a person sees there).
 */
export function tabStops(page: Page, testInfo: TestInfo) {
  let count = 0
  const at = async (control: Locator, name: string): Promise<void> => {
    await expect(control, `${name} has focus`).toBeFocused()
    expect(await showsFocusRing(control), `${name} shows a focus ring`).toBe(true)
    count += 1
    await testInfo.attach(`stop ${String(count).padStart(2, '0')}: ${name}`, {
      body: await page.screenshot({ animations: 'disabled' }),
      contentType: 'image/png',
    })
  }
  return {
    /** Focus is already on `control` (opened there, or moved there by the app). */
    at,
    /** One Tab, and focus is on `control`. */
    async next(control: Locator, name: string): Promise<void> {
      await page.keyboard.press('Tab')
      await at(control, name)
    },
  }
}

/**
 * Types into an empty rich-text editor that just took focus from the keyboard: the first key, then, once
 * the editor shows it, the rest. In an empty paragraph ProseMirror redraws around the first character
 * (the placeholder goes); a script's next keys, milliseconds later, could land before that redraw and
 * the first letter end up last ("own again.D", seen once in a full run after Tab into the message). A
 * person's second key comes later than the redraw anyway.
 */
export async function typeIntoEmptyEditor(page: Page, editor: Locator, text: string): Promise<void> {
  await settleEditor(editor)
  await page.keyboard.type(text.slice(0, 1))
  await expect(editor).toHaveText(text.slice(0, 1))
  await page.keyboard.type(text.slice(1))
  await expect(editor).toHaveText(text)
}
