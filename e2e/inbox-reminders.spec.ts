import { expect, test } from './support/fixtures'
import { showsFocusRing } from './support/focus'
import { inboxScreen } from './support/inbox'

const settingsOf = async (dispatch: (name: string, input: unknown) => Promise<unknown>) => {
  const result = (await dispatch('reminders.getSettings', {})) as { ok: boolean; value: unknown }
  if (!result.ok) throw new Error('reminders.getSettings failed')
  return result.value
}

const workingWeek = {
  workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  quietHours: { from: '22:00', to: '07:00' },
}

test.describe('reminder settings', () => {
  test('the switch and the time are saved, and read back the same after reopening', async ({
    page,
    signedIn,
  }) => {
    const before = (await settingsOf(signedIn.services.dispatch)) as { enabled: boolean; time: string }
    expect(before).toEqual({ enabled: true, time: '09:00', ...workingWeek })

    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()
    await expect(inbox.remindersSwitch).toBeChecked()
    await expect(inbox.reminderTime).toHaveValue('09:00')

    await inbox.remindersSwitch.uncheck()
    await expect(inbox.remindersSaved).toHaveText('Reminders are off.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({
      enabled: false,
      time: '09:00',
      ...workingWeek,
    })

    await inbox.remindersSwitch.check()
    await expect(inbox.remindersSaved).toHaveText('Reminders are on, at 09:00.')
    await inbox.reminderTime.fill('10:30')
    await inbox.reminderTime.press('Enter')
    await expect(inbox.remindersSaved).toHaveText('Reminders will come at 10:30.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({
      enabled: true,
      time: '10:30',
      ...workingWeek,
    })

    await inbox.remindersSwitch.uncheck()
    await expect(inbox.remindersSaved).toHaveText('Reminders are off.')
    await page.reload()
    await inbox.tabFor('Account').click()
    await expect(inbox.remindersSwitch).not.toBeChecked()
    await expect(inbox.reminderTime).toHaveValue('10:30')
  })

  test('a time in the quiet hours is refused next to the field, and nothing is saved', async ({
    page,
    signedIn,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()

    await inbox.reminderTime.fill('06:30')
    await inbox.reminderTime.blur()
    await expect(inbox.reminderTime).toHaveAttribute('aria-invalid', 'true')
    await expect(inbox.reminderTime).toHaveAccessibleDescription(
      /^Pick a time outside your quiet hours \(22:00–07:00\), when the app sends no reminders\./,
    )
    await expect(page.getByText('Pick a time outside your quiet hours (22:00–07:00)')).toBeVisible()
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({
      enabled: true,
      time: '09:00',
      ...workingWeek,
    })

    // Putting it right clears the message and saves.
    await inbox.reminderTime.fill('07:00')
    await expect(inbox.reminderTime).not.toHaveAttribute('aria-invalid', 'true')
    await inbox.reminderTime.blur()
    await expect(inbox.remindersSaved).toHaveText('Reminders will come at 07:00.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({
      enabled: true,
      time: '07:00',
      ...workingWeek,
    })
  })

  test('the switch works from the keyboard, with a visible focus ring', async ({ page, signedIn }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()
    await expect(inbox.remindersSwitch).toBeChecked()
    await inbox.remindersSwitch.focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(inbox.remindersSwitch).toBeFocused()
    expect(await showsFocusRing(inbox.remindersSwitch)).toBe(true)
    await page.keyboard.press('Space')
    await expect(inbox.remindersSwitch).not.toBeChecked()
    await expect(inbox.remindersSaved).toHaveText('Reminders are off.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({
      enabled: false,
      time: '09:00',
      ...workingWeek,
    })
  })

  test('working days and quiet hours work from the keyboard alone, and read back the same after reopening', async ({
    page,
    signedIn,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()
    const days = page.getByRole('group', { name: 'Working days' })
    const day = (name: string) => days.getByRole('checkbox', { name, exact: true })
    const quiet = page.getByRole('group', { name: 'Quiet hours' })
    const quietFrom = quiet.getByLabel('Quiet from', { exact: true })
    const quietUntil = quiet.getByLabel('Quiet until', { exact: true })
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await expect(day(name)).toBeChecked()
    await expect(day('Saturday')).not.toBeChecked()
    await expect(day('Sunday')).not.toBeChecked()
    await expect(quietFrom).toHaveValue('22:00')
    await expect(quietUntil).toHaveValue('07:00')

    // Keyboard only: from the reminder time, Tab walks to Monday, then through the days to Saturday.
    // (Chromium's time field takes one Tab per part: hours, minutes, and AM/PM in an English locale.)
    await inbox.reminderTime.focus()
    for (let i = 0; i < 4 && !(await day('Monday').evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab')
    await expect(day('Monday')).toBeFocused()
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    await expect(day('Saturday')).toBeFocused()
    expect(await showsFocusRing(day('Saturday'))).toBe(true)
    await page.keyboard.press('Space')
    await expect(day('Saturday')).toBeChecked()
    await expect(inbox.remindersSaved).toHaveText(
      'Reminders only on Monday, Tuesday, Wednesday, Thursday, Friday, Saturday.',
    )
    // Friday off, by keyboard too (Shift+Tab back from Saturday).
    await page.keyboard.press('Shift+Tab')
    await expect(day('Friday')).toBeFocused()
    await page.keyboard.press('Space')
    await expect(day('Friday')).not.toBeChecked()
    await expect(inbox.remindersSaved).toHaveText(
      'Reminders only on Monday, Tuesday, Wednesday, Thursday, Saturday.',
    )

    // The quiet hours: Tab on to "Quiet from", type a time that runs past midnight, Enter saves.
    await day('Sunday').focus()
    await page.keyboard.press('Tab')
    await expect(quietFrom).toBeFocused()
    await quietFrom.fill('20:30')
    await page.keyboard.press('Enter')
    await expect(inbox.remindersSaved).toHaveText('Reminders keep quiet from 20:30 to 07:00.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({
      enabled: true,
      time: '09:00',
      workingDays: ['mon', 'tue', 'wed', 'thu', 'sat'],
      quietHours: { from: '20:30', to: '07:00' },
    })

    await page.reload()
    await inbox.tabFor('Account').click()
    await expect(day('Saturday')).toBeChecked()
    await expect(day('Friday')).not.toBeChecked()
    await expect(quietFrom).toHaveValue('20:30')
    await expect(quietUntil).toHaveValue('07:00')
  })

  test('refuses no working day, equal quiet hours and quiet hours over the reminder time, next to the group', async ({
    page,
    signedIn,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()
    const days = page.getByRole('group', { name: 'Working days' })
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      await days.getByRole('checkbox', { name, exact: true }).uncheck()
      await expect(inbox.remindersSaved).toContainText('Reminders only on')
    }
    await days.getByRole('checkbox', { name: 'Friday', exact: true }).click()
    await expect(days.getByRole('checkbox', { name: 'Friday', exact: true })).toBeChecked()
    await expect(days).toHaveAccessibleDescription(/^Pick at least one working day\./)
    expect(await settingsOf(signedIn.services.dispatch)).toMatchObject({ workingDays: ['fri'] })

    const quiet = page.getByRole('group', { name: 'Quiet hours' })
    const quietFrom = quiet.getByLabel('Quiet from', { exact: true })
    await quietFrom.fill('07:00')
    await quietFrom.press('Enter')
    await expect(quietFrom).toHaveAttribute('aria-invalid', 'true')
    await expect(quietFrom).toHaveAccessibleDescription(/^Quiet hours must start and end at different times/)
    await quietFrom.fill('08:00')
    await quietFrom.press('Enter')
    await expect(quietFrom).toHaveAccessibleDescription(
      /^Your reminder time, 09:00, would fall in these quiet hours: change one of them first\./,
    )
    expect(await settingsOf(signedIn.services.dispatch)).toMatchObject({
      quietHours: { from: '22:00', to: '07:00' },
    })
  })
})
