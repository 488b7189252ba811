import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { parseJson, stringifyJson } from '../src/shared/exact-json'
import type { RichDoc } from './emulator/types'
import { settleEditor } from './support/focus'
import { expect, test } from './support/fixtures'
import { descriptionUi, pasteHtml, projects, storedProject } from './support/description'

// Unknown content as a newer Operately might write it, with numbers JavaScript cannot hold as written.
const CALLOUT =
  '{"type":"callout","attrs":{"tone":"warning","budget":12345678901234567890,"scale":1.0e3},"content":[{"type":"paragraph","content":[{"type":"text","text":"Vendors need two weeks notice."}]}]}'
const PILL = '{"type":"statusPill","attrs":{"value":"green","count":98765432109876543210}}'
const COMMENT = '{"type":"comment","attrs":{"thread":11112222333344445555,"weight":2.50}}'
const SPELLINGS = ['12345678901234567890', '1.0e3', '98765432109876543210', '11112222333344445555', '2.50']

const seeded = (): RichDoc =>
  parseJson(`{"type":"doc","content":[
{"type":"paragraph","content":[{"type":"text","text":"Status "},${PILL},{"type":"text","text":" and "},{"type":"text","text":"flagged words","marks":[${COMMENT}]},{"type":"text","text":" here."}]},
${CALLOUT},
{"type":"paragraph","content":[{"type":"text","text":"Last line."}]}]}`) as unknown as RichDoc

/** The unknown content, as the saved description must still hold it (parsed, then byte for byte). */
function expectUnknownContentKept(saved: unknown): void {
  const text = stringifyJson(saved)
  for (const piece of [CALLOUT, PILL, COMMENT]) expect(text).toContain(piece)
  for (const spelling of SPELLINGS) expect(text).toContain(spelling)
  const doc = saved as { content: Array<{ content?: unknown[] }> }
  expect(stringifyJson(doc.content.find((node) => (node as { type: string }).type === 'callout'))).toBe(
    CALLOUT,
  )
}

/** Selects the target the way a person does: a click on a block or chip, a drag across marked words. */
async function selectTarget(page: Page, target: 'block' | 'inline' | 'marked'): Promise<void> {
  const editor = descriptionUi(page).editor
  if (target === 'block') {
    await editor.locator('.ot-unsupported--block .ot-unsupported__label').click()
  } else if (target === 'inline') {
    await editor.locator('.ot-unsupported--inline').click()
  } else {
    const box = (await editor.locator('.ot-unknown-mark').boundingBox())!
    await page.mouse.move(box.x + 1, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
  }
  await settleEditor(editor)
}

/**
 * Composes text the way an input method does in Chromium, through the DevTools protocol: the key it
 * announces itself with (keyCode 229, "Process"), then the composition growing one syllable at a time,
 * then the committed text.
 */
async function compose(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'rawKeyDown',
    windowsVirtualKeyCode: 229,
    nativeVirtualKeyCode: 229,
    key: 'Process',
  })
  for (let length = 1; length < text.length; length++) {
    const part = text.slice(0, length)
    await cdp.send('Input.imeSetComposition', { text: part, selectionStart: length, selectionEnd: length })
  }
  await cdp.send('Input.insertText', { text })
  await cdp.detach()
}

/** Clicks between two letters of the words under the unknown mark (they may wrap onto two lines). */
async function clickInsideMarkedWords(page: Page, offset: number): Promise<void> {
  const editor = descriptionUi(page).editor
  const point = await editor.locator('.ot-unknown-mark').evaluate((mark, at) => {
    const range = document.createRange()
    range.setStart(mark.firstChild!, at)
    range.setEnd(mark.firstChild!, at + 1)
    const rect = range.getBoundingClientRect()
    return { x: rect.left + 1, y: rect.top + rect.height / 2 }
  }, offset)
  await page.mouse.click(point.x, point.y)
  await settleEditor(editor)
}

/** The text under the unknown mark, selected the way Shift+arrows would (a range across letters). */
async function selectMarkedLetters(page: Page, from: number, to: number): Promise<void> {
  await clickInsideMarkedWords(page, from)
  for (let i = from; i < to; i++) await page.keyboard.press('Shift+ArrowRight')
}

const destructive: Array<[string, (page: Page) => Promise<void>]> = [
  ['typing', (page) => page.keyboard.type('xy')],
  ['Enter', (page) => page.keyboard.press('Enter')],
  ['Backspace', (page) => page.keyboard.press('Backspace')],
  ['Delete', (page) => page.keyboard.press('Delete')],
  ['cut', (page) => page.keyboard.press('Control+X')],
  [
    'paste over',
    (page) => pasteHtml(descriptionUi(page).editor, '<p>pasted <b>words</b></p>', 'pasted words'),
  ],
  ['IME composition', (page) => compose(page, 'にほん')],
]

