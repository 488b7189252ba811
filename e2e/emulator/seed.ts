import { SEED_IDS } from './seed-ids'
import { checkInMessage, goalDocuments, projectDocuments } from './seed-documents'
import {
  addDays,
  contextualDate,
  endOfPeriod,
  firstOfMonth,
  firstOfNextMonth,
  followingFriday,
  isoTimestamp,
} from './dates'
import { deterministicUuid } from './ids'
import { seedTokens } from './tokens'
import type {
  AccessRules,
  CheckIn,
  CheckInStatus,
  EmulatorState,
  Goal,
  GoalCheck,
  Person,
  Project,
  ProjectCheckIn,
  Target,
  Timeframe,
} from './types'

/**
 * The state after `reset()`. Ids and tokens are fixed; dates are placed relative to the server's
 * clock so that, whatever the day, Ada owes one goal check-in and has one to acknowledge.
 */

const P = SEED_IDS.people
const G = SEED_IDS.goals
const PR = SEED_IDS.projects
const S = SEED_IDS.spaces

const at = (date: Date, hours = 0): string => isoTimestamp(new Date(date.getTime() + hours * 3_600_000))

function person(
  id: string,
  fullName: string,
  email: string,
  title: string | null,
  extra: Partial<Person> = {},
): Person {
  return {
    id,
    fullName,
    email,
    title,
    avatarUrl: null,
    type: 'human',
    suspended: false,
    timezone: 'Etc/UTC',
    managerId: null,
    insertedAt: '2025-01-06T09:00:00Z',
    ...extra,
  }
}

function seedPeople(): Person[] {
  return [
    person(P.ada, 'Ada Lovelace', 'ada.lovelace@example.com', 'Head of Engineering', {
      timezone: 'Europe/London',
      managerId: P.barbara,
    }),
    person(P.grace, 'Grace Hopper', 'grace.hopper@example.com', 'VP of Product', { managerId: P.barbara }),
    // Real servers send null for titles nobody filled in, although the type says string.
    person(P.alan, 'Alan Turing', 'alan.turing@example.com', null, { timezone: null, managerId: P.ada }),
    person(P.katherine, 'Katherine Johnson', 'katherine.johnson@example.com', 'Data Scientist', {
      managerId: P.grace,
    }),
    person(P.edsger, 'Edsger Dijkstra', 'edsger.dijkstra@example.com', 'Staff Engineer', {
      managerId: P.ada,
    }),
    person(P.barbara, 'Barbara Liskov', 'barbara.liskov@example.com', 'CTO'),
    person(P.charles, 'Charles Babbage', 'charles.babbage@example.com', 'Advisor', { suspended: true }),
  ]
}

const access = (company: AccessRules['company'], people: AccessRules['people'] = {}): AccessRules => ({
  company,
  people,
})

function targets(
  goalKey: string,
  created: string,
  rows: [string, number, number, string, number][],
): Target[] {
  return rows.map(([name, from, to, unit, value], i) => ({
    id: deterministicUuid(`target:${goalKey}:${i + 1}`),
    name,
    from,
    to,
    unit,
    value,
    index: i,
    insertedAt: created,
    updatedAt: created,
  }))
}

function checks(goalKey: string, created: string, rows: [string, string | null][]): GoalCheck[] {
  return rows.map(([name, completedAt], i) => ({
    id: deterministicUuid(`check:${goalKey}:${i + 1}`),
    name,
    completed: completedAt !== null,
    completedAt,
    index: i,
    insertedAt: created,
    updatedAt: completedAt ?? created,
  }))
}

interface GoalDraft extends Omit<Goal, 'lastCheckInId' | 'updatedAt'> {
  key: string
}

function goal(g: GoalDraft): Goal {
  const { key: _key, ...rest } = g
  return { ...rest, updatedAt: rest.insertedAt, lastCheckInId: null }
}

interface CheckInDraft {
  key: string
  goal: Goal
  authorId: string
  status: CheckInStatus
  message: string
  at: string
  /** Target values after this check-in, by target index; previous values are those of the prior check-in. */
  values: number[]
  previous: number[]
  completed: boolean[]
  acknowledgedById?: string
  /** Someone the message mentions (and who is therefore subscribed). */
  mentions?: Person
}

