import { useId } from 'react'
import type { UseFormRegister } from 'react-hook-form'
import type { ChecklistItem } from '@shared/domain/goals'
import { FieldError } from './FieldError'
import type { CheckInFormValues } from './form-values'

/** A checkbox per checklist item, in the goal's order. */
export function ChecklistField({
  items,
  register,
  areaError,
}: {
  /** In index order, the same order as the form's `checklist` values. */
  items: ChecklistItem[]
  register: UseFormRegister<CheckInFormValues>
  areaError: string | undefined
}) {
  const id = useId()
  if (items.length === 0) return null
  return (
    <fieldset className="ci-section" aria-describedby={areaError ? `${id}-error` : undefined}>
      <legend className="ci-section__label">Checklist</legend>
      <FieldError id={`${id}-error`} message={areaError} />
      <div className="ci-checklist">
        {items.map((item, i) => (
          <label key={item.id} className="ci-check">
            <input type="checkbox" className="ci-check__box" {...register(`checklist.${i}.completed`)} />
            <span>{item.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
