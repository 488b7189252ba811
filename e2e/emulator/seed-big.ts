import { SEED_IDS } from './seed-ids'
import { addDays, contextualDate, endOfPeriod, firstOfMonth, firstOfNextMonth, isoTimestamp } from './dates'
import { deterministicUuid } from './ids'
import type { AccessRules, EmulatorState, Goal, GoalCheck, Person, Project, Target } from './types'

/**
 * The big company: the usual seed (Ada, her six colleagues, their goals and projects, unchanged) grown to
 * the size of a large Operately company, to see how the app behaves when lists are long. Everything is
 * computed from the index of each record, so two runs give the same ids, names and rights, and building
 * it takes a fraction of a second instead of thousands of fixture files.
 *
 * Ada's own share is fixed: she champions or reviews a known set of the new records, so the count of
 * her assignments (`people/get_assignments_count`) is exactly `BIG_SEED.assignments`.
 */

export const BIG_SEED = {
  /** Goals in the company, the usual seed's included (one of those Ada cannot see). */
  goals: 10_000,
  projects: 5_000,
  people: 1_000,
  /** What Ada owes: goal check-ins due, project check-ins due, the usual seed's two included. */
  assignments: 200,
} as const

/** New goals whose check-in Ada owes as champion, and new projects whose weekly check-in she owes. */
const ADA_OWED_GOALS = 148
const ADA_OWED_PROJECTS = 50
/** New goals Ada reviews (no check-in waits on her for them): her own rows, without an assignment. */
const ADA_REVIEWED_GOALS = 100

const VERBS = [
  'Reduce',
  'Grow',
  'Ship',
  'Improve',
  'Launch',
  'Automate',
  'Cut',
  'Hire for',
  'Audit',
  'Migrate',
]
const SUBJECTS = [
  'latency',
  'onboarding',
  'churn',
  'support queue',
  'billing',
  'search',
  'mobile app',
  'data pipeline',
  'release cadence',
  'test coverage',
  'hiring funnel',
  'docs',
  'pricing',
  'security review',
  'uptime',
  'partner API',
]
const FIRST = ['Ana', 'Bo', 'Chen', 'Dara', 'Eli', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea']
const LAST = ['Moreau', 'Novak', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Sato', 'Tanaka', 'Urbina', 'Varga']

const pad = (n: number, width: number): string => String(n).padStart(width, '0')

/**
 * The id of the index-th record of a kind: the kind's own UUID with the index in its last twelve digits.
 * Hashing once per kind rather than once per record keeps a reset of the big company well under a second.
 */
function indexedUuids(kind: string): (index: number) => string {
  const base = deterministicUuid(`big:${kind}`).slice(0, 24)
  return (index) => base + index.toString(16).padStart(12, '0')
}
const personId = indexedUuids('person')
const goalId = indexedUuids('goal')
const projectId = indexedUuids('project')
const targetId = indexedUuids('target')
const checkId = indexedUuids('check')

/** Everyone can see every new record; a quarter of them anyone may edit, some only named people may. */
function accessFor(index: number, editors: string[]): AccessRules {
  const company = index % 4 === 0 ? 'edit' : index % 4 === 1 ? 'comment' : 'view'
  return { company, people: Object.fromEntries(editors.map((id) => [id, 'edit' as const])) }
}

function bigPeople(count: number): Person[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!
    return {
      id: personId(i),
      fullName: `${first} ${last} ${pad(i, 4)}`,
      email: `${first}.${last}.${pad(i, 4)}@example.com`.toLowerCase(),
      title: i % 5 === 0 ? null : 'Engineer',
      avatarUrl: null,
      type: 'human',
      suspended: false,
      timezone: 'Etc/UTC',
      managerId: null,
      insertedAt: '2025-01-06T09:00:00Z',
    }
  })
}

