import {
  defaultReminderTime,
  reminderSettingsSchema,
  type ReminderSettings,
  type ReminderSettingsInput,
} from '@shared/domain/assignments'
import type { WorkingTime } from '@shared/domain/working-time'
import { AppFailure, appError } from '@shared/errors'
import { localMoment, systemTimeZone } from '../assignments/calendar'
import { realTimers, type Timers } from '../assignments/timers'
import type { Logger } from '../log/logger'
import {
  dueReminders,
  reminderKey,
  reminderTimeMs,
  remindersFor,
  type Reminder,
  type ReminderCandidate,
} from './reminder-rules'
import type { RemindersState, RemindersStore } from './reminders-store'
import { isWorkingAt, msUntilWorkingTime, workingTimeOf } from './working-hours'

const DAY_MS = 86_400_000

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}
/** The scheduler looks again at least this often, so sleep, clock or time-zone changes never delay it long. */
export const MAX_WAIT_MS = 3_600_000
/** A record of a sent reminder is kept this long after its item left the list. */
const KEEP_GONE_DAYS = 7

export interface EnabledSwitch {
  get(): boolean
  set(enabled: boolean): Promise<void>
}

/** Puts a reminder on screen; false when the system cannot show notifications. */
export type ShowReminder = (reminder: Reminder) => boolean

export interface ReminderSchedulerOptions {
  store: RemindersStore
  /** The goal check-ins owed now; null while that is not known well enough to remind about. */
  items: () => readonly ReminderCandidate[] | null
  log: Logger
  now?: () => number
  timeZone?: () => string
  timers?: Timers
  /** Whether reminders are on until the user decides (an administrator's policy may say off). */
  defaultEnabled?: boolean | (() => boolean)
  /** Told after the working days or quiet hours were saved (polling follows them too). */
  onWorkingTimeChange?: () => void
}

export interface ReminderScheduler {
  getSettings(): Promise<ReminderSettings>
  /** Saves the settings; working days and quiet hours left out stay as they are. */
  setSettings(settings: ReminderSettingsInput): Promise<ReminderSettings>
  /** The working days and quiet hours now (the defaults until the record has been read). */
  workingTime(): WorkingTime
  /**
   * Makes the app's settings the one on/off switch (its `reminders` value, whose default an
   * administrator's policy may recommend): read from it, and written to it by setSettings. Until then
   * the switch is kept in reminders.json with `defaultEnabled`. Checks again at once.
   */
  useEnabledSwitch(enabledSwitch: EnabledSwitch): void
  /** Starts reminding through `show` (the shell's notifications); stop() ends it. */
  start(show: ShowReminder): void
  stop(): void
  /** Looks now: the list changed, or the computer woke up. */
  check(): void
  /** Resolves once nothing is being checked or saved. */
  whenIdle(): Promise<void>
}

