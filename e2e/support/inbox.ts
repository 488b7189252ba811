import type { Page } from '@playwright/test'
import { SEED_IDS } from '../emulator'
import { addDays, isoTimestamp, startOfUtcDay } from '../emulator/dates'
import type { Emulator, Goal } from '../emulator/types'

/** The inbox, the Inbox tab, the weekly round's bar and the reminder settings, found by role and label. */
export function inboxScreen(page: Page) {
  const sections = page.getByRole('navigation', { name: 'Sections' })
  return {
    /** The Inbox tab; its accessible name carries the count due now ("Inbox, 2 due"). */
    tab: sections.getByRole('button', { name: /^Inbox/ }),
    tabFor: (name: 'Check-ins' | 'Projects' | 'Account') => sections.getByRole('button', { name }),
    heading: page.getByRole('heading', { level: 1, name: 'Inbox', exact: true }),
    freshness: page.getByRole('status').filter({ hasText: /^(Updated|Offline|Could not update)/ }),
    /** A titled group: "Overdue", "Due today", "This week", "Later", "Waiting for your review", "Other assignments". */
    group: (title: string) => page.getByRole('region', { name: title, exact: true }),
    writeCheckIn: (goal: string) =>
      page.getByRole('button', { name: `Write check-in for ${goal}`, exact: true }),
    openInOperately: (name: string) =>
      page.getByRole('button', { name: `Open in Operately (${name})`, exact: true }),
    refresh: page.getByRole('button', { name: /^(Refresh|Refreshing…)$/ }),
    startRound: page.getByRole('button', { name: /^Start check-ins \(\d+\)$/ }),
    empty: page.getByText('Nothing is due. You’re all caught up.'),
    noGoalCheckIns: page.getByText('No goal check-ins are due.'),

    round: page.getByRole('region', { name: 'Check-in round' }),
    skip: page.getByRole('button', { name: 'Skip', exact: true }),
    endRound: page.getByRole('button', { name: 'End round', exact: true }),

    remindersSwitch: page.getByRole('switch', { name: 'Remind me when check-ins are due' }),
    reminderTime: page.getByLabel('Remind me at', { exact: true }),
    remindersSaved: page.getByRole('status').filter({ hasText: /^Reminders/ }),
  }
}

export type InboxScreen = ReturnType<typeof inboxScreen>

export const SHIP_ENGINE = 'Ship the Analytical Engine v2'
export const SUPPORT_BACKLOG = 'Cut the support backlog in half'
export const ONBOARDING_DOCS = 'Improve onboarding docs'
export const DATA_TEAM = 'Hire a data team'

/** The local calendar date of this machine (the inbox groups on the user's own calendar). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export const daysBetweenDates = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

export function seededGoal(emulator: Emulator, id: string): Goal {
  const goal = emulator.state.goals.find((g) => g.id === id)
  if (!goal) throw new Error(`the seeded goal ${id} is missing`)
  return goal
}

/** Makes a goal's check-in due `daysAgo` days before today (Operately stores due days as UTC midnight). */
export function makeDue(emulator: Emulator, goalId: string, daysAgo: number): void {
  seededGoal(emulator, goalId).nextUpdateScheduledAt = isoTimestamp(
    addDays(startOfUtcDay(new Date()), -daysAgo),
  )
}

/** Makes Ada the champion of "Improve onboarding docs" and its check-in owed since `daysAgo` days. */
export function giveAdaOnboardingDocs(emulator: Emulator, daysAgo: number): void {
  seededGoal(emulator, SEED_IDS.goals.onboardingDocs).championId = SEED_IDS.people.ada
  makeDue(emulator, SEED_IDS.goals.onboardingDocs, daysAgo)
}

/** Nothing owed and nothing to acknowledge: every check-in is due next month and every check-in acknowledged. */
export function clearEverythingDue(emulator: Emulator): void {
  const now = new Date()
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  for (const goal of emulator.state.goals) goal.nextUpdateScheduledAt = isoTimestamp(nextMonth)
  for (const checkIn of emulator.state.checkIns) {
    checkIn.acknowledgedAt ??= isoTimestamp(now)
    checkIn.acknowledgedById ??=
      checkIn.authorId === SEED_IDS.people.ada ? SEED_IDS.people.barbara : SEED_IDS.people.ada
  }
}
