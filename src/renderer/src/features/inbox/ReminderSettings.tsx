import { useId, useState, type KeyboardEvent } from 'react'
import type { ReminderSettings as Settings } from '@shared/domain/assignments'
import { useReminderSettings, useSaveReminderSettings } from '../../bridge/assignments'
import type { BridgeError } from '../../bridge/bridge-error'
import { AlertIcon } from '../../ui/icons'
import { reminderTimeProblem } from './reminder-time'
import { Loading } from '../../ui/Loading'
import { QuietHoursField, WorkingDaysField } from './WorkingTimeFields'

function FieldProblem({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} className="field__error">
      <AlertIcon className="field__error-icon" />
      <span>{message}</span>
    </p>
  ) : null
}

/**
 * Check-in reminders, in the Account section: one switch for all of them, the time of day they come (on
 * the day a check-in is due), the working days and the quiet hours (which the inbox's polling follows
 * too). Each change is saved at once; a time when the field is left or Enter is pressed. Problems show
 * next to the control they concern.
 */
export function ReminderSettings() {
  const settings = useReminderSettings()
  const save = useSaveReminderSettings()
  const id = useId()
  // The time as typed, until it is saved; null shows the saved one.
  const [typedTime, setTypedTime] = useState<string | null>(null)
  const [timeProblem, setTimeProblem] = useState<string | null>(null)
  const [switchProblem, setSwitchProblem] = useState<string | null>(null)
  const [savedNote, setSavedNote] = useState('')
  const [wanted, setWanted] = useState<Settings | null>(null)

  if (settings.isPending) {
    return <Loading what="Loading reminder settings…" />
  }
  if (settings.isError) {
    return (
      <section className="card reminders" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="reminders__title">
          Reminders
        </h2>
        <p className="field__error">
          <AlertIcon className="field__error-icon" />
          <span>Your reminder settings could not be read: {settings.error.message}</span>
        </p>
      </section>
    )
  }

  // What the person asked for last: shown at once, and sent whole, so a change made while another is
  // still being saved (leaving the time field by clicking the switch) neither waits nor undoes it.
  const current = wanted ?? settings.data
  const time = typedTime ?? current.time

  const store = (next: Settings, onProblem: (message: string | null) => void, note: string) => {
    onProblem(null)
    setSavedNote('')
    setWanted(next)
    save.mutate(next, {
      // Called for the latest change only (react-query drops the callbacks of calls overtaken by it).
      onSuccess: () => {
        setWanted(null)
        setSavedNote(note)
        // The field shows the saved time again, unless the person has typed on since.
        setTypedTime((typed) => (typed === next.time ? null : typed))
      },
      onError: (error: BridgeError) => {
        setWanted(null)
        onProblem(`Not saved: ${error.message}`)
      },
    })
  }

  const toggle = () =>
    store(
      { ...current, enabled: !current.enabled },
      setSwitchProblem,
      current.enabled ? 'Reminders are off.' : `Reminders are on, at ${current.time}.`,
    )

  const commitTime = () => {
    if (typedTime === null) return
    if (typedTime === current.time) {
      setTypedTime(null)
      setTimeProblem(null)
      return
    }
    const problem = reminderTimeProblem(typedTime, current.quietHours)
    if (problem) {
      setTimeProblem(problem)
      setSavedNote('')
      return
    }
    store({ ...current, time: typedTime }, setTimeProblem, `Reminders will come at ${typedTime}.`)
  }

  const onTimeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commitTime()
    }
  }

  const switchErrorId = `${id}-switch-error`
  const timeErrorId = `${id}-time-error`
  const timeHintId = `${id}-time-hint`

  return (
    <section className="card reminders" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="reminders__title">
        Reminders
      </h2>

      <div className="reminders__row">
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            className="switch__input"
            checked={current.enabled}
            aria-busy={save.isPending || undefined}
            aria-invalid={switchProblem ? true : undefined}
            aria-describedby={switchProblem ? switchErrorId : undefined}
            onChange={toggle}
          />
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__label">Remind me when check-ins are due</span>
        </label>
        <FieldProblem id={switchErrorId} message={switchProblem} />
      </div>

      <div className={timeProblem ? 'field field--invalid reminders__time' : 'field reminders__time'}>
        <label htmlFor={`${id}-time`} className="field__label">
          Remind me at
        </label>
        <div className="field__frame reminders__time-frame">
          <input
            id={`${id}-time`}
            type="time"
            className="field__input"
            required
            value={time}
            aria-invalid={timeProblem ? true : undefined}
            aria-describedby={[timeProblem ? timeErrorId : null, timeHintId].filter(Boolean).join(' ')}
            onChange={(event) => {
              setTypedTime(event.target.value)
              // A problem already shown goes away as soon as the time is right, not only on leaving.
              if (timeProblem && reminderTimeProblem(event.target.value, current.quietHours) === null)
                setTimeProblem(null)
            }}
            onBlur={commitTime}
            onKeyDown={onTimeKey}
          />
        </div>
        <FieldProblem id={timeErrorId} message={timeProblem} />
        <p id={timeHintId} className="field__hint">
          On the day a check-in is due, and once more if it is still open later. Outside your quiet hours (
          {current.quietHours.from}–{current.quietHours.to}).
        </p>
      </div>

      <WorkingDaysField current={current} store={store} />
      <QuietHoursField current={current} store={store} />

      <p className="reminders__saved" role="status">
        {savedNote}
      </p>
    </section>
  )
}
