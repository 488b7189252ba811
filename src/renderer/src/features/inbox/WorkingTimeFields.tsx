import { useId, useState, type KeyboardEvent } from 'react'
import type { ReminderSettings as Settings } from '@shared/domain/assignments'
import { reminderTimeRuleProblem } from '@shared/domain/reminder-time'
import {
  TIME_PATTERN,
  WEEKDAYS,
  WEEKDAY_NAMES,
  inWeekOrder,
  quietHoursProblem,
  workingDaysProblem,
  type QuietHours,
  type Weekday,
} from '@shared/domain/working-time'
import { AlertIcon } from '../../ui/icons'

/** Saves `next` whole; `onProblem` shows a refusal (or clears it with null), `note` is said once saved. */
export type StoreSettings = (
  next: Settings,
  onProblem: (message: string | null) => void,
  note: string,
) => void

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

function FieldProblem({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} className="field__error">
      <AlertIcon className="field__error-icon" />
      <span>{message}</span>
    </p>
  ) : null
}

const dayList = (days: readonly Weekday[]) => days.map((day) => WEEKDAY_NAMES[day]).join(', ')

/**
 * The working days: seven checkboxes in one labelled group, each change saved at once. Unticking the
 * last one is refused next to the group (reminders need at least one day).
 */
export function WorkingDaysField({ current, store }: { current: Settings; store: StoreSettings }) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`

  const toggle = (day: Weekday, on: boolean) => {
    const next = inWeekOrder(
      on ? [...current.workingDays, day] : current.workingDays.filter((d) => d !== day),
    )
    const refused = workingDaysProblem(next)
    if (refused) {
      setProblem(sentence(refused))
      return
    }
    store({ ...current, workingDays: next }, setProblem, `Reminders only on ${dayList(next)}.`)
  }

  return (
    <fieldset
      className={problem ? 'reminders__group reminders__group--invalid' : 'reminders__group'}
      aria-describedby={[problem ? errorId : null, hintId].filter(Boolean).join(' ')}
    >
      <legend className="field__label">Working days</legend>
      <div className="reminders__days">
        {WEEKDAYS.map((day) => (
          <label key={day} className="reminders__day">
            <input
              type="checkbox"
              checked={current.workingDays.includes(day)}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => toggle(day, event.target.checked)}
            />
            <span>{WEEKDAY_NAMES[day]}</span>
          </label>
        ))}
      </div>
      <FieldProblem id={errorId} message={problem} />
      <p id={hintId} className="field__hint">
        Reminders, and the app&apos;s checks for what is due, only on these days.
      </p>
    </fieldset>
  )
}

/**
 * The quiet hours: two times (they may run past midnight), each saved when the field is left or Enter
 * is pressed. Refused next to them: equal times, or hours that would swallow the reminder time.
 */
export function QuietHoursField({ current, store }: { current: Settings; store: StoreSettings }) {
  const id = useId()
  const [typed, setTyped] = useState<Partial<QuietHours>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const shown: QuietHours = { ...current.quietHours, ...typed }

  const check = (quiet: QuietHours): string | null => {
    if (!TIME_PATTERN.test(quiet.from) || !TIME_PATTERN.test(quiet.to)) return 'Enter times like 22:00.'
    const refused = quietHoursProblem(quiet)
    if (refused) return sentence(refused)
    if (reminderTimeRuleProblem(current.time, quiet) !== null)
      return `Your reminder time, ${current.time}, would fall in these quiet hours: change one of them first.`
    return null
  }

  const commit = () => {
    if (typed.from === undefined && typed.to === undefined) return
    if (shown.from === current.quietHours.from && shown.to === current.quietHours.to) {
      setTyped({})
      setProblem(null)
      return
    }
    const refused = check(shown)
    if (refused) {
      setProblem(refused)
      return
    }
    store(
      { ...current, quietHours: shown },
      setProblem,
      `Reminders keep quiet from ${shown.from} to ${shown.to}.`,
    )
    setTyped({})
  }

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    }
  }

  const input = (part: keyof QuietHours, label: string) => (
    <div className="field reminders__quiet-part">
      <label htmlFor={`${id}-${part}`} className="field__label">
        {label}
      </label>
      <div className="field__frame reminders__time-frame">
        <input
          id={`${id}-${part}`}
          type="time"
          className="field__input"
          required
          value={shown[part]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? errorId : null, hintId].filter(Boolean).join(' ')}
          onChange={(event) => {
            const next = { ...typed, [part]: event.target.value }
            setTyped(next)
            if (problem && check({ ...current.quietHours, ...next }) === null) setProblem(null)
          }}
          onBlur={commit}
          onKeyDown={onKey}
        />
      </div>
    </div>
  )

  return (
    <fieldset className={problem ? 'reminders__group reminders__group--invalid' : 'reminders__group'}>
      <legend className="field__label">Quiet hours</legend>
      <div className="reminders__quiet">
        {input('from', 'Quiet from')}
        {input('to', 'Quiet until')}
      </div>
      <FieldProblem id={errorId} message={problem} />
      <p id={hintId} className="field__hint">
        No reminder and no checks for what is due between these times; a reminder held back comes when they
        end. They may run past midnight.
      </p>
    </fieldset>
  )
}
