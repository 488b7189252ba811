import { expect, test } from './support/fixtures'
import { checkInScreen, onlyCheckInBody, SHIP_ENGINE, shipEngineGoal, openCheckIns } from './support/check-in'

// A year that the pickers always offer (they run from last year to six years ahead).
const year = new Date().getFullYear() + 1

const precisions = [
  {
    label: 'Day',
    pick: async (ui: ReturnType<typeof checkInScreen>) => ui.dueDay.fill(`${year}-02-28`),
    expected: { date_type: 'day', date: `${year}-02-28`, value: `Feb 28, ${year}` },
    shown: `Feb 28, ${year}`,
  },
  {
    label: 'Month',
    pick: async (ui: ReturnType<typeof checkInScreen>) => {
      await ui.dueMonth.selectOption({ label: 'April' })
      await ui.dueYear.selectOption(String(year))
    },
    expected: { date_type: 'month', date: `${year}-04-30`, value: `Apr ${year}` },
    shown: `Apr 30, ${year} · end of April ${year}`,
  },
  {
    label: 'Quarter',
    pick: async (ui: ReturnType<typeof checkInScreen>) => {
      await ui.dueQuarter.selectOption({ label: 'Q3' })
      await ui.dueYear.selectOption(String(year))
    },
    expected: { date_type: 'quarter', date: `${year}-09-30`, value: `Q3 ${year}` },
    shown: `Sep 30, ${year} · end of Q3 ${year}`,
  },
  {
    label: 'Year',
    pick: async (ui: ReturnType<typeof checkInScreen>) => ui.dueYear.selectOption(String(year)),
    expected: { date_type: 'year', date: `${year}-12-31`, value: `${year}` },
    shown: `Dec 31, ${year} · end of ${year}`,
  },
] as const

test.describe('the due date of a check-in', () => {
  for (const precision of precisions) {
    test(`set with ${precision.label.toLowerCase()} precision sends the exact contextual date`, async ({
      page,
      signedIn,
      emulator,
    }) => {
      const ui = await openCheckIns(page, signedIn.url)
      await ui.openGoal(SHIP_ENGINE)
      await ui.status('On track').check()
      await ui.changeDueDate.click()
      await ui.precision(precision.label).check()
      await precision.pick(ui)
      await expect(page.getByText(/^New due date: /)).toBeVisible()
      await ui.writeMessage('Moving the date.')
      await ui.submit.click()
      await expect(ui.resultHeading).toBeVisible()

      expect(onlyCheckInBody(emulator).due_date).toEqual(precision.expected)
      expect(shipEngineGoal(emulator).timeframe?.contextual_end_date).toEqual(precision.expected)
      await expect(page.getByRole('region', { name: 'Check-in sent' })).toContainText(precision.shown)
    })
  }

  test('left untouched stays exactly as it was', async ({ page, signedIn, emulator }) => {
    const before = structuredClone(shipEngineGoal(emulator).timeframe)
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await expect(page.getByText(`end of ${before!.contextual_end_date!.value}`)).toBeVisible()
    await ui.status('Caution').check()
    await ui.writeMessage('Same date.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()

    expect('due_date' in onlyCheckInBody(emulator)).toBe(false)
    expect(shipEngineGoal(emulator).timeframe).toEqual(before)
  })

  test('opening “Change” and changing your mind keeps it too', async ({ page, signedIn, emulator }) => {
    const before = structuredClone(shipEngineGoal(emulator).timeframe)
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.changeDueDate.click()
    await ui.precision('Year').check()
    await page.getByRole('button', { name: 'Keep current date' }).click()
    await expect(ui.changeDueDate).toBeFocused()
    await ui.writeMessage('Never mind.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()
    expect('due_date' in onlyCheckInBody(emulator)).toBe(false)
    expect(shipEngineGoal(emulator).timeframe).toEqual(before)
  })

  test('“Remove due date” says what will happen and clears it', async ({ page, signedIn, emulator }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Off track').check()
    await ui.removeDueDate.click()
    await expect(page.getByText('The due date will be removed')).toBeVisible()
    await expect(ui.keepDueDate).toBeFocused()
    await ui.writeMessage('No date for now.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()

    expect(onlyCheckInBody(emulator).due_date).toBeNull()
    expect(shipEngineGoal(emulator).timeframe?.contextual_end_date ?? null).toBeNull()
    await expect(page.getByRole('region', { name: 'Check-in sent' })).toContainText('No due date')
  })

  test('“Remove due date” is there inside the date editor too, once a new date is being picked', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Caution').check()
    await ui.changeDueDate.click()
    await ui.precision('Year').check()
    await expect(ui.removeDueDate).toHaveCount(1)
    await ui.removeDueDate.click()
    await expect(page.getByText('The due date will be removed')).toBeVisible()
    await expect(ui.keepDueDate).toBeFocused()
    await ui.writeMessage('Open-ended now.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()
    expect(onlyCheckInBody(emulator).due_date).toBeNull()
    await expect(
      page.getByRole('list', { name: 'What changed' }).getByRole('listitem').filter({ hasText: 'Due date' }),
    ).toHaveText(/→ No due date$/)
  })
})
