import { expect, test } from './support/fixtures'
import { showsFocusRing } from './support/focus'
import { inboxScreen } from './support/inbox'

const settingsOf = async (dispatch: (name: string, input: unknown) => Promise<unknown>) => {
  const result = (await dispatch('reminders.getSettings', {})) as { ok: boolean; value: unknown }
  if (!result.ok) throw new Error('reminders.getSettings failed')
  return result.value
}

test.describe('reminder settings', () => {
  test('the switch and the time are saved, and read back the same after reopening', async ({
    page,
    signedIn,
  }) => {
    const before = (await settingsOf(signedIn.services.dispatch)) as { enabled: boolean; time: string }
    expect(before).toEqual({ enabled: true, time: '09:00' })

    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()
    await expect(inbox.remindersSwitch).toBeChecked()
    await expect(inbox.reminderTime).toHaveValue('09:00')

    await inbox.remindersSwitch.uncheck()
    await expect(inbox.remindersSaved).toHaveText('Reminders are off.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({ enabled: false, time: '09:00' })

    await inbox.remindersSwitch.check()
    await expect(inbox.remindersSaved).toHaveText('Reminders are on, at 09:00.')
    await inbox.reminderTime.fill('10:30')
    await inbox.reminderTime.press('Enter')
    await expect(inbox.remindersSaved).toHaveText('Reminders will come at 10:30.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({ enabled: true, time: '10:30' })

    await inbox.remindersSwitch.uncheck()
    await expect(inbox.remindersSaved).toHaveText('Reminders are off.')
    await page.reload()
    await inbox.tabFor('Account').click()
    await expect(inbox.remindersSwitch).not.toBeChecked()
    await expect(inbox.reminderTime).toHaveValue('10:30')
  })

  test('a time at night is refused next to the field, and nothing is saved', async ({ page, signedIn }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await inbox.tabFor('Account').click()

    await inbox.reminderTime.fill('06:30')
    await inbox.reminderTime.blur()
    await expect(inbox.reminderTime).toHaveAttribute('aria-invalid', 'true')
    await expect(inbox.reminderTime).toHaveAccessibleDescription(
      /^Pick a time between 07:00 and 21:59 \(the app never sends reminders at night\)\./,
    )
    await expect(page.getByText('Pick a time between 07:00 and 21:59')).toBeVisible()
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({ enabled: true, time: '09:00' })

    // Putting it right clears the message and saves.
    await inbox.reminderTime.fill('07:00')
    await expect(inbox.reminderTime).not.toHaveAttribute('aria-invalid', 'true')
    await inbox.reminderTime.blur()
    await expect(inbox.remindersSaved).toHaveText('Reminders will come at 07:00.')
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({ enabled: true, time: '07:00' })
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
    expect(await settingsOf(signedIn.services.dispatch)).toEqual({ enabled: false, time: '09:00' })
  })
})
