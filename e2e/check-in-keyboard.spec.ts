import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import { tabStops, typeIntoEmptyEditor } from './support/focus'
import {
  checkInsOn,
  onlyCheckInBody,
  SHIP_ENGINE,
  shipEngineGoal,
  openCheckIns,
  checkInRequests,
} from './support/check-in'

test('a whole check-in with Tab and the keyboard alone: every control, a focus ring at every stop', async ({
  page,
  signedIn,
  emulator,
}, testInfo) => {
  // Thirty-odd stops, each with a picture, on a shared two-core machine: more than the default 30 s.
  test.setTimeout(60_000)
  const ui = await openCheckIns(page, signedIn.url)
  const stops = tabStops(page, testInfo)

  // From the goal list: the search box has focus; type, move down the list, open with Enter.
  await stops.at(ui.filter, 'goal filter')
  await page.keyboard.type('analytical')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await expect(ui.filter).toHaveAttribute('aria-activedescendant', /.+/)
  await page.keyboard.press('Enter')
  await expect(ui.heading(SHIP_ENGINE)).toBeFocused()

  // The earlier check-ins come first: the latest open with its "Start from this message" and "Open in
  // Operately", then each earlier one's disclosure (Enter or Space opens it).
  const history = page.getByRole('region', { name: 'Earlier check-ins' })
  await expect(history.locator('summary')).toHaveCount(3)
  await stops.next(history.locator('summary').nth(0), 'the latest check-in')
  await stops.next(
    history.getByRole('button', { name: 'Start from this message' }),
    'start from this message',
  )
  await stops.next(
    history.locator('details').first().getByRole('button', { name: 'Open in Operately' }),
    'open in Operately',
  )
  await stops.next(history.locator('summary').nth(1), 'an earlier check-in')
  await page.keyboard.press('Enter')
  await expect(history.locator('details').nth(1)).toHaveAttribute('open', '')
  await page.keyboard.press('Enter')
  await expect(history.locator('details').nth(1)).not.toHaveAttribute('open', '')
  await stops.next(history.locator('summary').nth(2), 'the oldest check-in')

  // Status: nothing chosen yet; Tab lands on the first choice, Space picks it, arrows move the choice.
  await stops.next(ui.status('On track'), 'status')
  await expect(ui.status('On track')).not.toBeChecked()
  await page.keyboard.press('Space')
  await expect(ui.status('On track')).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(ui.status('Caution')).toBeChecked()

  // Due date: Change opens the editor; precision, month and year by arrow keys; then its two buttons.
  await stops.next(ui.changeDueDate, 'change due date')
  await stops.next(ui.removeDueDate, 'remove due date')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await stops.at(ui.precision('Quarter'), 'due date precision')
  await page.keyboard.press('ArrowLeft')
  await expect(ui.precision('Month')).toBeChecked()
  await stops.next(ui.dueMonth, 'due month')
  await ui.dueMonth.press('End')
  await expect(ui.dueMonth).toHaveValue('12')
  await stops.next(ui.dueYear, 'due year')
  await ui.dueYear.press('ArrowDown')
  const year = await ui.dueYear.inputValue()
  await stops.next(page.getByRole('button', { name: 'Keep current date' }), 'keep current date')
  // "Remove due date" is there inside the editor too.
  await stops.next(ui.removeDueDate, 'remove due date, inside the editor')

  // Targets: typed the way people type numbers; an ambiguous one asks, and is answered by keyboard.
  await stops.next(ui.target('Weekly active teams'), 'first target')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('1,200 teams')
  // Each target's trend has its figures behind a button, the stop after the target's own field.
  await stops.next(
    page.getByRole('button', { name: 'Weekly active teams in figures' }),
    'first trend figures',
  )
  await stops.next(ui.target('p95 page load'), 'second target')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2.900')
  const question = page.getByRole('group', { name: 'Did you mean 2,900 or 2.9?' })
  await expect(question).toBeVisible()
  await expect(ui.target('p95 page load')).toHaveAccessibleDescription(/Did you mean 2,900 or 2\.9\?/)
  await stops.next(question.getByRole('button', { name: '2,900 s' }), 'first answer')
  await stops.next(question.getByRole('button', { name: '2.9 s' }), 'second answer')
  await page.keyboard.press('Enter')
  await expect(ui.target('p95 page load')).toBeFocused()
  await expect(ui.target('p95 page load')).toHaveValue('2.9')
  await expect(question).toHaveCount(0)
  await stops.next(page.getByRole('button', { name: 'p95 page load in figures' }), 'second trend figures')

  // Checklist: Space toggles.
  await stops.next(ui.checklistItem('Beta with 5 design partners'), 'first checklist item')
  await stops.next(ui.checklistItem('Security review signed off'), 'second checklist item')
  await page.keyboard.press('Space')
  await expect(ui.checklistItem('Security review signed off')).toBeChecked()
  await stops.next(ui.checklistItem('Pricing page live'), 'third checklist item')

  // The message: the formatting toolbar is one stop, then the text; Tab leaves the text again.
  await stops.next(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button').first(), 'toolbar')
  await stops.next(ui.message, 'message')
  await typeIntoEmptyEditor(page, ui.message, 'Security review done; pricing next.')

  // Notify: one stop for the pair of choices; the arrow keys choose.
  await stops.next(ui.notifyEveryone, 'notify')
  await page.keyboard.press('ArrowDown')
  await expect(ui.notifyChosen).toBeChecked()
  await stops.next(page.getByRole('checkbox', { name: /Barbara Liskov/ }), 'a person to notify')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('ArrowUp')
  await expect(ui.notifyEveryone).toBeChecked()

  // On a 1.8 server the check-in may also be kept as a draft or scheduled: two stops before Submit.
  await stops.next(page.getByRole('button', { name: 'Save as draft' }), 'save as draft')
  await stops.next(page.getByRole('button', { name: 'Schedule…' }), 'schedule')

  // Submit, reached by Tab and pressed with Enter.
  await stops.next(ui.submit, 'submit')
  expect(checkInRequests(emulator)).toHaveLength(0)
  await page.keyboard.press('Enter')

  await expect(ui.resultHeading).toBeFocused()
  expect(onlyCheckInBody(emulator).due_date).toEqual({
    date_type: 'month',
    date: `${year}-12-31`,
    value: `Dec ${year}`,
  })
  expect(shipEngineGoal(emulator).targets.map((t) => t.value)).toEqual([1200, 2.9])
  const stored = checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)!
  expect(stored.status).toBe('caution')
  expect(JSON.stringify(stored.message)).toContain('Security review done; pricing next.')
  expect(stored.sendToEveryone).toBe(true)

  // From the result: Tab to Next goal and on.
  await stops.next(ui.nextGoal, 'next goal')
  await stops.next(ui.openInOperately, 'open in Operately')
})

