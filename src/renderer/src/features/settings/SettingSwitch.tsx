import { useId, useState } from 'react'
import { useUpdateSettings, type SettingsView } from '../../bridge/settings'
import { managedByOrganisation } from './managed'
import { SettingError, SettingNote } from './SettingNote'

export type SwitchKey = 'startAtLogin' | 'autoUpdate' | 'keepOpenOnBlur'

export interface SettingSwitchProps {
  settings: SettingsView
  settingKey: SwitchKey
  label: string
  /** Why the switch cannot be used here (when IT does not manage it); null when it can. */
  unavailable?: string | null
  /** What the switch does, or why it has no effect on this copy. */
  note?: string | null
}

/**
 * One on/off setting, saved as soon as it is flipped. The same switch as the reminders' (a real checkbox
 * with role="switch" under a drawn track, styled in inbox.css): Space flips it, its words name it, and the
 * line under it (why it is locked, what it does) is read with it. While a save is on its way the switch
 * shows the new position and ignores further presses.
 */
export function SettingSwitch({
  settings,
  settingKey,
  label,
  unavailable = null,
  note = null,
}: SettingSwitchProps) {
  const id = useId()
  const noteId = `${id}-note`
  const errorId = `${id}-error`
  const update = useUpdateSettings()
  const locked = settings.locked.includes(settingKey)
  const reason = locked ? managedByOrganisation : unavailable
  // The position asked for, held in the component's own state: react-query announces a pending mutation
  // a tick later, and a controlled checkbox would spring back for that tick (and be read as unflipped).
  const [asked, setAsked] = useState<boolean | null>(null)
  const busy = asked !== null
  const checked = asked ?? settings.values[settingKey]
  const noteText = reason ?? note
  const describedBy = [noteText ? noteId : null, update.error ? errorId : null].filter(Boolean).join(' ')

  return (
    <div className={reason ? 'setting setting--unavailable' : 'setting'}>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={checked}
          disabled={reason !== null}
          aria-busy={busy || undefined}
          aria-invalid={update.error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            if (busy) return
            setAsked(event.target.checked)
            // The cache holds main's answer before this runs (the hook's onSuccess comes first).
            update.mutate({ [settingKey]: event.target.checked }, { onSettled: () => setAsked(null) })
          }}
        />
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__label">{label}</span>
      </label>
      {noteText ? <SettingNote id={noteId} text={noteText} locked={locked} /> : null}
      <SettingError id={errorId} message={update.error?.message} />
    </div>
  )
}
