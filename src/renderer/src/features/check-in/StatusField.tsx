import { useId } from 'react'
import type { UseFormRegister } from 'react-hook-form'
import { checkInStatuses } from '@shared/domain/check-ins'
import { FieldError } from './FieldError'
import type { CheckInFormValues } from './form-values'
import { statusDisplay } from './goal-display'

/** On track / Caution / Off track as native radios (arrow keys move between them), with colour and words. */
export function StatusField({
  register,
  error,
}: {
  register: UseFormRegister<CheckInFormValues>
  error: string | undefined
}) {
  const id = useId()
  return (
    <div className="ci-section">
      <div id={`${id}-label`} className="ci-section__label">
        Status
      </div>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
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