function checkIn(d: CheckInDraft): CheckIn {
  const { goal: g } = d
  return {
    id: deterministicUuid(`check-in:${d.key}`),
    goalId: g.id,
    authorId: d.authorId,
    status: d.status,
    message: checkInMessage(d.message, d.mentions),
    state: 'published',
    insertedAt: d.at,
    updatedAt: d.at,
    publishedAt: d.at,
    scheduledAt: null,
    targets: g.targets.map((t, i) => ({
      id: t.id,
      name: t.name,
      value: d.values[i] ?? t.value,
      previous_value: d.previous[i] ?? t.from,
      unit: t.unit,
      index: t.index,
      from: t.from,
      to: t.to,
    })),
    checklist: g.checks.map((c, i) => ({
      id: c.id,
      name: c.name,
      index: c.index,
      completed: d.completed[i] ?? false,
    })),
    timeframe: g.timeframe,
    acknowledgedAt: d.acknowledgedById ? at(new Date(d.at), 20) : null,
    acknowledgedById: d.acknowledgedById ?? null,
    // A deleted person's subscriptions go with her account.
    subscriberIds:
      d.mentions && d.mentions.id !== SEED_IDS.formerPerson ? [d.authorId, d.mentions.id] : [d.authorId],
    sendToEveryone: true,
    commentsCount: 0,
  }
}

