import { useId } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import type { Target } from '@shared/domain/goals'
import { FieldError } from './FieldError'
import type { CheckInFormValues } from './form-values'
import { targetRangeText } from './goal-display'

/** One number field per target, labelled with its name, showing its unit and where it goes (from → to). */
export function TargetFields({
  targets,
  register,
  errors,
  areaError,
}: {
  targets: Target[]
  register: UseFormRegister<CheckInFormValues>
  errors: FieldErrors<CheckInFormValues>['targets']
  areaError: string | undefined
}) {
  const id = useId()
  if (targets.length === 0) return null
  return (
    <div className="ci-section" role="group" aria-labelledby={`${id}-label`}>
      <div id={`${id}-label`} className="ci-section__label">
        Targets
      </div>
      <FieldError id={`${id}-area-error`} message={areaError} />
      <div className="ci-targets">
        {targets.map((target, i) => {
          const inputId = `${id}-${i}`
          const error = errors?.[i]?.value?.message
          return (
            <div
              key={target.id}
              className={['ci-target', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}
            >
              <label htmlFor={inputId} className="ci-target__name">
                {target.name}
              </label>
              <span id={`${inputId}-range`} className="ci-target__range">
                {targetRangeText(target)}
              </span>
              <div className="field__frame ci-target__frame">
                <input
                  id={inputId}
                  className="field__input ci-target__input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[`${inputId}-range`, error ? `${inputId}-error` : '']
                    .filter(Boolean)
                    .join(' ')}
                  {...register(`targets.${i}.value`)}
                />
                {target.unit ? (
                  <span className="ci-target__unit" aria-hidden="true">
                    {target.unit}
                  </span>
                ) : null}
              </div>
              <div className="ci-target__error">
                <FieldError id={`${inputId}-error`} message={error} />
              </div>
            </div>
          )
        })}
      </div>
    </div>
  )
}
