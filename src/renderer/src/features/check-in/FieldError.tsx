import { AlertIcon } from '../../ui/icons'

/** An error shown under the control it concerns, tied to it with aria-describedby by the caller. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field__error">
      <AlertIcon className="field__error-icon" />
      <span>{message}</span>
    </p>
  )
}