export function buildSeed(now: Date, baseUrl: string): EmulatorState {
  const people = seedPeople()
  const byKey = Object.fromEntries(Object.entries(P).map(([k, id]) => [k, people.find((p) => p.id === id)!]))
  const cast = {
    ada: byKey.ada!,
    grace: byKey.grace!,
    alan: byKey.alan!,
    katherine: byKey.katherine!,
    edsger: byKey.edsger!,
    barbara: byKey.barbara!,
  }
  const goalDocs = goalDocuments(cast)
  const projectDocs = projectDocuments(cast, baseUrl)

  const thisMonth = firstOfMonth(now)
  const lastMonth = firstOfMonth(now, -1)
  const twoMonthsAgo = firstOfMonth(now, -2)
  const threeMonthsAgo = firstOfMonth(now, -3)
  const nextMonth = firstOfNextMonth(now)
  const goalsCreated = at(firstOfMonth(now, -4), 10)
  const created = new Date(goalsCreated)
  const startedOn = contextualDate('day', created)
  const frame = (end: Timeframe['contextual_end_date']): Timeframe => ({
    contextual_start_date: startedOn,
    contextual_end_date: end,
  })
  // A moment earlier today (never in the future, never before this month began).
  const recently = (hoursAgo: number): string =>
    isoTimestamp(
      new Date(Math.min(now.getTime(), Math.max(thisMonth.getTime(), now.getTime() - hoursAgo * 3_600_000))),
    )

  const shipEngine = goal({
    key: 'ship-engine',
    id: G.shipEngine,
    name: 'Ship the Analytical Engine v2',
    spaceId: S.engineering,
    championId: P.ada,
    reviewerId: P.barbara,
    description: goalDocs.shipEngine!,
    timeframe: frame(contextualDate('quarter', endOfPeriod('quarter', now))),
    targets: targets('ship-engine', goalsCreated, [
      ['Weekly active teams', 40, 120, 'teams', 72],
      ['p95 page load', 3.2, 1.5, 's', 2.4],
    ]),
    checks: checks('ship-engine', goalsCreated, [
      ['Beta with 5 design partners', at(addDays(lastMonth, 1), 10)],
      ['Security review signed off', null],
      ['Pricing page live', null],
    ]),
    insertedAt: goalsCreated,
    closedAt: null,
    success: null,
    archivedAt: null,
    nextUpdateScheduledAt: isoTimestamp(thisMonth),
    access: access('comment'),
  })

  const supportBacklog = goal({
    key: 'support-backlog',
    id: G.supportBacklog,
    name: 'Cut the support backlog in half',
    spaceId: S.product,
    championId: P.ada,
    reviewerId: P.grace,
    description: goalDocs.supportBacklog!,
    timeframe: frame(contextualDate('year', endOfPeriod('year', now))),
    targets: targets('support-backlog', goalsCreated, [['Open tickets', 320, 160, 'tickets', 210]]),
    checks: checks('support-backlog', goalsCreated, [
      ['Triage rota in place', at(addDays(lastMonth, 1), 10)],
      ['Top 10 macros rewritten', null],
    ]),
    insertedAt: goalsCreated,
    closedAt: null,
    success: null,
    archivedAt: null,
    nextUpdateScheduledAt: isoTimestamp(nextMonth),
    access: access('view'),
  })

  const dataTeam = goal({
    key: 'data-team',
    id: G.dataTeam,
    name: 'Hire a data team',
    spaceId: S.product,
    championId: P.grace,
    reviewerId: P.ada,
    description: goalDocs.dataTeam!,
    timeframe: frame(contextualDate('month', endOfPeriod('month', firstOfMonth(now, 2)))),
    targets: targets('data-team', goalsCreated, [['Data scientists hired', 0, 4, 'people', 1]]),
    checks: checks('data-team', goalsCreated, [
      ['Job description approved', at(addDays(twoMonthsAgo, 3), 10)],
      ['Interview loop defined', null],
    ]),
    insertedAt: goalsCreated,
    closedAt: null,
    success: null,
    archivedAt: null,
    nextUpdateScheduledAt: isoTimestamp(nextMonth),
    access: access('view'),
  })

  const compilerHandbook = goal({
    key: 'compiler-handbook',
    id: G.compilerHandbook,
    name: 'Publish the compiler handbook',
    spaceId: S.engineering,
    championId: P.alan,
    reviewerId: P.grace,
    description: goalDocs.compilerHandbook!,
    timeframe: frame(contextualDate('year', endOfPeriod('year', now))),
    targets: targets('compiler-handbook', goalsCreated, [['Chapters published', 0, 12, 'chapters', 5]]),
    checks: checks('compiler-handbook', goalsCreated, [['Outline reviewed', at(addDays(lastMonth, 2), 10)]]),
    insertedAt: goalsCreated,
    closedAt: null,
    success: null,
    archivedAt: null,
    nextUpdateScheduledAt: isoTimestamp(thisMonth),
    access: access('view'),
  })

  const onboardingDocs = goal({
    key: 'onboarding-docs',
    id: G.onboardingDocs,
    name: 'Improve onboarding docs',
    spaceId: S.engineering,
    championId: P.katherine,
    reviewerId: P.edsger,
    description: goalDocs.onboardingDocs!,
    timeframe: null,
    targets: [],
    checks: checks('onboarding-docs', goalsCreated, [
      ['Audit current pages', null],
      ['Write the first-week guide', null],
      ['Record a setup video', null],
    ]),
    insertedAt: goalsCreated,
    closedAt: null,
    success: null,
    archivedAt: null,
    nextUpdateScheduledAt: isoTimestamp(thisMonth),
    access: access('view', { [P.ada]: 'comment' }),
  })

  const acquisition = goal({
    key: 'acquisition',
    id: G.acquisition,
    name: 'Acquire Difference Engine Ltd',
    spaceId: S.leadership,
    championId: P.barbara,
    reviewerId: P.grace,
    description: goalDocs.acquisition!,
    timeframe: frame(contextualDate('quarter', endOfPeriod('quarter', firstOfMonth(now, 3)))),
    targets: targets('acquisition', goalsCreated, [['Due diligence items closed', 0, 40, 'items', 12]]),
    checks: checks('acquisition', goalsCreated, [['Term sheet signed', null]]),
    insertedAt: goalsCreated,
    closedAt: null,
    success: null,
    archivedAt: null,
    nextUpdateScheduledAt: isoTimestamp(nextMonth),
    access: access('none'),
  })

  const goals = [shipEngine, supportBacklog, dataTeam, compilerHandbook, onboardingDocs, acquisition]

  const checkIns: CheckIn[] = [
    checkIn({
      key: 'ship-engine-0',
      goal: shipEngine,
      authorId: P.ada,
      status: 'on_track',
      message: 'Kick-off done; the first teams are on the engine. Thanks to',
      at: at(addDays(threeMonthsAgo, 1), 10),
      values: [44, 3.1],
      previous: [40, 3.2],
      completed: [false, false, false],
      acknowledgedById: P.barbara,
      // Someone who has left: the check-in stays, her account does not (SEED_IDS.formerPerson).
      mentions: person(SEED_IDS.formerPerson, 'Mary Somerville', 'mary.somerville@example.com', null),
    }),
    checkIn({
      key: 'ship-engine-1',
      goal: shipEngine,
      authorId: P.ada,
      status: 'on_track',
      message: 'Design partners signed; load time improving.',
      at: at(addDays(twoMonthsAgo, 1), 10),
      values: [48, 3.0],
      previous: [44, 3.1],
      completed: [false, false, false],
      acknowledgedById: P.barbara,
    }),
    checkIn({
      key: 'ship-engine-2',
      goal: shipEngine,
      authorId: P.ada,
      status: 'caution',
      message: 'Beta is live with 5 partners. Security review is slipping; asked',
      at: at(addDays(lastMonth, 1), 10),
      values: [72, 2.4],
      previous: [48, 3.0],
      completed: [true, false, false],
      acknowledgedById: P.barbara,
      mentions: cast.barbara,
    }),
    checkIn({
      key: 'support-backlog-1',
      goal: supportBacklog,
      authorId: P.ada,
      status: 'off_track',
      message: 'Backlog grew after the pricing change.',
      at: at(addDays(lastMonth, 2), 11),
      values: [290],
      previous: [320],
      completed: [true, false],
      acknowledgedById: P.grace,
    }),
    checkIn({
      key: 'support-backlog-2',
      goal: supportBacklog,
      authorId: P.ada,
      status: 'caution',
      message: 'Triage rota helps; macros next.',
      at: recently(6),
      values: [210],
      previous: [290],
      completed: [true, false],
    }),
    checkIn({
      key: 'data-team-1',
      goal: dataTeam,
      authorId: P.grace,
      status: 'on_track',
      message: 'First hire accepted.',
      at: at(addDays(lastMonth, 2), 15),
      values: [1],
      previous: [0],
      completed: [true, false],
      acknowledgedById: P.ada,
    }),
    checkIn({
      key: 'data-team-2',
      goal: dataTeam,
      authorId: P.grace,
      status: 'on_track',
      message: 'Two finalists for the second role.',
      at: recently(26),
      values: [1],
      previous: [1],
      completed: [true, false],
    }),
    checkIn({
      key: 'compiler-handbook-1',
      goal: compilerHandbook,
      authorId: P.alan,
      status: 'on_track',
      message: 'Five chapters out.',
      at: at(addDays(lastMonth, 3), 9),
      values: [5],
      previous: [2],
      completed: [true],
      acknowledgedById: P.grace,
    }),
  ]
  for (const g of goals) {
    const latest = checkIns
      .filter((c) => c.goalId === g.id)
      .sort((a, b) => b.insertedAt.localeCompare(a.insertedAt))[0]
    if (latest) {
      g.lastCheckInId = latest.id
      g.updatedAt = latest.insertedAt
    }
  }

  const projectsCreated = at(firstOfMonth(now, -3), 9)
  const friday = isoTimestamp(followingFriday(now))
  const project = (
    p: Omit<Project, 'insertedAt' | 'updatedAt' | 'startedAt' | 'nextCheckInScheduledAt'>,
  ): Project => ({
    ...p,
    insertedAt: projectsCreated,
    updatedAt: projectsCreated,
    startedAt: projectsCreated,
    nextCheckInScheduledAt: friday,
  })
  const projectFrame = frame(contextualDate('quarter', endOfPeriod('quarter', now)))

  const projects: Project[] = [
    project({
      id: PR.launchSite,
      name: 'Launch site',
      spaceId: S.product,
      goalId: G.shipEngine,
      championId: P.ada,
      reviewerId: P.grace,
      contributorIds: [P.edsger],
      description: projectDocs.launchSite!,
      state: 'active',
      status: 'on_track',
      successStatus: null,
      privacy: 'internal',
      timeframe: projectFrame,
      closedAt: null,
      archivedAt: null,
      access: access('view', { [P.edsger]: 'edit' }),
    }),
    project({
      id: PR.mobileBeta,
      name: 'Mobile app beta',
      spaceId: S.engineering,
      goalId: G.shipEngine,
      championId: P.katherine,
      reviewerId: P.edsger,
      contributorIds: [P.ada, P.alan],
      description: projectDocs.mobileBeta!,
      state: 'active',
      status: 'caution',
      successStatus: null,
      privacy: 'internal',
      timeframe: projectFrame,
      closedAt: null,
      archivedAt: null,
      access: access('view', { [P.ada]: 'edit', [P.alan]: 'edit' }),
    }),
    project({
      id: PR.warehouse,
      name: 'Data warehouse migration',
      spaceId: S.engineering,
      goalId: null,
      championId: P.edsger,
      reviewerId: P.barbara,
      contributorIds: [P.katherine],
      description: projectDocs.warehouse!,
      state: 'active',
      status: 'on_track',
      successStatus: null,
      privacy: 'internal',
      timeframe: projectFrame,
      closedAt: null,
      archivedAt: null,
      access: access('view', { [P.katherine]: 'edit' }),
    }),
    project({
      id: PR.payroll,
      name: 'Payroll vendor switch',
      spaceId: S.leadership,
      goalId: null,
      championId: P.barbara,
      reviewerId: P.grace,
      contributorIds: [],
      description: projectDocs.payroll!,
      state: 'active',
      status: 'pending',
      successStatus: null,
      privacy: 'secret',
      timeframe: null,
      closedAt: null,
      archivedAt: null,
      access: access('none'),
    }),
    project({
      id: PR.officeMove,
      name: 'Office move',
      spaceId: S.leadership,
      goalId: null,
      championId: P.ada,
      reviewerId: P.barbara,
      contributorIds: [],
      description: null,
      state: 'paused',
      status: 'paused',
      successStatus: null,
      privacy: 'internal',
      timeframe: null,
      closedAt: null,
      archivedAt: null,
      access: access('view'),
    }),
  ]

  return {
    company: { id: SEED_IDS.company, name: 'Analytical Engines' },
    spaces: [
      { id: S.engineering, name: 'Engineering', memberIds: [P.ada, P.grace, P.alan, P.edsger] },
      { id: S.product, name: 'Product', memberIds: [P.ada, P.katherine, P.barbara] },
      { id: S.leadership, name: 'Leadership', memberIds: [P.ada, P.barbara] },
    ],
    people,
    goals,
    projects,
    checkIns,
    projectCheckIns: pastProjectCheckIns(now),
    acknowledgements: {},
    unreadNotifications: { [P.ada]: 3, [P.grace]: 1 },
    apiTokens: seedTokens(P.ada),
    requests: [],
    sequence: 0,
  }
}

