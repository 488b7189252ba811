import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import { settleEditor, showsFocusRing } from './support/focus'
import { checkInsOn, onlyCheckInBody, SHIP_ENGINE, shipEngineGoal, openCheckIns } from './support/check-in'

test('a whole check-in with the keyboard alone, with a visible focus ring on the way', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  const tab = async () => page.keyboard.press('Tab')

  // The picker opens on the search box: type, move, open.
  await expect(ui.filter).toBeFocused()
  await page.keyboard.type('engine')
  await page.keyboard.press('Enter')
  await expect(ui.heading(SHIP_ENGINE)).toBeFocused()

  // Heading → All goals is behind; forward: Status radios.
  await tab()
  await expect(ui.status('On track')).toBeFocused()
  expect(await showsFocusRing(ui.status('On track'))).toBe(true)
  await page.keyboard.press('ArrowRight')
  await expect(ui.status('Caution')).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(ui.status('Off track')).toBeChecked()

  // Due date: Change → precision Month → month and year.
  await tab()
  await expect(ui.changeDueDate).toBeFocused()
  expect(await showsFocusRing(ui.changeDueDate)).toBe(true)
  await page.keyboard.press('Enter')
  await expect(ui.precision('Quarter')).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(ui.precision('Month')).toBeChecked()
  await tab()
  await expect(ui.dueMonth).toBeFocused()
  await ui.dueMonth.selectOption({ label: 'June' }) // a native select: what a keyboard user picks with arrows
  await tab()
  await expect(ui.dueYear).toBeFocused()
  const year = String(new Date().getFullYear() + 1)
  await ui.dueYear.selectOption(year)
  await tab()
  await expect(page.getByRole('button', { name: 'Keep current date' })).toBeFocused()

  // Targets: type over the current values.
  await tab()
  await expect(ui.target('Weekly active teams')).toBeFocused()
  expect(await showsFocusRing(ui.target('Weekly active teams'))).toBe(true)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('77')
  await tab()
  await expect(ui.target('p95 page load')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('not a number')

  // Checklist: Space toggles.
  await tab()
  await expect(ui.checklistItem('Beta with 5 design partners')).toBeFocused()
  await tab()
  await expect(ui.checklistItem('Security review signed off')).toBeFocused()
  expect(await showsFocusRing(ui.checklistItem('Security review signed off'))).toBe(true)
  await page.keyboard.press('Space')
  await expect(ui.checklistItem('Security review signed off')).toBeChecked()

  // Into the message: past the formatting toolbar (one Tab stop) into the text.
  await ui.message.focus()
  await settleEditor(ui.message)
  await page.keyboard.type('Engine delayed by the security review.')

  // Ctrl+Enter submits from anywhere; the invalid target stops it and takes focus, with its message.
  await page.keyboard.press('Control+Enter')
  await expect(ui.target('p95 page load')).toBeFocused()
  await expect(ui.target('p95 page load')).toHaveAccessibleDescription(/Enter a number, such as 42 or 3.5/)
  expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in')).toHaveLength(0)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2.9')
  await page.keyboard.press('Control+Enter')

  await expect(ui.resultHeading).toBeFocused()
  expect(onlyCheckInBody(emulator).due_date).toEqual({
    date_type: 'month',
    date: `${year}-06-30`,
    value: `Jun ${year}`,
  })
  expect(shipEngineGoal(emulator).targets.map((t) => t.value)).toEqual([77, 2.9])
  expect(checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)!.status).toBe('off_track')

  // From the result: Tab to Next goal and on.
  await tab()
  await expect(ui.nextGoal).toBeFocused()
  expect(await showsFocusRing(ui.nextGoal)).toBe(true)
  await tab()
  await expect(ui.openInOperately).toBeFocused()
})
