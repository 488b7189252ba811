import { readFileSync } from 'node:fs'
import { parseJson, stringifyJson } from '../src/shared/exact-json'
import { mention } from './emulator/richtext'
import type { RichDoc } from './emulator/types'
import { expect, test } from './support/fixtures'
import { descriptionUi, projects, storedProject } from './support/description'

// A trace snapshots the whole page at every step: for 5,000 blocks that takes longer than the test.
test.use({ trace: 'off' })

// Unknown content with numbers JavaScript cannot hold as written.
const CALLOUT =
  '{"type":"callout","attrs":{"tone":"warning","budget":12345678901234567890,"scale":1.0e3},"content":[{"type":"paragraph","content":[{"type":"text","text":"Vendors need two weeks notice."}]}]}'

test('a 1 MB description with an unknown block is edited and saved through the harness', async ({
  page,
  emulator,
  signedIn,
}) => {
  // Generous: a 1 MB document on a two-core machine shared with other test workers.
  test.setTimeout(600_000)
  const corpus = readFileSync(
    new URL('../src/renderer/src/editor/corpus/large-1mb.json', import.meta.url),
    'utf8',
  )
  const large = parseJson(corpus) as { content: unknown[] }
  // The corpus mentions people of another company; Operately refuses a save mentioning strangers (500).
  const people = emulator.state.people
  let mentions = 0
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== 'object' || node === null) return
    const record = node as { type?: unknown; attrs?: unknown; content?: unknown }
    if (record.type === 'mention') record.attrs = mention(people[mentions++ % people.length]!).attrs
    visit(record.content)
  }
  visit(large)
  const middle = Math.floor(large.content.length / 2)
  large.content.splice(middle, 0, parseJson(CALLOUT))
  storedProject(emulator, projects.office).description = large as unknown as RichDoc
  expect(stringifyJson(large).length).toBeGreaterThan(1_000_000)

  // What each draft write carries across the bridge (the harness's stand-in for Electron's IPC).
  const draftWrites: number[] = []
  page.on('request', (request) => {
    if (request.url().includes('/__harness/call/drafts.save'))
      draftWrites.push(request.postData()?.length ?? 0)
  })

  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  // Main names the text it served by its hash: the page never encodes and hashes the megabyte itself
  // (about 100 ms of its thread, in the middle of the first edit).
  await page.evaluate(() => {
    const subtle = crypto.subtle
    const digest = subtle.digest.bind(subtle)
    const counted = window as unknown as { digests: number }
    counted.digests = 0
    subtle.digest = (...args: Parameters<SubtleCrypto['digest']>) => {
      counted.digests++
      return digest(...args)
    }
  })
  await ui.editor.locator('.ot-unsupported--block .ot-unsupported__label').click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Signed off.')
  await expect(ui.editor.locator(':scope > :last-child')).toContainText('Signed off.')
  // The draft's base is the megabyte main served when the project opened: no write sends it back, not
  // even the first (it names the text by its hash), and the draft on disk holds it all the same.
  const storedDraft = async () => {
    const stored = await page.evaluate(
      async (key) => {
        const bridge = (
          window as unknown as { operately: { drafts: { get(input: unknown): Promise<unknown> } } }
        ).operately
        return bridge.drafts.get({ key })
      },
      `description:${projects.office.id.split('-').at(-1)}`,
    )
    return (stored as { ok: boolean; value: { value: { base: string; docText: string } } | null }).value
      ?.value
  }
  // Typing a megabyte's last line may span several draft writes on a busy machine: the last one holds it.
  await expect
    .poll(async () => (await storedDraft())?.docText ?? '', { timeout: 60_000 })
    .toContain('Signed off.')
  expect(draftWrites.length).toBeGreaterThan(0)
  expect(Math.max(...draftWrites)).toBeLessThan(20_000)
  expect(await page.evaluate(() => (window as unknown as { digests: number }).digests)).toBe(0)
  const draft = (await storedDraft())!
  expect(draft.base.length).toBeGreaterThan(1_000_000)
  expect(draft.base).toContain('Vendors need two weeks notice.')
  // Save is offered once the editor has reported the change (Playwright waits for it to be enabled).
  const started = Date.now()
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved', { timeout: 300_000 })
  test.info().annotations.push({ type: 'save took', description: `${Date.now() - started} ms` })

  const saved = storedProject(emulator, projects.office).description as unknown as { content: unknown[] }
  expect(saved.content).toHaveLength(large.content.length)
  expect(stringifyJson(saved.content[middle])).toBe(CALLOUT)
  expect(stringifyJson(saved.content.at(-1))).toContain('Signed off.')
})
