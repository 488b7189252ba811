import { AboutSection } from './AboutSection'
import { SettingsSection } from './SettingsSection'

/** Everything under the account card: the app's settings and the About view. */
export function SettingsPanel() {
  return (
    <div className="settings-panel">
      <SettingsSection />
      <AboutSection />
    </div>
  )
}
