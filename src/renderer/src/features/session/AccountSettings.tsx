import { ReminderSettings } from '../inbox/ReminderSettings'
import { SettingsPanel } from '../settings/SettingsPanel'

/**
 * The settings under the account card: reminders, and the app's own. Loaded when the account card is
 * first shown, so that the popup's first screen (the inbox) does not carry them.
 */
export function AccountSettings() {
  return (
    <>
      <ReminderSettings />
      <SettingsPanel />
    </>
  )
}
