import { useId } from 'react'
import type { UseFormRegister } from 'react-hook-form'
import { checkInStatuses } from '@shared/domain/check-ins'
import { FieldError } from './FieldError'
import type { CheckInFormValues } from './form-values'
import { statusDisplay } from './goal-display'
import { StatusBadge } from './StatusBadge'

/**
 * On track / Caution / Off track as native radios (arrow keys move between them), with colour and words.
 * None is chosen when the form opens: the person decides how the goal is doing now, with the goal's
 * status so far shown beside the label for reference.
 */
export function StatusField({
  register,
  previous,
  error,
}: {
  register: UseFormRegister<CheckInFormValues>
  /** The goal's status before this check-in, as the server has it (null when it has none). */
  previous: string | null
  error: string | undefined
}) {
  const id = useId()
  return (
    <div className="ci-section">
      <div className="ci-section__head">
        <div id={`${id}-label`} className="ci-section__label">
          Status
        </div>
        {previous ? (
          <p id={`${id}-previous`} className="ci-section__hint ci-status-previous">
            Until now <StatusBadge status={previous} />
          </p>
        ) : null}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={
          [previous ? `${id}-previous` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        className="status-choices"
      >
        {checkInStatuses.map((status) => {
          const { label, tone } = statusDisplay(status)
          return (
            <label key={status} className={`status-choice status-choice--${tone}`}>
              <input type="radio" value={status} className="status-choice__input" {...register('status')} />
              <span className="status-dot" aria-hidden="true" />
              {label}
            </label>
          )
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
