import { AlertIcon, LockIcon } from '../../ui/icons'

/** The line under a setting: why it cannot be changed (with a lock when IT manages it), or what it does. */
export function SettingNote({ id, text, locked }: { id: string; text: string; locked: boolean }) {
  return (
    <p id={id} className={locked ? 'setting__note setting__note--locked' : 'setting__note'}>
      {locked ? <LockIcon className="setting__note-icon" /> : null}
      <span>{text}</span>
    </p>
  )
}

/** A failed save, next to the setting it concerns; announced as it appears. */
export function SettingError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <div id={id} role="alert" className="setting__error">
      {message ? (
        <>
          <AlertIcon className="setting__error-icon" />
          <span>{message}</span>
        </>
      ) : null}
    </div>
  )
}