// A goal has at most three targets and four checks: index * 4 + n never meets another goal's.
function bigTargets(index: number, created: string): Target[] {
  return Array.from({ length: 1 + (index % 3) }, (_, t) => ({
    id: targetId(index * 4 + t),
    name: `Measure ${t + 1}`,
    from: 0,
    to: 100,
    unit: '%',
    value: (index * 7 + t * 13) % 101,
    index: t,
    insertedAt: created,
    updatedAt: created,
  }))
}

function bigChecks(index: number, created: string): GoalCheck[] {
  return Array.from({ length: 1 + (index % 4) }, (_, c) => {
    const done = (index + c) % 3 === 0
    return {
      id: checkId(index * 4 + c),
      name: `Milestone ${c + 1}`,
      completed: done,
      completedAt: done ? created : null,
      index: c,
      insertedAt: created,
      updatedAt: created,
    }
  })
}

/** Grows the usual seed, in place, to the big company. */
export function growToBigCompany(state: EmulatorState, now: Date): void {
  const ada = SEED_IDS.people.ada
  const spaces = state.spaces.map((s) => s.id)
  const newPeople = bigPeople(BIG_SEED.people - state.people.length)
  const everyone = newPeople.map((p) => p.id)
  const someone = (i: number): string => everyone[i % everyone.length]!

  const created = isoTimestamp(firstOfMonth(now, -4))
  const owedSince = isoTimestamp(firstOfMonth(now))
  const dueNextMonth = isoTimestamp(firstOfNextMonth(now))
  // One object per record: a check-in that moves a goal's end date must move that goal's alone.
  const timeframe = () => ({
    contextual_start_date: contextualDate('day', new Date(created)),
    contextual_end_date: contextualDate('year', endOfPeriod('year', now)),
  })

  const goalCount = BIG_SEED.goals - state.goals.length
  const goals: Goal[] = Array.from({ length: goalCount }, (_, i) => {
    const owedByAda = i < ADA_OWED_GOALS
    const reviewedByAda = !owedByAda && i < ADA_OWED_GOALS + ADA_REVIEWED_GOALS
    return {
      id: goalId(i),
      name: `${VERBS[i % VERBS.length]} ${SUBJECTS[Math.floor(i / VERBS.length) % SUBJECTS.length]} ${pad(i, 5)}`,
      spaceId: spaces[i % spaces.length]!,
      championId: owedByAda ? ada : someone(i),
      reviewerId: reviewedByAda ? ada : someone(i + 1),
      description: null,
      timeframe: timeframe(),
      targets: bigTargets(i, created),
      checks: bigChecks(i, created),
      insertedAt: created,
      updatedAt: created,
      closedAt: null,
      success: null,
      archivedAt: null,
      nextUpdateScheduledAt: owedByAda ? owedSince : dueNextMonth,
      lastCheckInId: null,
      access: accessFor(i, i % 7 === 3 ? [ada] : []),
    }
  })

  const projectCount = BIG_SEED.projects - state.projects.length
  const projects: Project[] = Array.from({ length: projectCount }, (_, i) => {
    const owedByAda = i < ADA_OWED_PROJECTS
    return {
      id: projectId(i),
      name: `${SUBJECTS[i % SUBJECTS.length]} workstream ${pad(i, 4)}`,
      spaceId: spaces[i % spaces.length]!,
      goalId: goals[i % goals.length]!.id,
      championId: owedByAda ? ada : someone(i + 2),
      reviewerId: someone(i + 3),
      contributorIds: [],
      description: null,
      state: 'active',
      status: 'on_track',
      successStatus: null,
      privacy: 'internal',
      timeframe: timeframe(),
      insertedAt: created,
      updatedAt: created,
      startedAt: created,
      closedAt: null,
      archivedAt: null,
      // Ada's weekly check-ins fell due yesterday; everyone else's are a week away.
      nextCheckInScheduledAt: isoTimestamp(addDays(now, owedByAda ? -1 : 7)),
      access: accessFor(i, i % 7 === 3 ? [ada] : []),
    }
  })

  state.people.push(...newPeople)
  state.goals.push(...goals)
  state.projects.push(...projects)
}
