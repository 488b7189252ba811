import { useId } from 'react'
import { useAbout, useSettings } from '../../bridge/settings'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { AlertIcon } from '../../ui/icons'
import { errorTitle } from '../session/error-titles'
import { SettingSwitch } from './SettingSwitch'
import { ShortcutField } from './ShortcutField'
import { installBlocksUpdates, updateStatusText } from './update-status-text'
import { Loading } from '../../ui/Loading'

const startAtLoginUnavailable =
  'Not available in a development build: only the installed app can start at login.'

/** The app's own settings. Reminders have their own section; the server address is on the sign-in screen. */
export function SettingsSection() {
  const headingId = useId()
  const settings = useSettings()
  const about = useAbout()
  const updates = about.data?.updates
  // Where the install itself rules out updates, say that the switch changes nothing on this copy.
  const updateNote =
    updates && installBlocksUpdates(updates) ? `${updateStatusText(updates, new Date()).headline}.` : null

  return (
    <section className="card settings-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-group__title">
        Settings
      </h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <div className="settings-group__body">
          <ErrorAlert title={errorTitle(settings.error.kind)} message={settings.error.message} />
          <Button
            variant="secondary"
            busy={settings.isFetching}
            busyLabel="Trying again…"
            onClick={() => void settings.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="settings-group__body">
            <SettingSwitch
              settings={settings.data}
              settingKey="startAtLogin"
              label="Start at login"
              unavailable={settings.data.startAtLoginAvailable ? null : startAtLoginUnavailable}
              note="Opens Operately Tray in the tray when you log in to this computer."
            />
            <SettingSwitch
              settings={settings.data}
              settingKey="autoUpdate"
              label="Install updates automatically"
              note={updateNote ?? 'Downloads new versions in the background and asks before restarting.'}
            />
            <SettingSwitch
              settings={settings.data}
              settingKey="keepOpenOnBlur"
              label="Keep the popup open when it loses focus"
              note="Otherwise it closes when you click in another window."
            />
            <ShortcutField settings={settings.data} />
          </div>
          <PolicyWarnings warnings={settings.data.policyWarnings} />
        </>
      )}
    </section>
  )
}

/** Parts of IT's policy that were ignored: worth telling IT, so they are shown, not only logged. */
function PolicyWarnings({ warnings }: { warnings: string[] }) {
  const titleId = useId()
  if (warnings.length === 0) return null
  return (
    <section className="notice notice--warning" aria-labelledby={titleId}>
      <h3 id={titleId} className="notice__title">
        <AlertIcon className="notice__icon" />
        Some of your organisation’s settings were ignored
      </h3>
      <ul className="notice__steps">
        {warnings.map((warning, index) => (
          <li key={`${index}:${warning}`}>{warning}</li>
        ))}
      </ul>
      <p>Tell your IT department; everything else they set still applies.</p>
    </section>
  )
}
