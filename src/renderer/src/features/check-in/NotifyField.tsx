import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { SubscriberCandidate } from '@shared/domain/goals'
import { FieldError } from './FieldError'
import type { CheckInFormValues } from './form-values'

/**
 * "Notify everyone" or "Only the people I choose", with a checkbox per person who may follow the goal. As
 * in Operately's form, the champion and the reviewer are always told: their boxes stay ticked.
 */
export function NotifyField({
  form,
  candidates,
  areaError,
  kind = 'goal',
}: {
  form: UseFormReturn<CheckInFormValues>
  candidates: SubscriberCandidate[]
  areaError: string | undefined
  /** What is checked in on: said where nobody else follows it. */
  kind?: 'goal' | 'project'
}) {
  const id = useId()
  const { register, setValue, control } = form
  const mode = useWatch({ control, name: 'notify.mode' })
  const chosen = useWatch({ control, name: 'notify.personIds' })

  // The form starts with them chosen (form-values.ts); a box that cannot be unticked keeps them so.
  const toggle = (personId: string, on: boolean) => {
    const next = on
      ? [...chosen.filter((p) => p !== personId), personId]
      : chosen.filter((p) => p !== personId)
    setValue('notify.personIds', next, { shouldDirty: true })
  }

  return (
    <fieldset className="ci-section" aria-describedby={areaError ? `${id}-error` : undefined}>
      <legend className="ci-section__label">Who is notified</legend>
      <FieldError id={`${id}-error`} message={areaError} />
      <div className="ci-choices">
        <label className="ci-choice">
          <input type="radio" value="everyone" className="ci-choice__input" {...register('notify.mode')} />
          <span>Notify everyone</span>
        </label>
        <label className="ci-choice">
          <input type="radio" value="selected" className="ci-choice__input" {...register('notify.mode')} />
          <span>Only the people I choose</span>
        </label>
      </div>
      {mode === 'selected' ? (
        candidates.length === 0 ? (
          <p className="ci-section__hint">Nobody else follows this {kind}: only you will be subscribed.</p>
        ) : (
          <div className="ci-people" role="group" aria-label="People to notify">
            {candidates.map((person) => (
              <label key={person.personId} className="ci-check">
                <input
                  type="checkbox"
                  className="ci-check__box"
                  checked={person.alwaysNotified || chosen.includes(person.personId)}
                  // Not `disabled`: a box the keyboard skips could not be read out on the way through.
                  aria-disabled={person.alwaysNotified || undefined}
                  // Not prevented: React puts a controlled box back as `checked` says once the change is
                  // handled, where a prevented click is undone by the browser as well and ends unticked.
                  onChange={(event) => {
                    if (!person.alwaysNotified) toggle(person.personId, event.target.checked)
                  }}
                />
                <span>
                  {person.fullName}
                  {person.role ? <span className="ci-check__detail"> · {person.role}</span> : null}
                  {person.alwaysNotified ? <span className="ci-check__detail">, always notified</span> : null}
                </span>
              </label>
            ))}
          </div>
        )
      ) : null}
    </fieldset>
  )
}
