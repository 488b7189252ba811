import { useId } from 'react'
import { useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import type { Target } from '@shared/domain/goals'
import { LiveRegion } from '../../ui/LiveRegion'
import { FieldError } from './FieldError'
import { readTarget, type CheckInFormValues, type TargetReading } from './form-values'
import { targetRangeText } from './goal-display'
import { ambiguityQuestion, formatNumberIn, unambiguousText } from './number-text'
import type { NumberLocale } from './number-conventions'
import { TargetTrend } from './TargetTrend'
import type { TrendPoint } from './trend-geometry'

const noPoints: readonly TrendPoint[] = []

/** The number the field will send: what was typed, the current value while untouched, else none. */
function typedValue(target: Target, reading: TargetReading): number | null {
  if (reading.kind === 'number') return reading.value
  if (reading.kind === 'unchanged') return target.value
  return null
}

/**
 * One number field per target, labelled with its name, showing its unit and where it goes (from → to).
 * Numbers are read the locale's way; one that could mean two numbers ("1.200" in en-US) asks which, right
 * under the field, with each reading as a button, instead of guessing. Given the goal's history, each
 * target also shows its trend, with the value being typed as the next point.
 */
export function TargetFields({
  targets,
  form,
  locale,
  errors,
  areaError,
  history,
}: {
  targets: Target[]
  form: UseFormReturn<CheckInFormValues>
  /** How the person writes numbers (decimal sign, thousands separator). */
  locale: NumberLocale
  errors: FieldErrors<CheckInFormValues>['targets']
  areaError: string | undefined
  /**
   * The values the goal's check-ins recorded, by target id: each target then shows its trend (a target
   * missing here has none recorded yet). Without it, no trends are shown.
   */
  history?: Readonly<Record<string, readonly TrendPoint[]>>
}) {
  const id = useId()
  const { register, control, setValue, setFocus, formState } = form
  const typed = useWatch({ control, name: 'targets' })
  if (targets.length === 0) return null

  const choose = (i: number, value: number) => {
    // Written back so that it reads as the chosen number unasked: the question goes away by itself.
    setValue(`targets.${i}.value`, unambiguousText(value, locale), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    })
    setFocus(`targets.${i}.value`)
  }

  return (
    <div className="ci-section" role="group" aria-labelledby={`${id}-label`}>
      <div id={`${id}-label`} className="ci-section__label">
        Targets
      </div>
      <FieldError id={`${id}-area-error`} message={areaError} />
      <div className="ci-targets">
        {targets.map((target, i) => {
          const inputId = `${id}-${i}`
          const reading = readTarget(target, typed[i]?.value ?? '', locale)
          const question = reading.kind === 'ambiguous' ? ambiguityQuestion(reading, locale) : null
          const errorText = errors?.[i]?.value?.message
          // An ambiguous number's error is its question: said once, with the answers under it.
          const error = errorText === question ? undefined : errorText
          return (
            <div
              key={target.id}
              className={['ci-target', errorText ? 'field--invalid' : ''].filter(Boolean).join(' ')}
            >
              <label htmlFor={inputId} className="ci-target__name">
                {target.name}
              </label>
              <span id={`${inputId}-range`} className="ci-target__range">
                {targetRangeText(target, locale)}
              </span>
              <div className="field__frame ci-target__frame">
                <input
                  id={inputId}
                  className="field__input ci-target__input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={errorText ? true : undefined}
                  aria-describedby={[
                    `${inputId}-range`,
                    question ? `${inputId}-question` : '',
                    error ? `${inputId}-error` : '',
                  ]
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
                {/* The question's words are a live region that is there, empty, before the number is
                    typed: it is read out when it appears. The answers come and go with it. */}
                <div
                  className={question ? 'ci-question' : undefined}
                  role={question ? 'group' : undefined}
                  aria-labelledby={question ? `${inputId}-question` : undefined}
                >
                  <LiveRegion className="ci-question__text" label={`${target.name}: number question`}>
                    {question ? <span id={`${inputId}-question`}>{question}</span> : null}
                  </LiveRegion>
                  {reading.kind === 'ambiguous' ? (
                    <span className="ci-question__answers">
                      {[reading.grouped, reading.decimal].map((value) => (
                        <button
                          key={value}
                          type="button"
                          className="ci-question__answer"
                          onClick={() => choose(i, value)}
                        >
                          {formatNumberIn(value, locale)}
                          {target.unit ? <span className="ci-question__unit"> {target.unit}</span> : null}
                        </button>
                      ))}
                    </span>
                  ) : null}
                </div>
              </div>
              {history ? (
                <TargetTrend
                  target={target}
                  points={history[target.id] ?? noPoints}
                  next={typedValue(target, reading)}
                  locale={locale}
                />
              ) : null}
            </div>
          )
        })}
      </div>
    </div>
  )
}
