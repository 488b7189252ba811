import type { AssignmentsService } from '../services/assignments/assignments-service'
import type { TrayCountVariant, TrayIconVariant } from './tray-icons'

/**
 * What the tray shows about the work waiting: the number of goal check-ins due now (overdue + today), and
 * whether the app is offline or queued work needs the user. Pure, so every platform and state is tested
 * without Electron; tray.ts applies the result.
 */

/** Fed by the shell: `dueNow` from the assignments service, `offline` and `attention` from sync/connectivity. */
export interface TrayBadge {
  dueNow: number
  offline: boolean
  /** Queued changes (the outbox) need the user: a conflict, a rejected check-in… */
  attention: boolean
  /** Changes saved on this computer and not yet on the server. */
  pending: number
}

export const noBadge: TrayBadge = { dueNow: 0, offline: false, attention: false, pending: 0 }

export interface TrayAppearanceInput extends TrayBadge {
  platform: NodeJS.Platform
  signedIn: boolean
  /** Named in the tooltip when there is nothing else to say. */
  personName?: string | null
}

export interface TrayAppearance {
  icon: TrayIconVariant
  /** Text beside the icon; macOS only (other platforms have no tray title). Empty for none. */
  title: string
  tooltip: string
}

/** The icon with the count drawn in, for Windows and Linux: 1…9, then "9+". */
export function countVariant(count: number): TrayCountVariant {
  if (count >= 10) return 'count-9plus'
  return `count-${Math.max(1, Math.floor(count)) as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
}

export function trayAppearance(input: TrayAppearanceInput): TrayAppearance {
  if (!input.signedIn) {
    // Signed out is the state that needs the user: the attention icon says so. Nothing is known to be due.
    return { icon: 'attention', title: '', tooltip: 'Operately Tray — not signed in' }
  }
  const dueNow = Math.max(0, Math.floor(input.dueNow))
  const news: string[] = []
  if (dueNow > 0) news.push(`${dueNow} check-in${dueNow === 1 ? '' : 's'} due`)
  if (input.attention) news.push('queued changes need your attention')
  const pending = Math.max(0, Math.floor(input.pending))
  if (pending > 0) news.push(`${pending} change${pending === 1 ? '' : 's'} waiting to sync`)
  if (input.offline) news.push('offline')
  const tooltip =
    news.length > 0
      ? `Operately Tray — ${news.join(' · ')}`
      : input.personName
        ? `Operately Tray — signed in as ${input.personName}`
        : 'Operately Tray'

  // One icon can say one thing: stuck work first (it may be a check-in that never arrived), then
  // offline (the count may be stale), then the count. macOS says the count in the title instead.
  const icon: TrayIconVariant = input.attention
    ? 'attention'
    : input.offline
      ? 'offline'
      : input.platform !== 'darwin' && dueNow > 0
        ? countVariant(dueNow)
        : 'normal'
  const title = input.platform === 'darwin' && dueNow > 0 ? String(dueNow) : ''
  return { icon, title, tooltip }
}

/** Keeps the tray's count in step with the assignments service; returns the unsubscribe. */
export function connectTrayBadge(
  tray: { setBadge(badge: Partial<TrayBadge>): void },
  assignments: Pick<AssignmentsService, 'current' | 'subscribe'>,
): () => void {
  const unsubscribe = assignments.subscribe((view) => tray.setBadge({ dueNow: view?.dueNowCount ?? 0 }))
  tray.setBadge({ dueNow: assignments.current()?.dueNowCount ?? 0 })
  return unsubscribe
}
