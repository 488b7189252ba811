import { descriptionUi, descriptionUpdates, projects, storedProject } from './support/description'
import { expect, test } from './support/fixtures'
import { tabStops, typeIntoEmptyEditor } from './support/focus'
import { syncRow, syncUi } from './support/sync'

// Every control of the description editor and of the Sync view reached with Tab and used with the keyboard
// alone, with a focus ring at each stop (a picture of each stop is attached to the test's report). The
// check-in form's walk is in check-in-keyboard.spec.ts.

test('the description editor: from the project list to Saved with the keyboard alone', async ({
  page,
  signedIn,
  emulator,
}, testInfo) => {
  const ui = descriptionUi(page)
  const stops = tabStops(page, testInfo)
  await page.goto(signedIn.url)
  const projectsTab = page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Projects' })
  for (let i = 0; i < 10 && !(await projectsTab.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await stops.at(projectsTab, 'Projects tab')
  await page.keyboard.press('Enter')

  // The list: the filter has focus; Refresh is next; the rows follow, and the arrows move between them.
  await stops.at(ui.filter, 'project filter')
  await page.keyboard.type('office')
  await page.keyboard.press('Shift+Tab')
  await stops.at(page.getByRole('button', { name: 'Refresh' }), 'refresh')
  await stops.next(ui.filter, 'project filter again')
  await stops.next(ui.row(projects.office.name), 'the matching project')
  await page.keyboard.press('Enter')

  // The editor opens with the text focused; typing, then back through the toolbar and the page's links.
  await expect(ui.heading(projects.office.name)).toBeVisible()
  await stops.at(ui.editor, 'description text')
  // Office move has no description yet: the editor is empty.
  await typeIntoEmptyEditor(page, ui.editor, 'Keys handed over on Friday.')
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
  await page.keyboard.press('Shift+Tab')
  await stops.at(toolbar.getByRole('button', { name: 'H1 heading' }), 'formatting toolbar')
  // One stop for the whole toolbar: the arrow keys move inside it.
  await page.keyboard.press('ArrowRight')
  await stops.at(toolbar.getByRole('button', { name: 'H2 heading' }), 'toolbar, next button')
  await page.keyboard.press('Shift+Tab')
  await stops.at(page.getByRole('button', { name: /^Open in Operately/ }), 'open in Operately')
  await page.keyboard.press('Shift+Tab')
  // The project's weekly check-in, beside its description.
  await stops.at(page.getByRole('button', { name: 'Write check-in' }), 'write check-in')
  await page.keyboard.press('Shift+Tab')
  await stops.at(page.getByRole('button', { name: 'Back to projects' }), 'back to projects')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await stops.next(ui.editor, 'description text again')
  await stops.next(ui.saveButton, 'save')
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  await page.keyboard.press('Enter')
  await expect(ui.status).toHaveText('Saved')
  expect(JSON.stringify(storedProject(emulator, projects.office).description)).toContain(
    'Keys handed over on Friday.',
  )
  expect(descriptionUpdates(emulator)).toHaveLength(1)
})

test('the Sync view: every control of a waiting item, and sending it, with the keyboard alone', async ({
  page,
  signedIn,
  emulator,
}, testInfo) => {
  // A description saved while Operately cannot be reached waits in the outbox.
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  emulator.pause()
  await ui.openProject(signedIn, projects.office)
  await page.keyboard.type('Movers booked for the 3rd.')
  await page.keyboard.press('Control+s')
  await expect(ui.status).toContainText('Queued')

  const sync = syncUi(page)
  const stops = tabStops(page, testInfo)
  for (let i = 0; i < 20 && !(await sync.tab.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab')
  }
  await stops.at(sync.tab, 'Sync tab')
  await page.keyboard.press('Enter')
  await expect(sync.heading).toBeFocused()

  const row = sync.row('Description · Office move')
  const actions = syncRow(row)
  await stops.next(sync.syncNow, 'sync now')
  await stops.next(actions.retry, 'retry now')
  await stops.next(actions.open, 'open')
  await stops.next(actions.askDiscard, 'discard…')
  // Discard asks first; Keep (reached by Tab) leaves the item where it was.
  await page.keyboard.press('Enter')
  await expect(actions.question).toBeVisible()
  for (let i = 0; i < 4 && !(await actions.keep.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await stops.at(actions.keep, 'keep')
  await page.keyboard.press('Enter')
  await expect(actions.question).toHaveCount(0)
  await expect(row).toBeVisible()

  // Operately is back: Retry now, pressed with Enter, sends it once.
  emulator.resume()
  for (let i = 0; i < 6 && !(await actions.retry.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab')
  }
  await stops.at(actions.retry, 'retry now, once more')
  await page.keyboard.press('Enter')
  await expect(sync.empty).toBeVisible()
  expect(descriptionUpdates(emulator)).toHaveLength(1)
  expect(JSON.stringify(storedProject(emulator, projects.office).description)).toContain(
    'Movers booked for the 3rd.',
  )
})