/** The last weekly due day: today on a Friday, else the Friday before (UTC midnight). */
export const lastFriday = (now: Date): Date => addDays(followingFriday(now), -7)

interface ProjectCheckInDraft {
  id: string
  projectId: string
  authorId: string
  status: CheckInStatus
  message: string
  at: string
  acknowledgedById?: string
}

function projectCheckIn(d: ProjectCheckInDraft): ProjectCheckIn {
  return {
    id: d.id,
    projectId: d.projectId,
    authorId: d.authorId,
    status: d.status,
    description: checkInMessage(d.message),
    state: 'published',
    insertedAt: d.at,
    updatedAt: d.at,
    publishedAt: d.at,
    scheduledAt: null,
    acknowledgedAt: d.acknowledgedById ? at(new Date(d.at), 20) : null,
    acknowledgedById: d.acknowledgedById ?? null,
    subscriberIds: [d.authorId],
    sendToEveryone: true,
    commentsCount: 0,
  }
}

/**
 * The usual seed's project check-ins, all acknowledged: Ada's weekly ones on Launch site, the last on the
 * last Friday (so its next one is due the Friday after, as `next_check_in_scheduled_at` says), and one of
 * Katherine's on Mobile app beta. Nothing here is owed or waits for Ada.
 */
function pastProjectCheckIns(now: Date): ProjectCheckIn[] {
  const friday = lastFriday(now)
  // Never in the future: on a Friday morning, the latest is "a moment ago".
  const on = (day: Date, hours: number): string =>
    isoTimestamp(new Date(Math.min(now.getTime(), day.getTime() + hours * 3_600_000)))
  const C = SEED_IDS.projectCheckIns
  return [
    projectCheckIn({
      id: C.launchSite1,
      projectId: PR.launchSite,
      authorId: P.ada,
      status: 'on_track',
      message: 'Design system picked; first pages in review.',
      at: on(addDays(friday, -14), 10),
      acknowledgedById: P.grace,
    }),
    projectCheckIn({
      id: C.launchSite2,
      projectId: PR.launchSite,
      authorId: P.ada,
      status: 'caution',
      message: 'Copy is late; launch date at risk.',
      at: on(addDays(friday, -7), 10),
      acknowledgedById: P.grace,
    }),
    projectCheckIn({
      id: C.launchSite3,
      projectId: PR.launchSite,
      authorId: P.ada,
      status: 'on_track',
      message: 'Copy landed; back on track.',
      at: on(friday, 10),
      acknowledgedById: P.grace,
    }),
    projectCheckIn({
      id: C.mobileBeta1,
      projectId: PR.mobileBeta,
      authorId: P.katherine,
      status: 'caution',
      message: 'TestFlight build blocked on review.',
      at: on(addDays(friday, -3), 15),
      acknowledgedById: P.edsger,
    }),
  ]
}

