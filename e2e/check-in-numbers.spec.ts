import { expect, test } from './support/fixtures'
import {
  onlyCheckInBody,
  openCheckIns,
  SHIP_ENGINE,
  shipEngineGoal,
  checkInRequests,
} from './support/check-in'

// Target values are read the way the person's locale writes numbers (the OS language, navigator.language
// in the page): here German, where the comma is the decimal sign and the point groups thousands.

test.use({ locale: 'de-DE' })

test('in German, 1.200 is twelve hundred, 2,4 is two point four, and 2,900 asks which was meant', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  // The current values are written the German way.
  await expect(ui.target('p95 page load')).toHaveValue('2,4')

  await ui.status('On track').check()
  await ui.target('Weekly active teams').fill('1.200 Teams')
  await ui.target('p95 page load').fill('2,900')
  const question = page.getByRole('group', { name: 'Did you mean 2.900 or 2,9?' })
  await expect(question).toBeVisible()
  await ui.writeMessage('Alles im Plan.')
  await ui.submit.click()
  // Not sent while the question stands: focus goes to the field that asks.
  await expect(ui.target('p95 page load')).toBeFocused()
  expect(checkInRequests(emulator)).toHaveLength(0)

  await question.getByRole('button', { name: '2,9 s' }).click()
  await expect(ui.target('p95 page load')).toHaveValue('2,9')
  await ui.submit.click()
  await expect(ui.resultHeading).toBeFocused()
  expect(JSON.parse(onlyCheckInBody(emulator).new_target_values as string)).toEqual([
    { id: expect.any(String) as unknown, value: 1200 },
    { id: expect.any(String) as unknown, value: 2.9 },
  ])
  expect(shipEngineGoal(emulator).targets.map((t) => t.value)).toEqual([1200, 2.9])
  await expect(page.getByRole('list', { name: 'What changed' })).toContainText('72 teams → 1.200 teams')
})

test.describe('in Egyptian Arabic, with Arabic-Indic digits', () => {
  test.use({ locale: 'ar-EG' })

  test('the values the form writes in Arabic-Indic digits read back, and typed ones are sent', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    // The current values, written as the locale writes them.
    await expect(ui.target('Weekly active teams')).toHaveValue('٧٢')
    await expect(ui.target('p95 page load')).toHaveValue('٢٫٤')

    await ui.status('On track').check()
    await ui.target('Weekly active teams').fill('١٬٢٠٠')
    await ui.target('p95 page load').fill('٢٫٩')
    await ui.writeMessage('Fine.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeFocused()
    expect(JSON.parse(onlyCheckInBody(emulator).new_target_values as string)).toEqual([
      { id: expect.any(String) as unknown, value: 1200 },
      { id: expect.any(String) as unknown, value: 2.9 },
    ])
    await expect(page.getByRole('list', { name: 'What changed' })).toContainText('٧٢ teams → ١٬٢٠٠ teams')
  })
})