/**
 * Sends check-in reminders at the chosen local time (see reminder-rules.ts for the rules), remembering in
 * `reminders.json` what went out on which day. Time comes only from the injected clock and timers.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const { store, log } = options
  const now = options.now ?? Date.now
  const timeZone = options.timeZone ?? systemTimeZone
  const timers = options.timers ?? realTimers
  const toSource = (value: boolean | (() => boolean)) => (typeof value === 'function' ? value : () => value)
  const defaultEnabled = toSource(options.defaultEnabled ?? true)
  let enabledSwitch: EnabledSwitch | null = null

  let state: RemindersState | null = null
  let loading: Promise<RemindersState> | null = null
  let show: ShowReminder | null = null
  let timer: unknown = null
  // Checks and saves run one after another, never interleaved.
  let queue: Promise<void> = Promise.resolve()

  const load = async (): Promise<RemindersState> => {
    if (state) return state
    loading ??= store.read().then((read) => (state ??= read))
    return loading
  }

  const settingsOf = (s: RemindersState): ReminderSettings => {
    const working = workingTimeOf(s.settings)
    return {
      enabled: enabledSwitch ? enabledSwitch.get() : (s.settings?.enabled ?? defaultEnabled()),
      time: s.settings?.time ?? defaultReminderTime,
      workingDays: [...working.workingDays],
      quietHours: { ...working.quietHours },
    }
  }

  const save = (next: RemindersState) =>
    store.write(next).catch((err: unknown) => {
      log.warn('could not save the reminder record; a reminder may repeat after a restart', {
        error: String(err),
      })
    })

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work)
    queue = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
  }

  const schedule = (instant: number, msOfDay: number, timeMs: number, working: WorkingTime) => {
    clearTimer()
    if (!show) return
    // Until the chosen time, or until working time begins (held-back reminders go then), whichever comes
    // first; capped so that a long sleep, a DST change or a new time zone is caught within the hour.
    const untilTime = msOfDay < timeMs ? timeMs - msOfDay : DAY_MS - msOfDay + timeMs
    const untilWorking = msUntilWorkingTime(instant, timeZone(), working) || Number.POSITIVE_INFINITY
    timer = timers.setTimeout(
      () => {
        timer = null
        check()
      },
      Math.max(1000, Math.min(untilTime, untilWorking, MAX_WAIT_MS)),
    )
  }

  const evaluate = async () => {
    const current = await load()
    if (!show) return
    const settings = settingsOf(current)
    const working = workingTimeOf(current.settings)
    const timeMs = reminderTimeMs(settings.time, working.quietHours)
    const instant = now()
    const moment = localMoment(instant, timeZone())
    if (!settings.enabled) {
      // Nothing to wait for: turning reminders on checks again.
      clearTimer()
      return
    }
    schedule(instant, moment.msOfDay, timeMs, working)
    const items = options.items()
    if (!items) return
    const notified = { ...current.notified }
    // Forget items that left the list a while ago (written and done); keep recent ones, in case the
    // server lists one again the same day.
    const listed = new Set(items.map(reminderKey))
    for (const [key, sent] of Object.entries(notified)) {
      const last = [sent.dueOn, sent.overdueOn]
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1)
      if (!listed.has(key) && (!last || Date.parse(last) < Date.parse(moment.date) - KEEP_GONE_DAYS * DAY_MS))
        delete notified[key]
    }
    if (!isWorkingAt(instant, timeZone(), working)) {
      if (Object.keys(notified).length !== Object.keys(current.notified).length) {
        state = { ...current, notified }
        await save(state)
      }
      return
    }
    const due = dueReminders(items, notified, moment.date, moment.msOfDay, timeMs)
    const shown =
      due.length > 0 && remindersFor(due, moment.date).every((reminder) => show?.(reminder) ?? false)
    if (shown) {
      for (const { key, kind } of due) {
        const sent = notified[key] ?? { dueOn: null, overdueOn: null }
        notified[key] = kind === 'due' ? { ...sent, dueOn: moment.date } : { ...sent, overdueOn: moment.date }
      }
    }
    if (shown || Object.keys(notified).length !== Object.keys(current.notified).length) {
      state = { ...current, notified }
      await save(state)
    }
  }

  const check = () => {
    void enqueue(evaluate).catch((err: unknown) =>
      log.error('checking reminders failed', { error: String(err) }),
    )
  }

  return {
    async getSettings() {
      return settingsOf(await load())
    },

    async setSettings(input) {
      const settings = await enqueue(async () => {
        const current = await load()
        const before = settingsOf(current)
        const parsed = reminderSettingsSchema.safeParse({
          ...input,
          workingDays: input.workingDays ?? before.workingDays,
          quietHours: input.quietHours ?? before.quietHours,
        })
        if (!parsed.success) {
          const problem = parsed.error.issues[0]?.message ?? 'these reminder settings cannot be saved'
          throw new AppFailure(appError('invalid_input', sentence(problem)))
        }
        if (enabledSwitch) await enabledSwitch.set(parsed.data.enabled)
        state = { ...current, settings: parsed.data }
        await store.write(state)
        const after = settingsOf(state)
        if (
          JSON.stringify([after.workingDays, after.quietHours]) !==
          JSON.stringify([before.workingDays, before.quietHours])
        )
          options.onWorkingTimeChange?.()
        return after
      })
      check()
      return settings
    },

    workingTime: () => workingTimeOf(state?.settings ?? null),

    useEnabledSwitch(next) {
      enabledSwitch = next
      check()
    },

    start(next) {
      show = next
      check()
    },

    stop() {
      show = null
      clearTimer()
    },

    check,

    async whenIdle() {
      let seen: Promise<void> | null = null
      while (seen !== queue) {
        seen = queue
        await seen
      }
    },
  }
}
