import { Notification } from 'electron'
import type { Logger } from '../services/log/logger'
import type { Reminder } from '../services/reminders/reminder-rules'
import type { ReminderScheduler } from '../services/reminders/reminder-scheduler'
import type { SyncEvent } from '../services/sync/sync-engine'
import { syncNotice } from './sync-signals'

/** Notifications still on screen are kept referenced: one that is garbage-collected loses its click handler. */
const MAX_KEPT = 20

/** Shows notifications, keeping the latest ones referenced until they are clicked or closed. */
function createNotificationShower(): (content: { title: string; body: string }, onClick: () => void) => void {
  const kept = new Set<Notification>()
  return (content, onClick) => {
    const notification = new Notification(content)
    kept.add(notification)
    for (const old of kept) {
      if (kept.size <= MAX_KEPT) break
      kept.delete(old)
    }
    notification.on('click', () => {
      kept.delete(notification)
      onClick()
    })
    notification.on('close', () => kept.delete(notification))
    notification.show()
  }
}

export interface ReminderNotifierOptions {
  /** The user clicked a reminder: open the check-in form of `goalId` (the inbox when null). */
  onClick(goalId: string | null): void
  log: Logger
}

/**
 * Shows a check-in reminder as an OS notification; false where the system has none (some Linux desktops
 * without a notification daemon), so the scheduler does not count it as sent. On Windows the app's
 * AppUserModelID (set by start-shell) is what lets these appear at all.
 */
export function createReminderNotifier({
  onClick,
  log,
}: ReminderNotifierOptions): (reminder: Reminder) => boolean {
  const show = createNotificationShower()
  let toldUnsupported = false
  return (reminder) => {
    if (!Notification.isSupported()) {
      if (!toldUnsupported)
        log.warn('this desktop cannot show notifications; check-in reminders are not shown')
      toldUnsupported = true
      return false
    }
    show({ title: reminder.title, body: reminder.body }, () => onClick(reminder.goalId))
    return true
  }
}

/**
 * Starts the reminders with OS notifications. A click records where the popup should go (the page asks
 * for it with `inbox.takePendingNavigation` when it becomes visible) and then shows the popup.
 */
export function connectReminderNotifications(options: {
  reminders: Pick<ReminderScheduler, 'start' | 'stop'>
  navigation: { set(goalId: string | null): void }
  showPopup(): void
  log: Logger
}): () => void {
  const show = createReminderNotifier({
    log: options.log,
    onClick: (goalId) => {
      // Word first, popup second: the page asks as soon as it becomes visible.
      options.navigation.set(goalId)
      options.showPopup()
    },
  })
  options.reminders.start(show)
  return () => options.reminders.stop()
}

/**
 * OS notifications for queued work (issue 4): delivered, or needing the person. A click shows the popup.
 * Returns the unsubscribe.
 */
export function connectSyncNotifications(options: {
  onEvent(listener: (event: SyncEvent) => void): () => void
  showPopup(): void
  log: Logger
}): () => void {
  const show = createNotificationShower()
  return options.onEvent((event) => {
    const notice = syncNotice(event)
    if (notice && Notification.isSupported()) show(notice, options.showPopup)
  })
}
