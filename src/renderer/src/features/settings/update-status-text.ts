import type { UpdateStatusView } from '@shared/contract/settings'

type DisabledReason = Extract<UpdateStatusView, { state: 'disabled' }>['reason']

export interface UpdateStatusText {
  /** One line, in words: "Up to date · checked 10:42". */
  headline: string
  /** Why, when the headline alone does not say it (main's sentence for a disabled updater). */
  detail: string | null
  /** Whether "Check for updates" can do anything right now. */
  canCheck: boolean
  /** The version waiting for "Restart now", when one is. */
  readyVersion: string | null
}

const disabledHeadlines: Record<DisabledReason, string> = {
  policy: 'Updates are managed by your organisation',
  user: 'Automatic updates are off',
  'no-feed': 'No update server is set for this copy',
  unverifiable: 'Updates are off: this copy cannot verify who published them',
  development: 'Updates are not available for a development build',
  msi: 'Updates are not available for this kind of install (MSI)',
  'not-installed': 'Updates are not available for this kind of install',
  'linux-package': 'Updates are not available for this kind of install (system package)',
  'disk-image': 'Updates are not available while running from the disk image',
  'unsupported-platform': 'Updates are not available on this system',
}

/** Why this install type, not a choice, keeps the app from updating itself (the switch has no effect then). */
export const installBlocksUpdates = (status: UpdateStatusView): boolean =>
  status.state === 'disabled' && status.reason !== 'policy' && status.reason !== 'user'

/**
 * When the last check happened, as people say it: the time for today ("10:42"), the day and time before
 * that ("9 Mar, 10:42"). `locale` and `timeZone` are for tests; the page uses the system's.
 */
export function checkedAt(iso: string, now: Date, locale?: string, timeZone?: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return 'at an unknown time'
  const day = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(at)
  if (day.format(at) === day.format(now)) return time
  const date = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' }).format(at)
  return `${date}, ${time}`
}

export function updateStatusText(
  status: UpdateStatusView,
  now: Date,
  locale?: string,
  timeZone?: string,
): UpdateStatusText {
  const quiet = { detail: null, canCheck: true, readyVersion: null }
  switch (status.state) {
    case 'disabled':
      return {
        headline: disabledHeadlines[status.reason],
        // The headline already says what the policy sentence would.
        detail: status.reason === 'policy' ? null : status.message,
        canCheck: false,
        readyVersion: null,
      }
    case 'idle':
      return {
        ...quiet,
        headline: status.lastCheckedAt
          ? `Up to date · checked ${checkedAt(status.lastCheckedAt, now, locale, timeZone)}`
          : 'Not checked for updates yet',
      }
    case 'checking':
      return { ...quiet, headline: 'Checking for updates…', canCheck: false }
    case 'available':
      return {
        ...quiet,
        headline:
          status.percent === null
            ? `Downloading version ${status.version}…`
            : `Downloading version ${status.version}… ${status.percent}%`,
        canCheck: false,
      }
    case 'downloaded':
      return {
        headline: `Version ${status.version} is ready`,
        detail: 'Restart Operately Tray to use it, or it is installed the next time you quit.',
        canCheck: false,
        readyVersion: status.version,
      }
    case 'error':
      return { ...quiet, headline: 'Could not check for updates', detail: status.message }
  }
}
