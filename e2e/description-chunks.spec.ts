import { expect, test } from './support/fixtures'
import { descriptionUi, paragraph, projects, storedProject, text } from './support/description'
import type { RichDoc } from './emulator/types'

// A long description is drawn in chunks of 40 blocks (editor/extensions/document-chunks/: a mark on its
// top-level blocks). Real keys at the chunk boundaries, in real Chromium, must edit exactly as they would
// without chunks, and the server must get exactly the expected document, with nothing of the chunks in it.

const BLOCKS = 130
// Short, so that no paragraph wraps in the narrow popup: End goes to the end of the line the caret is on.
const words = (index: number) => `Block ${index}`

test('keys at chunk boundaries of a long description edit and save exactly the expected document', async ({
  page,
  emulator,
  signedIn,
}) => {
  test.setTimeout(120_000)
  const content = Array.from({ length: BLOCKS }, (_, index) => paragraph(text(words(index))))
  storedProject(emulator, projects.office).description = { type: 'doc', content } as unknown as RichDoc

  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await expect(ui.editor.locator('.ot-chunk')).toHaveCount(Math.ceil(BLOCKS / 40))
  const block = (index: number) => ui.editor.getByText(words(index), { exact: true })
  // Keys come at once after each click: a click changes nothing in the document, chunks included.
  const clickOn = async (index: number) => {
    await block(index).click()
  }

  // Backspace at the start of a chunk's first block joins it with the last block of the chunk before.
  await clickOn(40)
  await page.keyboard.press('Home')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(' + ')
  // Delete at the end of a chunk's last block joins the next chunk's first block onto it.
  await clickOn(79)
  await page.keyboard.press('End')
  await page.keyboard.press('Delete')
  // Enter at the very end of a chunk, then a list typed there by its input rule.
  await clickOn(119)
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('- new item')
  // Select all and type: the whole document replaced, then undone back to the edits above. The history
  // groups edits less than half a second apart; the pause keeps this one an undo step of its own.
  await page.waitForTimeout(700)
  await page.keyboard.press('Control+a')
  await page.keyboard.type('x')
  await page.keyboard.press('Control+z')
  await expect(block(0)).toBeVisible()

  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')

  const expected = content.map((node) => structuredClone(node))
  expected[119] = paragraph(text(words(119)))
  expected.splice(120, 0, {
    type: 'bulletList',
    content: [{ type: 'listItem', content: [paragraph(text('new item'))] }],
  })
  expected.splice(79, 2, paragraph(text(`${words(79)}${words(80)}`)))
  expected.splice(39, 2, paragraph(text(`${words(39)} + ${words(40)}`)))
  const saved = storedProject(emulator, projects.office).description as unknown as RichDoc
  expect(JSON.stringify(saved)).not.toContain('documentChunk')
  expect(saved).toEqual({ type: 'doc', content: expected })
})

// With everything selected, text that comes without a key (an input method's commit, dictation) and a
// composition must replace all of it, as without chunks, and Undo must give all of it back.
test('with everything selected, text without a key and a composition replace all of a long description', async ({
  page,
  emulator,
  signedIn,
}) => {
  test.setTimeout(120_000)
  const content = Array.from({ length: BLOCKS }, (_, index) => paragraph(text(words(index))))
  storedProject(emulator, projects.office).description = { type: 'doc', content } as unknown as RichDoc

  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await expect(ui.editor.locator('.ot-chunk')).toHaveCount(Math.ceil(BLOCKS / 40))
  const saveAndRead = async () => {
    await ui.saveButton.click()
    await expect(ui.status).toHaveText('Saved')
    return storedProject(emulator, projects.office).description as unknown as RichDoc
  }

  // Text as an input method commits it: no keydown, only beforeinput and input.
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText('committed')
  await expect(ui.editor).toHaveText('committed')
  expect(await saveAndRead()).toEqual({ type: 'doc', content: [paragraph(text('committed'))] })

  // Undo gives all of it back, in chunks again. Saving took the focus to the Save button: back into
  // the text first, as a person would (typed text never reaches Chromium's own undo list, which alone
  // answers Ctrl+Z pressed outside the editor).
  await ui.editor.click()
  await page.keyboard.press('Control+z')
  await expect(ui.editor.getByText(words(BLOCKS - 1), { exact: true })).toBeVisible()
  expect(await saveAndRead()).toEqual({ type: 'doc', content })
  await ui.editor.getByText(words(60), { exact: true }).click()
  await expect(ui.editor.locator('.ot-chunk')).not.toHaveCount(0)

  // A composition started with everything selected (the input method's own events, no keydown).
  await page.waitForTimeout(700)
  await page.keyboard.press('Control+a')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.imeSetComposition', { text: 'か', selectionStart: 1, selectionEnd: 1 })
  await cdp.send('Input.imeSetComposition', { text: 'かな', selectionStart: 2, selectionEnd: 2 })
  await cdp.send('Input.insertText', { text: '仮名' })
  await expect(ui.editor).toHaveText('仮名')
  expect(await saveAndRead()).toEqual({ type: 'doc', content: [paragraph(text('仮名'))] })
})

// A chunk is laid out the same way whether the browser may skip it or a selection keeps it shown: text
// on screen must not move when a selection starts or stops spanning chunks (headings and rules meet
// paragraphs at the boundaries, where margins would collapse differently without the chunk's containment).
test('text on screen stays where it is while a selection spans chunks', async ({
  page,
  emulator,
  signedIn,
}) => {
  test.setTimeout(120_000)
  const heading = (level: number, value: string) => ({
    type: 'heading',
    attrs: { level },
    content: [text(value)],
  })
  const content = Array.from({ length: BLOCKS }, (_, index) =>
    index % 10 === 0 ? heading(2 + (index % 3), words(index)) : paragraph(text(words(index))),
  )
  storedProject(emulator, projects.office).description = { type: 'doc', content } as unknown as RichDoc

  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await expect(ui.editor.locator('.ot-chunk')).toHaveCount(Math.ceil(BLOCKS / 40))
  // Blocks 36 to 44 on screen, around the first boundary.
  await ui.editor.getByText(words(40), { exact: true }).scrollIntoViewIfNeeded()
  await ui.editor.getByText(words(40), { exact: true }).click()
  const tops = () =>
    ui.editor.evaluate((root) =>
      [...root.querySelectorAll('p, h2, h3, h4')]
        .filter((block) => /^Block (3[6-9]|4[0-4])$/.test(block.textContent ?? ''))
        .map((block) => `${block.textContent}: ${block.getBoundingClientRect().top.toFixed(1)}`),
    )
  const before = await tops()
  expect(before).toHaveLength(9)
  await page.keyboard.press('Control+a')
  await expect.poll(tops).toEqual(before)
  // Back to a caret where it was: only its own chunk stays shown.
  await ui.editor.getByText(words(40), { exact: true }).click()
  await expect.poll(tops).toEqual(before)
})