for (const target of ['block', 'inline', 'marked'] as const) {
  test(`no key removes a selected unknown ${target === 'marked' ? 'marked range' : `${target} node`}`, async ({
    page,
    emulator,
    signedIn,
  }) => {
    test.setTimeout(60_000)
    storedProject(emulator, projects.office).description = seeded()
    const ui = descriptionUi(page)
    await ui.openProject(signedIn, projects.office)
    for (const [name, input] of destructive) {
      await test.step(name, async () => {
        await selectTarget(page, target)
        await input(page)
        await settleEditor(ui.editor)
        if (name === 'typing') {
          await expect(
            page.getByRole('status').filter({ hasText: 'Unsupported content stays as it is' }),
          ).toBeVisible()
        }
      })
    }
    await test.step('select all + type', async () => {
      await ui.editor.click()
      await page.keyboard.press('Control+A')
      await page.keyboard.type('all')
    })
    await test.step('Ctrl+Home, then type', async () => {
      await selectTarget(page, target)
      await page.keyboard.press('Control+Home')
      await page.keyboard.type('Top ')
    })
    await expect(ui.editor.locator('.ot-unsupported--block')).toHaveCount(1)
    await expect(ui.editor.locator('.ot-unsupported--inline')).toHaveCount(1)
    await expect(ui.editor.locator('.ot-unknown-mark')).toHaveText('flagged words')
    await expect(
      page.getByRole('status').filter({ hasText: 'Unsupported content stays as it is' }),
    ).toBeVisible()

    await ui.saveButton.click()
    await expect(ui.status).toHaveText('Saved')
    const saved = storedProject(emulator, projects.office).description
    expectUnknownContentKept(saved)
    // What was typed was not lost either: it went past the unknown content.
    expect(stringifyJson(saved)).toContain('Top ')
  })
}

test('an input method composes past unknown content, and what it composes arrives once', async ({
  page,
  emulator,
  signedIn,
}) => {
  test.setTimeout(60_000)
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  const targets: Array<[string, () => Promise<void>]> = [
    ['the caret inside marked words', () => clickInsideMarkedWords(page, 4)],
    ['marked letters selected', () => selectMarkedLetters(page, 2, 9)],
    ['an unsupported chip selected', () => selectTarget(page, 'inline')],
    ['an unsupported block selected', () => selectTarget(page, 'block')],
  ]
  for (const [name, select] of targets) {
    await test.step(name, async () => {
      await select()
      await compose(page, 'にほん')
      await settleEditor(ui.editor)
      await expect(ui.editor.locator('.ot-unknown-mark')).toHaveText('flagged words')
    })
  }
  await expect(ui.editor.locator('.ot-unsupported--block')).toHaveCount(1)
  await expect(ui.editor.locator('.ot-unsupported--inline')).toHaveCount(1)

  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  const saved = storedProject(emulator, projects.office).description
  expectUnknownContentKept(saved)
  // Each composition arrived whole and once: not doubled ("ににほん"), not lost.
  const text = stringifyJson(saved)
  expect(text.match(/にほん/g)).toHaveLength(targets.length)
  expect(text).not.toContain('ににほ')
})

test('a spelling fix of words under an unknown mark is turned away; one elsewhere goes through', async ({
  page,
  emulator,
  signedIn,
}) => {
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)

  /**
   * What Chromium does when a person picks a spelling suggestion: a beforeinput "insertReplacementText"
   * for the word, which the page may cancel, and if it does not, the word replaced in the page itself.
   */
  const fixSpelling = (container: string, word: string, replacement: string) =>
    ui.editor.evaluate(
      (editor, fix) => {
        const host = editor.querySelector(fix.container)!
        const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT)
        let node = walker.nextNode()
        while (node && !node.textContent!.includes(fix.word)) node = walker.nextNode()
        const start = node!.textContent!.indexOf(fix.word)
        const range = new StaticRange({
          startContainer: node!,
          startOffset: start,
          endContainer: node!,
          endOffset: start + fix.word.length,
        })
        const event = new InputEvent('beforeinput', {
          inputType: 'insertReplacementText',
          data: fix.replacement,
          targetRanges: [range],
          bubbles: true,
          cancelable: true,
        })
        if (!editor.dispatchEvent(event)) return 'refused'
        const selection = getSelection()!
        const live = document.createRange()
        live.setStart(node!, start)
        live.setEnd(node!, start + fix.word.length)
        selection.removeAllRanges()
        selection.addRange(live)
        document.execCommand('insertText', false, fix.replacement)
        return 'replaced'
      },
      { container, word, replacement },
    )

  expect(await fixSpelling('.ot-unknown-mark', 'flagged', 'fixed')).toBe('refused')
  await expect(
    page.getByRole('status').filter({ hasText: 'Unsupported content stays as it is' }),
  ).toBeVisible()
  expect(await fixSpelling('p:last-child', 'Last', 'Lost')).toBe('replaced')
  await expect(ui.editor.getByText('Lost line.')).toBeVisible()

  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  const saved = storedProject(emulator, projects.office).description
  expectUnknownContentKept(saved)
  const text = stringifyJson(saved)
  expect(text).toContain('"text":"flagged words"')
  expect(text).toContain('Lost line.')
  // Nothing of the refused fix landed anywhere (read back from the page it would be a fragment, "ix").
  expect(text).not.toContain('ix')
  expect(text).not.toContain('fixed')
})

