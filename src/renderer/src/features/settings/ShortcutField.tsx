import { useRef, useState, type FormEvent } from 'react'
import { useUpdateSettings, type SettingsView } from '../../bridge/settings'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/TextField'
import { LockIcon } from '../../ui/icons'
import { managedByOrganisation } from './managed'

/**
 * The system-wide shortcut that opens the popup. Main checks the combination (the same rules as for IT's
 * policy) and its reason for refusing one appears under the field. Empty means no shortcut at all.
 */
export function ShortcutField({ settings }: { settings: SettingsView }) {
  const update = useUpdateSettings()
  const input = useRef<HTMLInputElement>(null)
  const locked = settings.locked.includes('globalShortcut')
  const saved = settings.values.globalShortcut
  // What the person is typing; null shows the saved shortcut (and follows it when it changes elsewhere).
  const [draft, setDraft] = useState<string | null>(null)
  const [confirmed, setConfirmed] = useState(false)
  const value = draft ?? saved

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (locked || update.isPending) return
    setConfirmed(false)
    update.mutate(
      { globalShortcut: value.trim() },
      {
        onSuccess: () => {
          setDraft(null)
          setConfirmed(true)
        },
        onSettled: () => {
          // The busy button dropped focus while saving: keyboard users carry on from the field.
          if (document.activeElement === document.body || document.activeElement === null)
            input.current?.focus()
        },
        onError: () => input.current?.focus(),
      },
    )
  }

  return (
    <form className="setting setting--shortcut" noValidate onSubmit={onSubmit}>
      <TextField
        ref={input}
        label="Global shortcut"
        value={value}
        readOnly={locked}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder="None"
        className="field--shortcut"
        error={update.error?.message}
        hint={
          locked ? (
            <span className="setting__note--locked">
              <LockIcon className="setting__note-icon" /> {managedByOrganisation}
            </span>
          ) : (
            'Opens and closes this popup from any app, for example CommandOrControl+Shift+O. Leave it empty for no shortcut.'
          )
        }
        onChange={(event) => {
          setDraft(event.target.value)
          setConfirmed(false)
        }}
      />
      {locked ? null : (
        <div className="setting__actions">
          <Button type="submit" variant="secondary" busy={update.isPending} busyLabel="Saving…">
            Save shortcut
          </Button>
          <p role="status" className="setting__saved">
            {confirmed
              ? saved === ''
                ? 'No shortcut: open the popup from the tray icon.'
                : `Saved: ${saved}`
              : ''}
          </p>
        </div>
      )}
    </form>
  )
}