test('a project’s weekly check-in with the keyboard alone: from the inbox row to sent, a focus ring at every stop', async ({
  page,
  signedIn,
  emulator,
}, testInfo) => {
  test.setTimeout(60_000)
  // Ada's weekly check-in on Launch site is owed: the inbox lists it with the other assignments.
  const launch = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
  launch.nextCheckInScheduledAt = new Date(Date.now() - 2 * 86_400_000).toISOString()
  const stops = tabStops(page, testInfo)
  await page.goto(signedIn.url)
  const row = page.getByRole('button', { name: 'Write check-in for Launch site' })
  for (let i = 0; i < 30 && !(await row.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await stops.at(row, 'the project’s row in the inbox')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Launch site' })).toBeFocused()

  // The earlier check-ins, then the status: none chosen; Space picks, the arrows move the choice.
  const history = page.getByRole('region', { name: 'Earlier check-ins' })
  const published = emulator.state.projectCheckIns.filter(
    (c) => c.projectId === SEED_IDS.projects.launchSite && c.state === 'published',
  )
  await expect(history.locator('summary')).toHaveCount(published.length)
  await stops.next(history.locator('summary').nth(0), 'the latest check-in')
  await stops.next(
    history.getByRole('button', { name: 'Start from this message' }),
    'start from this message',
  )
  await stops.next(
    history.locator('details').first().getByRole('button', { name: 'Open in Operately' }),
    'open in Operately',
  )
  for (let i = 1; i < published.length; i++)
    await stops.next(history.locator('summary').nth(i), `check-in ${i + 1}`)
  const status = (name: string) =>
    page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name, exact: true })
  await stops.next(status('On track'), 'status')
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowRight')
  await expect(status('Caution')).toBeChecked()

  // No due date, targets or checklist: the message comes next.
  const message = page.getByRole('textbox', { name: 'Message', exact: true })
  await stops.next(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button').first(), 'toolbar')
  await stops.next(message, 'message')
  await typeIntoEmptyEditor(page, message, 'Crane booked; pad cures Thursday.')
  await stops.next(page.getByRole('radio', { name: 'Notify everyone' }), 'notify')
  await stops.next(page.getByRole('button', { name: 'Save as draft' }), 'save as draft')
  await stops.next(page.getByRole('button', { name: 'Schedule…' }), 'schedule')
  const submit = page.getByRole('button', { name: 'Submit check-in' })
  await stops.next(submit, 'submit')
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', { level: 1, name: 'Check-in sent' })).toBeFocused()
  const sent = emulator.state.projectCheckIns.filter((c) =>
    JSON.stringify(c.description).includes('Crane booked; pad cures Thursday.'),
  )
  expect(sent).toHaveLength(1)
  expect(sent[0]!.status).toBe('caution')
})
