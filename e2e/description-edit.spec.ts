import { expect, test } from './support/fixtures'
import {
  descriptionUi,
  descriptionUpdates,
  paragraph,
  projects,
  snapshot,
  storedDraft,
  storedProject,
  text,
} from './support/description'

const grace = { id: 'grace-hopper-FiQgT6HDF6tNR1BtQV5AmZ', label: 'Grace Hopper' }
const planUrl = 'https://example.com/launch-plan'

test('edit a seeded description: type, format, mention and link; the server holds exactly that, and it reopens the same', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  const original = snapshot(storedProject(emulator, projects.launch).description)!
  await ui.openProject(signedIn, projects.launch)
  await expect(ui.editor).toContainText('We are replacing the marketing site')
  // The image is shown as a file chip: the popup cannot load the server's files.
  await expect(ui.editor.locator('.ot-blob--file')).toContainText('architecture')
  await expect(ui.saveButton).toBeDisabled()

  // The description ends in a code block: leave it downwards onto a new paragraph.
  await ui.belowEnd()
  await page.keyboard.type('Launch is ')
  await page.keyboard.press('Control+b')
  await page.keyboard.type('confirmed')
  await page.keyboard.press('Control+b')
  await page.keyboard.type(' by ')
  await page.keyboard.type('@Gra')
  await page.getByRole('option', { name: 'Grace Hopper' }).click()
  // Choosing a person adds the space after the chip.
  await page.keyboard.type('for the plan: ')
  await ui.toolbar('Link').click()
  await page.getByRole('textbox', { name: 'Link address' }).fill(planUrl)
  await page.keyboard.press('Enter')
  // Applying the link hands the focus back to the text.
  await expect(ui.editor).toBeFocused()
  await page.keyboard.press('Enter')
  await ui.toolbar('Bold').click()
  await page.keyboard.type('Go live')
  await ui.toolbar('Bold').click()
  await page.keyboard.type(' on Monday.')
  await expect(ui.status).toHaveText('Your changes are kept as a draft')

  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  await expect(ui.saveButton).toBeDisabled()

  const expected = {
    ...original,
    content: [
      ...original.content!,
      paragraph(
        text('Launch is '),
        text('confirmed', [{ type: 'bold' }]),
        text(' by '),
        { type: 'mention', attrs: { ...grace, mentionSuggestionChar: '@' } },
        text(' for the plan: '),
        text(planUrl, [
          {
            type: 'link',
            attrs: {
              href: planUrl,
              target: '_blank',
              rel: 'noopener noreferrer nofollow',
              class: null,
              title: null,
            },
          },
        ]),
      ),
      paragraph(text('Go live', [{ type: 'bold' }]), text(' on Monday.')),
    ],
  }
  expect(storedProject(emulator, projects.launch).description).toEqual(expected)
  expect(descriptionUpdates(emulator)).toHaveLength(1)
  await expect.poll(() => storedDraft(signedIn, projects.launch)).toBeNull()

  // Reopened from the list, it reads exactly as it did right after saving.
  await ui.editor.blur()
  const shown = await ui.editor.innerHTML()
  await page.getByRole('button', { name: 'Back to projects' }).click()
  await ui.row(projects.launch.name).click()
  await ui.heading(projects.launch.name).waitFor()
  await expect(ui.editor).toContainText('Go live on Monday.')
  await ui.editor.blur()
  expect(await ui.editor.innerHTML()).toBe(shown)
  await expect(ui.editor.locator('.ot-mention')).toHaveText([
    '@Grace Hopper',
    '@Barbara Liskov',
    '@Grace Hopper',
  ])
  await expect(ui.editor.locator(`a[href="${planUrl}"]`)).toHaveText(planUrl)
  await expect(ui.saveButton).toBeDisabled()
})

test('saving against a server whose answer leaves the description out still shows the text, "Saved"', async ({
  page,
  emulator,
  signedIn,
}) => {
  expect(emulator.faults().omitDescription).toBe(true)
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await ui.editor.click()
  await page.keyboard.type('Movers are booked for the 14th.')
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  await expect(ui.editor).toHaveText('Movers are booked for the 14th.')
  expect(storedProject(emulator, projects.office).description).toEqual({
    type: 'doc',
    content: [paragraph(text('Movers are booked for the 14th.'))],
  })
  // Nothing is left unsaved, and no false "unsaved changes" appear after a while.
  await expect(ui.saveButton).toBeDisabled()
  await ui.editor.blur()
  await expect(ui.status).toHaveText('Saved')
})
