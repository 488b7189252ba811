import { expect, test } from './support/fixtures'
import { descriptionUi, paragraph, projects, storedProject, text } from './support/description'
import type { Locator } from '@playwright/test'
import type { RichDoc } from './emulator/types'

// The mouse and the clipboard across a chunk boundary, in the real popup (420×640) with a description
// of 190 blocks: block 40 is the first of the second chunk. The editor differential specs compare every
// gesture with stock TipTap on a page of their own; here the whole app, down to what Save sends.

const BLOCKS = 190
const words = (index: number) =>
  `Block ${index} holds an ordinary sentence of a long description, long enough to wrap in the popup.`

test.use({ viewport: { width: 420, height: 640 } })

/** Where a person aims to put the caret before (or after) the character `offset` into block `index`. */
const pointIn = (editor: Locator, index: number, offset: number, side: 'before' | 'after' = 'before') =>
  editor.evaluate(
    (surface, [index, offset, side]) => {
      const textNode = surface.querySelectorAll('p')[index]!.firstChild as Text
      const range = document.createRange()
      range.setStart(textNode, offset)
      range.setEnd(textNode, offset + 1)
      const box = range.getClientRects()[0]!
      const x = side === 'before' ? box.left + box.width * 0.3 : box.right - box.width * 0.3
      return { x, y: box.top + box.height / 2 }
    },
    [index, offset, side] as const,
  )

/** Scrolls the description so block `index` is in the middle of what it shows. */
const scrollToMiddle = (editor: Locator, index: number) =>
  editor.evaluate((surface, index) => {
    let scroller: Element | null = surface
    while (scroller && scroller.scrollHeight <= scroller.clientHeight + 1) scroller = scroller.parentElement
    const block = surface.querySelectorAll('p')[index]!
    const box = scroller!.getBoundingClientRect()
    scroller!.scrollTop += block.getBoundingClientRect().top - (box.top + box.height / 2)
  }, index)

const content = Array.from({ length: BLOCKS }, (_, index) => paragraph(text(words(index))))

test.beforeEach(({ emulator }) => {
  test.setTimeout(120_000)
  storedProject(emulator, projects.office).description = { type: 'doc', content } as unknown as RichDoc
})

test('a mouse drag up across a chunk boundary selects what it went over, and typing replaces only that', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)

  await scrollToMiddle(ui.editor, 40)
  await page.waitForTimeout(300)
  const from = await pointIn(ui.editor, 42, 4)
  const to = await pointIn(ui.editor, 38, 4)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  // A hand's pace: a move a frame or two apart.
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 20, from.y + ((to.y - from.y) * step) / 20)
    await page.waitForTimeout(30)
  }
  await page.mouse.up()
  await page.keyboard.type('x')
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')

  const expected = content.map((node) => structuredClone(node))
  expected.splice(38, 5, paragraph(text(`${words(38).slice(0, 4)}x${words(42).slice(4)}`)))
  const saved = storedProject(emulator, projects.office).description as unknown as RichDoc
  expect(saved.content?.length).toBe(expected.length)
  expect(saved).toEqual({ type: 'doc', content: expected })
})

test("the app's own copy across a chunk boundary carries nothing of the chunks, and pastes as it was", async ({
  page,
  emulator,
  signedIn,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await expect(ui.editor.locator('.ot-chunk')).toHaveCount(Math.ceil(BLOCKS / 40))

  // Blocks 38 to 41, whole (a click, a Shift+click), through the system clipboard as Ctrl+C puts them there.
  await scrollToMiddle(ui.editor, 40)
  await page.waitForTimeout(300)
  const start = await pointIn(ui.editor, 38, 0)
  await page.mouse.click(start.x, start.y)
  const end = await pointIn(ui.editor, 41, words(41).length - 1, 'after')
  await page.keyboard.down('Shift')
  await page.mouse.click(end.x, end.y)
  await page.keyboard.up('Shift')
  await page.keyboard.press('Control+c')
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read()
    return (await item!.getType('text/html')).text()
  })
  expect(copied).toContain('data-pm-slice')
  expect(copied).toContain(words(41))
  expect(copied).not.toMatch(/ot-chunk|documentChunk/)

  // Pasted at the very end: the four blocks again, as they were.
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+v')
  await expect(ui.editor.getByText(words(41), { exact: true })).toHaveCount(2)
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  const saved = storedProject(emulator, projects.office).description as unknown as RichDoc
  expect(saved).toEqual({ type: 'doc', content: [...content, ...content.slice(38, 42)] })
})
