import { useId, type ComponentPropsWithRef, type ReactNode } from 'react'
import { AlertIcon } from './icons'

export interface TextFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  label: string
  /** Shown right under the input and announced with it (aria-describedby). */
  error?: string | undefined
  hint?: ReactNode
  /** A control inside the field's frame, such as a show/hide button; gets the input's id for aria-controls. */
  trailing?: (inputId: string) => ReactNode
}

/**
 * A labelled text input whose error and hint are tied to it for assistive technology. The error is
 * marked with an icon and the word-level message, never by the red border alone.
 */
export function TextField({ label, error, hint, trailing, className, ...input }: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__frame">
        <input
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing?.(id)}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          <AlertIcon className="field__error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
