import { useEffect, useId, useRef } from 'react'
import { useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { dateTypes, MONTH_NAMES, type ContextualDate, type DateType } from '@shared/domain/contextual-date'
import { Button } from '../../ui/Button'
import { FieldError } from './FieldError'
import { dueDateChange, type CheckInFormValues, type DueDateFields } from './form-values'
import { dueDateText } from './goal-display'

const PRECISION_LABELS: Record<DateType, string> = {
  day: 'Day',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
}

/** Years offered by the selects: from last year (or the goal's own year) to a few years ahead. */
function yearOptions(now: Date, current: ContextualDate | null, chosen: string): number[] {
  const thisYear = now.getFullYear()
  const years = new Set<number>()
  for (let y = thisYear - 1; y <= thisYear + 6; y++) years.add(y)
  if (current) years.add(Number(current.date.slice(0, 4)))
  if (/^\d{4}$/.test(chosen)) years.add(Number(chosen))
  return [...years].sort((a, b) => a - b)
}

/** The new due date the inputs describe, or null while they are incomplete. */
function preview(due: DueDateFields): ContextualDate | null {
  try {
    const change = dueDateChange({ ...due, mode: 'set' })
    return change.mode === 'set' ? change.date : null
  } catch {
    return null
  }
}

/**
 * The goal's due date: shown as it is, "Change" opens a precision (day, month, quarter, year) and the
 * inputs that precision needs, and "Remove due date" clears it on purpose. Untouched, it stays as it is.
 */
export function DueDateField({
  form,
  current,
  now,
  areaError,
}: {
  form: UseFormReturn<CheckInFormValues>
  current: ContextualDate | null
  now: Date
  areaError: string | undefined
}) {
  const id = useId()
  const { register, setValue, control } = form
  const errors: FieldErrors<CheckInFormValues>['due'] = form.formState.errors.due
  const due = useWatch({ control, name: 'due' })
  const changeButton = useRef<HTMLButtonElement>(null)

  // After "Change", "Remove" or "Keep", focus goes where the next thing to do is: the new inputs, the way
  // back, or the button that opens them again. Done once React has put those on screen.
  const focusAfter = useRef<DueDateFields['mode'] | null>(null)
  useEffect(() => {
    const mode = focusAfter.current
    focusAfter.current = null
    if (mode === 'set') document.getElementById(`${id}-precision-${due.precision}`)?.focus()
    if (mode === 'clear') document.getElementById(`${id}-undo`)?.focus()
    if (mode === 'keep') changeButton.current?.focus()
  }, [due.mode, due.precision, id])

  const setMode = (mode: DueDateFields['mode']) => {
    focusAfter.current = mode
    setValue('due.mode', mode, { shouldDirty: true })
  }

  const years = yearOptions(now, current, due.year)
  const next = due.mode === 'set' ? preview(due) : null
  const describedBy = areaError ? `${id}-area-error` : undefined

  return (
    <div className="ci-section" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
      <div className="ci-section__head">
        <div id={`${id}-label`} className="ci-section__label">
          Due date
        </div>
        {due.mode === 'keep' ? (
          <span className="ci-section__actions">
            <button
              ref={changeButton}
              type="button"
              className="ci-link"
              aria-label={current ? 'Change due date' : 'Set a due date'}
              onClick={() => setMode('set')}
            >
              {current ? 'Change' : 'Set'}
            </button>
            {current ? (
              <button type="button" className="ci-link ci-link--danger" onClick={() => setMode('clear')}>
                Remove due date
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
      <FieldError id={`${id}-area-error`} message={areaError} />

      {due.mode === 'keep' ? (
        <p className="ci-due__current">{dueDateText(current)}</p>
      ) : due.mode === 'clear' ? (
        <div className="ci-due__cleared">
          <p>
            <strong>The due date will be removed</strong> when you submit (
            {dueDateText(current).replace(/^Due /, 'now ')}).
          </p>
          <button id={`${id}-undo`} type="button" className="ci-link" onClick={() => setMode('keep')}>
            Keep the due date
          </button>
        </div>
      ) : (
        <div className="ci-due__editor">
          <div role="radiogroup" aria-label="Due date precision" className="ci-segmented">
            {dateTypes.map((precision) => (
              <label key={precision} className="ci-segmented__option">
                <input
                  id={`${id}-precision-${precision}`}
                  type="radio"
                  value={precision}
                  className="ci-segmented__input"
                  {...register('due.precision')}
                />
                {PRECISION_LABELS[precision]}
              </label>
            ))}
          </div>

          <div className="ci-due__inputs">
            {due.precision === 'day' ? (
              <label className="ci-mini ci-mini--wide">
                <span className="ci-mini__label">
                  <span className="visually-hidden">Due </span>
                  Day
                </span>
                <input
                  type="date"
                  className="ci-mini__control"
                  aria-invalid={errors?.day ? true : undefined}
                  aria-describedby={errors?.day ? `${id}-day-error` : undefined}
                  {...register('due.day')}
                />
              </label>
            ) : null}
            {due.precision === 'month' ? (
              <label className="ci-mini ci-mini--wide">
                <span className="ci-mini__label">
                  <span className="visually-hidden">Due </span>
                  Month
                </span>
                <select className="ci-mini__control" {...register('due.month')}>
                  {MONTH_NAMES.map((name, i) => (
                    <option key={name} value={String(i + 1)}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {due.precision === 'quarter' ? (
              <label className="ci-mini ci-mini--wide">
                <span className="ci-mini__label">
                  <span className="visually-hidden">Due </span>
                  Quarter
                </span>
                <select className="ci-mini__control" {...register('due.quarter')}>
                  {[1, 2, 3, 4].map((q) => (
                    <option key={q} value={String(q)}>
                      Q{q}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {due.precision !== 'day' ? (
              <label className="ci-mini">
                <span className="ci-mini__label">
                  <span className="visually-hidden">Due </span>
                  Year
                </span>
                <select
                  className="ci-mini__control"
                  aria-invalid={errors?.year ? true : undefined}
                  aria-describedby={errors?.year ? `${id}-year-error` : undefined}
                  {...register('due.year')}
                >
                  {years.map((year) => (
                    <option key={year} value={String(year)}>
                      {year}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <FieldError id={`${id}-day-error`} message={errors?.day?.message} />
          <FieldError
            id={`${id}-year-error`}
            message={errors?.year?.message ?? errors?.month?.message ?? errors?.quarter?.message}
          />

          <p className="ci-due__preview" aria-live="polite">
            {next ? <>New due date: {dueDateText(next).replace(/^Due /, '')}</> : 'Pick the new due date.'}
          </p>
          <span className="ci-due__editor-actions">
            <Button variant="secondary" className="ci-button-small" onClick={() => setMode('keep')}>
              {current ? 'Keep current date' : 'Cancel'}
            </Button>
            {/* Deciding against any date is one of the choices while picking one, not only before. */}
            {current ? (
              <button type="button" className="ci-link ci-link--danger" onClick={() => setMode('clear')}>
                Remove due date
              </button>
            ) : null}
          </span>
        </div>
      )}
    </div>
  )
}
