import { expect, test } from './support/fixtures'
import { descriptionUi, paragraph, pasteHtml, projects, storedProject, text } from './support/description'
import type { RichDoc } from './emulator/types'

test('content this app does not know survives an edit elsewhere in the document, byte for byte', async ({
  page,
  emulator,
  signedIn,
}) => {
  // As a newer Operately might write it: an unknown block, an unknown inline node, an unknown mark.
  const callout = {
    type: 'callout',
    attrs: { tone: 'warning', icon: 'alarm' },
    content: [paragraph(text('Vendors need two weeks’ notice.'))],
  }
  const pill = { type: 'statusPill', attrs: { value: 'green', since: '2026-03-01' } }
  const seeded: RichDoc = {
    type: 'doc',
    content: [
      paragraph(
        text('Where we are: '),
        pill,
        text(' and '),
        text('moving', [{ type: 'sparkle', attrs: { level: 2 } }]),
      ),
      callout,
      paragraph(text('Next: sign the lease')),
    ],
  }
  storedProject(emulator, projects.office).description = structuredClone(seeded)

  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await expect(ui.editor.getByText('Unsupported content').first()).toBeVisible()
  await ui.toEnd()
  await page.keyboard.type(' by Friday.')
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')

  expect(storedProject(emulator, projects.office).description).toEqual({
    type: 'doc',
    content: [seeded.content![0], callout, paragraph(text('Next: sign the lease by Friday.'))],
  })
})

test('pasted HTML loses scripts, styles, frames and javascript: links, on screen and in what is saved', async ({
  page,
  emulator,
  signedIn,
  cspViolations,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await ui.editor.click()
  await page.evaluate(() => {
    ;(window as unknown as { pwned: number }).pwned = 0
  })
  const html = [
    '<meta charset="utf-8"><style>p { color: red } .evil { display: none }</style>',
    '<p>Safe <b>bold</b> text</p>',
    '<script>window.pwned = 1</script>',
    '<iframe src="https://evil.example/frame" srcdoc="<script>parent.pwned = 2</script>"></iframe>',
    '<p><a href="javascript:window.pwned=3">bad link</a> and <a href="https://ok.example/page">good link</a></p>',
    '<p><a href=" JaVaScRiPt:window.pwned=4">sneaky link</a><img src="x" onerror="window.pwned=5"></p>',
    '<p onclick="window.pwned=6" style="background:url(javascript:alert(1))">Styled</p>',
  ].join('')
  await pasteHtml(ui.editor, html, 'Safe bold text')
  await expect(ui.editor).toContainText('good link')

  const surface = ui.editor
  await expect(surface.locator('script, style, iframe, img, [onclick], [onerror], [style]')).toHaveCount(0)
  await expect(surface.locator('a[href^="javascript" i], a[href*="javascript:" i]')).toHaveCount(0)
  await expect(surface.locator('a[href="https://ok.example/page"]')).toHaveText('good link')
  expect(await page.evaluate(() => (window as unknown as { pwned: number }).pwned)).toBe(0)
  // Parsing the pasted markup (inertly, to clean it) has Chromium check its handlers and style
  // attributes against the page's CSP, which refuses them: reported and blocked, never run.
  for (const violation of cspViolations.splice(0)) {
    expect(violation).toMatch(
      /^(Applying inline style|Executing inline event handler) violates .* blocked\.$/,
    )
  }

  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  const saved = JSON.stringify(storedProject(emulator, projects.office).description)
  for (const forbidden of [
    'script',
    'iframe',
    'javascript',
    'pwned',
    'color: red',
    'onclick',
    'onerror',
    '<',
  ]) {
    expect(saved.toLowerCase()).not.toContain(forbidden.toLowerCase())
  }
  expect(saved).toContain('"href":"https://ok.example/page"')
  expect(saved).toContain('Safe ')
  expect(saved).toContain('"text":"bold","marks":[{"type":"bold"}]')
})