test('word deletes (Ctrl+Backspace, Ctrl+Delete) next to unknown content stop at it', async ({
  page,
  emulator,
  signedIn,
}) => {
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await ui.editor.click()
  await page.keyboard.press('Control+Home')
  // "Status " and the chip: the caret just after the chip.
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Backspace')
  // Past " and ": just before the marked words, then just after them.
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Delete')
  for (let i = 0; i < 13; i++) await page.keyboard.press('ArrowRight')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Backspace')
  // The paragraph after the block: word deletes back into it.
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Home')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Backspace')
  await settleEditor(ui.editor)
  await expect(ui.editor.locator('.ot-unsupported--inline')).toHaveCount(1)
  await expect(ui.editor.locator('.ot-unknown-mark')).toHaveText('flagged words')
  await expect(ui.editor.locator('.ot-unsupported--block')).toHaveCount(1)

  await page.keyboard.press('Control+End')
  await page.keyboard.type(' More.')
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  const saved = storedProject(emulator, projects.office).description
  expectUnknownContentKept(saved)
  expect(stringifyJson(saved)).toContain('"text":"flagged words","marks":[' + COMMENT + ']')
})

test('a block dragged elsewhere moves whole, and is saved as it was', async ({
  page,
  emulator,
  signedIn,
}) => {
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await ui.editor
    .locator('.ot-unsupported--block .ot-unsupported__label')
    .dragTo(ui.editor.getByText('Last line.'), { targetPosition: { x: 60, y: 8 } })
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  expectUnknownContentKept(storedProject(emulator, projects.office).description)
})

test('"Remove this unsupported block…" removes it after asking, and Undo brings it back', async ({
  page,
  emulator,
  signedIn,
}) => {
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  const block = ui.editor.locator('.ot-unsupported--block')

  // Reachable from the keyboard: Tab from the text goes to the block's own button.
  await ui.editor.focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Remove this unsupported block…' })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Keep it' }).click()
  await expect(block).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Remove this unsupported block…' })).toBeFocused()

  // The keyboard way: the button is reachable and works with Enter.
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Remove', exact: true }).press('Enter')
  await expect(block).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Unsupported block removed.' })).toBeVisible()
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
  await expect(block).toHaveCount(1)

  await page.getByRole('button', { name: 'Remove this unsupported block…' }).click()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  const saved = stringifyJson(storedProject(emulator, projects.office).description)
  expect(saved).not.toContain('"callout"')
  expect(saved).toContain(PILL)
})

test('a held or doubled Enter on "Remove this unsupported block…" only asks; it never removes', async ({
  page,
  emulator,
  signedIn,
}) => {
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  const block = ui.editor.locator('.ot-unsupported--block')
  const removeButton = page.getByRole('button', { name: 'Remove this unsupported block…' })

  // Enter held down: the key repeats, and the repeats land on whatever has the focus after the first.
  await removeButton.focus()
  await page.keyboard.down('Enter')
  await page.keyboard.down('Enter')
  await page.keyboard.down('Enter')
  await page.keyboard.up('Enter')
  await expect(block).toHaveCount(1)
  // Enter pressed twice in a row, wherever the held key left things.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(block).toHaveCount(1)
  // The question starts on the safe answer, so the next Enter keeps the block too.
  await expect(page.getByRole('button', { name: 'Keep it' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(removeButton).toBeFocused()
  await expect(block).toHaveCount(1)
})

test('never says the text is kept as a draft when writing the draft failed', async ({
  page,
  emulator,
  signedIn,
  dataDir,
}) => {
  storedProject(emulator, projects.office).description = seeded()
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  // The drafts folder becomes a file: every draft write fails (even for root, unlike permissions).
  const drafts = join(dataDir, 'drafts')
  await rm(drafts, { recursive: true, force: true })
  await writeFile(drafts, 'not a folder')

  await ui.toEnd()
  await page.keyboard.type(' More.')
  await expect(page.getByRole('alert').filter({ hasText: 'could not be kept as a draft' })).toBeVisible()
  await expect(ui.status).toHaveText('Your changes are not saved anywhere yet')
  await expect(ui.status).not.toContainText('kept as a draft')

  await rm(drafts, { force: true })
  await page.keyboard.type(' Again.')
  await expect(ui.status).toHaveText('Your changes are kept as a draft')
})