/**
 * The `project-check-ins` seed: the usual company, where Ada also owes weekly project check-ins and has
 * one to acknowledge. Launch site's last check-in is gone, so its check-in is owed since the last Friday
 * (Operately's `next_check_in_scheduled_at` stays on a missed due day until the next check-in); a new
 * project of Ada's, the Difference Engine exhibit, is owed since the Friday before; and on a new project
 * Ada reviews, the compiler test suite, Edsger's check-in of yesterday awaits her acknowledgement.
 */
export function addProjectCheckInsDue(state: EmulatorState, now: Date): void {
  const friday = lastFriday(now)
  const launchSite = state.projects.find((p) => p.id === PR.launchSite)!
  state.projectCheckIns = state.projectCheckIns.filter((c) => c.id !== SEED_IDS.projectCheckIns.launchSite3)
  launchSite.nextCheckInScheduledAt = isoTimestamp(friday)

  const base = { ...launchSite, goalId: null, description: null, contributorIds: [] as string[] }
  state.projects.push(
    {
      ...base,
      id: PR.exhibit,
      name: 'Difference Engine exhibit',
      spaceId: S.leadership,
      championId: P.ada,
      reviewerId: P.barbara,
      status: 'pending',
      access: access('view'),
      nextCheckInScheduledAt: isoTimestamp(addDays(friday, -7)),
    },
    {
      ...base,
      id: PR.testSuite,
      name: 'Compiler test suite',
      spaceId: S.engineering,
      championId: P.edsger,
      reviewerId: P.ada,
      contributorIds: [P.alan],
      status: 'off_track',
      access: access('view', { [P.alan]: 'edit' }),
      nextCheckInScheduledAt: isoTimestamp(followingFriday(now)),
    },
  )
  // Yesterday, or the start of the week's window: after the last due day, never in the future.
  const written = isoTimestamp(
    new Date(Math.max(friday.getTime() + 9 * 3_600_000, now.getTime() - 20 * 3_600_000)),
  )
  state.projectCheckIns.push(
    projectCheckIn({
      id: SEED_IDS.projectCheckIns.testSuite1,
      projectId: PR.testSuite,
      authorId: P.edsger,
      status: 'off_track',
      message: 'Half the fuzzing corpus crashes the parser; fixing before adding more.',
      at: written > isoTimestamp(now) ? isoTimestamp(now) : written,
    }),
  )
}
