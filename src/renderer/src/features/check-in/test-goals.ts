import type { GoalDetail, GoalSummary } from '@shared/domain/goals'

/** Goals for the unit tests of this folder: a summary and a detail with overridable parts. */

export function summary(overrides: Partial<GoalSummary> = {}): GoalSummary {
  return {
    id: 'ship-engine-kHLABHdtjTkzZF2eK502u',
    name: 'Ship the engine',
    status: 'on_track',
    dueDate: { dateType: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
    lastCheckInAt: null,
    role: 'champion',
    spaceName: 'Engineering',
    isClosed: false,
    canEdit: null,
    ...overrides,
  }
}

export function detail(overrides: Partial<GoalDetail> = {}): GoalDetail {
  return {
    ...summary(),
    canEdit: true,
    targets: [
      { id: 'tA', name: 'Weekly active teams', from: 40, to: 120, unit: 'teams', value: 72, index: 0 },
      { id: 'tB', name: 'p95 page load', from: 3.2, to: 1.5, unit: 's', value: 2.4, index: 1 },
    ],
    checklist: [
      { id: 'c2', name: 'Security review', completed: false, index: 1 },
      { id: 'c1', name: 'Beta', completed: true, index: 0 },
      { id: 'c3', name: 'Pricing page', completed: false, index: 2 },
    ],
    potentialSubscribers: [
      {
        personId: 'barbara-1',
        fullName: 'Barbara Liskov',
        title: null,
        role: 'Reviewer',
        isSubscribed: false,
        alwaysNotified: true,
      },
      {
        personId: 'grace-2',
        fullName: 'Grace Hopper',
        title: null,
        role: null,
        isSubscribed: false,
        alwaysNotified: false,
      },
    ],
    championName: 'Ada Lovelace',
    reviewerName: 'Barbara Liskov',
    webUrl: 'https://app.example.com/acme/goals/ship-engine-kHLABHdtjTkzZF2eK502u',
    ...overrides,
  }
}
