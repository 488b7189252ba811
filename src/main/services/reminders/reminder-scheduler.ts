import {
  defaultReminderTime,
  reminderSettingsSchema,
  type ReminderSettings,
} from '@shared/domain/assignments'
import { AppFailure, appError } from '@shared/errors'
import { localMoment, systemTimeZone } from '../assignments/calendar'
import { realTimers, type Timers } from '../assignments/timers'
import type { Logger } from '../log/logger'
import {
  dueReminders,
  mayRemindAt,
  reminderKey,
  reminderTimeMs,
  remindersFor,
  type Reminder,
  type ReminderCandidate,
} from './reminder-rules'
import type { RemindersState, RemindersStore } from './reminders-store'

const DAY_MS = 86_400_000
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
}

export interface ReminderScheduler {
  getSettings(): Promise<ReminderSettings>
  setSettings(settings: ReminderSettings): Promise<ReminderSettings>
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

  const settingsOf = (s: RemindersState): ReminderSettings => ({
    enabled: enabledSwitch ? enabledSwitch.get() : (s.settings?.enabled ?? defaultEnabled()),
    time: s.settings?.time ?? defaultReminderTime,
  })

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

  const schedule = (msOfDay: number, timeMs: number) => {
    clearTimer()
    if (!show) return
    // Until the chosen time today, else tomorrow's; capped so that a long sleep or a DST change is caught.
    const wait = msOfDay < timeMs ? timeMs - msOfDay : DAY_MS - msOfDay + timeMs
    timer = timers.setTimeout(
      () => {
        timer = null
        check()
      },
      Math.max(1000, Math.min(wait, MAX_WAIT_MS)),
    )
  }

  const evaluate = async () => {
    const current = await load()
    if (!show) return
    const settings = settingsOf(current)
    const timeMs = reminderTimeMs(settings.time)
    const moment = localMoment(now(), timeZone())
    if (!settings.enabled) {
      // Nothing to wait for: turning reminders on checks again.
      clearTimer()
      return
    }
    schedule(moment.msOfDay, timeMs)
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
    if (!mayRemindAt(moment.msOfDay, timeMs)) {
      if (Object.keys(notified).length !== Object.keys(current.notified).length) {
        state = { ...current, notified }
        await save(state)
      }
      return
    }
    const due = dueReminders(items, notified, moment.date)
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
      const parsed = reminderSettingsSchema.safeParse(input)
      if (!parsed.success) {
        throw new AppFailure(
          appError('invalid_input', 'Pick a reminder time between 07:00 and 21:59, like 09:00.'),
        )
      }
      const settings = await enqueue(async () => {
        const current = await load()
        if (enabledSwitch) await enabledSwitch.set(parsed.data.enabled)
        state = { ...current, settings: parsed.data }
        await store.write(state)
        return settingsOf(state)
      })
      check()
      return settings
    },

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
