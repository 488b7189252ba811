import type { VersionHeaderForm } from './version-header'

/**
 * The emulator's public types and its in-memory model.
 *
 * The model is what the server stores (canonical UUIDs, parsed rich-text documents, ISO timestamps);
 * the wire shapes are produced from it by `serialize.ts`. Tests may read and change the model directly.
 */

export interface EmulatorOptions {
  /** 0 = random free port (default). */
  port?: number
  /** Default '127.0.0.1'. */
  host?: string
  /** The Operately release whose behaviour is played ('1.5.0'…'1.8.0'). Default '1.8.0'. */
  version?: string
  /**
   * What `x-operately-version` says: 'release' (default), the build date and short hash a release
   * image of `version` sends (RELEASE_VERSION_HEADERS); 'dev', `dev-version` as a server run from
   * source sends; any other string is sent as written.
   */
  header?: VersionHeaderForm
  /** The server's clock. Default: the real clock. */
  now?: () => Date
  /** Which company `reset()` seeds: the usual small one (default) or the big one (seed-big.ts). */
  seed?: SeedName
}

/**
 * `usual`: the small company; `big`: it grown to 10,000 goals (seed-big.ts); `project-check-ins`: the
 * usual company where Ada also owes weekly project check-ins and has one to acknowledge (seed.ts).
 */
export const SEED_NAMES = ['usual', 'big', 'project-check-ins'] as const
export type SeedName = (typeof SEED_NAMES)[number]

export interface Faults {
  /** Delay before every API answer, in ms (0). */
  latencyMs: number
  /** The next N API requests answer 500 JSON (0). */
  serverErrors: number
  /** The next N API requests answer 502 with an nginx-like HTML page (0). */
  htmlBadGateway: number
  /** Every token answers 401 `Unauthorized`, as if deleted (false). */
  revokeTokens: boolean
  /** The next N successful mutations are applied, then the socket is destroyed without an answer (0). */
  dropAfterCommit: number
  /** Successful mutations are applied, then the answer is held this long in ms (0 = off). */
  hangAfterCommitMs: number
  /** update_description answers the short project without `description`, as real servers do (true). */
  omitDescription: boolean
  /** When set, 5xx answers carry `Retry-After` with this many seconds (null). */
  retryAfterSeconds: number | null
  /** The next N successful mutations are applied, then answered with `failAfterCommitAnswer` (0). */
  failAfterCommit: number
  /** What a failure after the commit looks like: status and HTML (a proxy's page) or JSON ('504-html'). */
  failAfterCommitAnswer: AfterCommitAnswer
  /** The next N successful mutations are applied, then the connection is reset (TCP RST, no answer) (0). */
  resetAfterCommit: number
  /**
   * The next N mutations are held, unapplied, until the client gives up on them (closes the connection);
   * then they are applied `lateCommitMs` later, with nobody left to answer (0).
   */
  commitAfterGiveUp: number
  /** How long after the client gave up a held mutation is applied (100). */
  lateCommitMs: number
  /** Every fault above drawn at random for each request, from a seed (null = off). See README. */
  chaos: ChaosFaults | null
}

/** A failed answer sent after a mutation was applied: `<status>-<html|json>`. */
export const afterCommitAnswers = [
  '500-json',
  '500-html',
  '502-json',
  '502-html',
  '503-json',
  '503-html',
  '504-json',
  '504-html',
] as const
export type AfterCommitAnswer = (typeof afterCommitAnswers)[number]

/** The seeded random mix of faults. */
export interface ChaosFaults {
  /** The same seed gives every request with the same method, endpoint, inputs and repeat count the same fault. */
  seed: number
  /** Share of requests that get a fault, 0 to 1. */
  rate: number
  /** How long a held answer waits: longer than the client's timeout, so the client gives up first (ms). */
  holdMs: number
  /** How long after the client gave up a held mutation is applied (ms). */
  lateCommitMs: number
  /**
   * When set, each late commit's delay is drawn between `lateCommitMs` and this (ms): some land after the
   * client's whole wait for them, as a server slower still would.
   */
  lateCommitMaxMs?: number
  /**
   * A lower bound than `lateCommitMaxMs` for some endpoints (`projects/update_description`): where what a
   * client can do about a commit later than its wait is only a documented limit, not behaviour to test.
   */
  lateCommitMaxMsFor?: Record<string, number>
  /**
   * Endpoints whose mutations meet an after-the-commit fault (drawn from the seed among them) until one
   * has taken place there, whatever `rate` says: a run then always exercises them at these endpoints.
   */
  afterCommitFirstAt?: string[]
}

export interface EmulatorTokens {
  /** Write-enabled token of Ada Lovelace. */
  write: string
  /** Read-only token of Ada Lovelace. */
  readOnly: string
  /** A token that was deleted: always 401. */
  revoked: string
}

export interface Emulator {
  /** e.g. http://127.0.0.1:43127 */
  url: string
  tokens: EmulatorTokens
  /** Live state; tests may read and change it. `reset()` refills this same object. */
  state: EmulatorState
  setFaults(faults: Partial<Faults>): void
  clearFaults(): void
  /** Current fault switches (a copy). */
  faults(): Faults
  /** Every API request is answered by destroying the socket, as if the server were unreachable. */
  pause(): void
  resume(): void
  /** Reseed everything, clear faults, pause and the request log; with a seed name, switch to that company. */
  reset(seed?: SeedName): void
  /** The company `reset()` seeds now. */
  seed(): SeedName
  close(): Promise<void>
}

// ---------------------------------------------------------------------------------------------------
// Model

/** A TipTap/ProseMirror JSON document, stored parsed. */
export type RichDoc = { type: 'doc'; content?: unknown[]; [key: string]: unknown }

/** Ordered from least to most: each level includes the ones before it. */
export type AccessLevel = 'none' | 'view' | 'comment' | 'edit' | 'full'

export type ContextualDateType = 'day' | 'month' | 'quarter' | 'year'

export interface ContextualDate {
  date_type: ContextualDateType
  /** Human label that must agree with `date`: `Mar 5, 2026`, `Mar 2026`, `Q1 2026`, `2026`. */
  value: string
  /** YYYY-MM-DD */
  date: string
}

export interface Timeframe {
  contextual_start_date: ContextualDate | null
  contextual_end_date: ContextualDate | null
}

export interface Company {
  id: string
  name: string
}

export interface Space {
  id: string
  name: string
  /** Its members: the people a goal in it offers as potential subscribers (subscribers.ts). */
  memberIds: string[]
}

export interface Person {
  id: string
  fullName: string
  email: string
  title: string | null
  avatarUrl: string | null
  type: 'human'
  suspended: boolean
  timezone: string | null
  managerId: string | null
  insertedAt: string
}

export interface Target {
  id: string
  name: string
  from: number
  to: number
  unit: string
  value: number
  index: number
  insertedAt: string
  updatedAt: string
}

export interface GoalCheck {
  id: string
  name: string
  completed: boolean
  completedAt: string | null
  index: number
  insertedAt: string
  updatedAt: string
}

/** Who may do what on a goal or project. Champions and reviewers always have full access. */
export interface AccessRules {
  /** Level for every company member not listed in `people`. */
  company: AccessLevel
  people: Record<string, AccessLevel>
}

export interface Goal {
  id: string
  name: string
  spaceId: string
  championId: string | null
  reviewerId: string | null
  description: RichDoc | null
  timeframe: Timeframe | null
  targets: Target[]
  checks: GoalCheck[]
  insertedAt: string
  updatedAt: string
  closedAt: string | null
  /** Set when closed: true = achieved. */
  success: boolean | null
  archivedAt: string | null
  /** When the next check-in is due (UTC midnight of a 1st). */
  nextUpdateScheduledAt: string
  lastCheckInId: string | null
  access: AccessRules
}

export type ProjectState = 'active' | 'paused' | 'closed'
export type ProjectStatus =
  'achieved' | 'missed' | 'paused' | 'outdated' | 'on_track' | 'caution' | 'off_track' | 'pending'

export interface Project {
  id: string
  name: string
  spaceId: string
  goalId: string | null
  championId: string | null
  reviewerId: string | null
  contributorIds: string[]
  description: RichDoc | null
  state: ProjectState
  status: ProjectStatus
  /** Serialized as the string "nil" when unset, as real servers do. */
  successStatus: 'achieved' | 'missed' | null
  privacy: 'public' | 'internal' | 'confidential' | 'secret'
  timeframe: Timeframe | null
  insertedAt: string
  updatedAt: string
  startedAt: string
  closedAt: string | null
  archivedAt: string | null
  nextCheckInScheduledAt: string
  access: AccessRules
}

export type CheckInStatus = 'on_track' | 'caution' | 'off_track'

export interface CheckInTarget {
  /** Canonical UUID of the goal's target. */
  id: string
  name: string
  value: number
  previous_value: number
  unit: string
  index: number
  from: number
  to: number
}

export interface CheckInCheck {
  /** Canonical UUID of the goal's check. */
  id: string
  name: string
  index: number
  completed: boolean
}

/**
 * What every kind of check-in has: a goal's ("goal progress update") and a project's weekly one share
 * their lifecycle (draft, scheduled, published), acknowledgement and subscribers.
 */
export interface CheckInRecord {
  id: string
  authorId: string
  status: CheckInStatus
  state: 'draft' | 'scheduled' | 'published'
  insertedAt: string
  updatedAt: string
  publishedAt: string | null
  scheduledAt: string | null
  acknowledgedAt: string | null
  acknowledgedById: string | null
  /** Author, explicit subscribers and mentioned people. */
  subscriberIds: string[]
  sendToEveryone: boolean
  commentsCount: number
}

/** A goal check-in ("goal progress update"). */
export interface CheckIn extends CheckInRecord {
  goalId: string
  message: RichDoc
  targets: CheckInTarget[]
  checklist: CheckInCheck[]
  timeframe: Timeframe | null
}

/** A project's weekly check-in (`Operately.Projects.CheckIn`). */
export interface ProjectCheckIn extends CheckInRecord {
  projectId: string
  description: RichDoc
}

export interface ApiToken {
  token: string
  personId: string
  readOnly: boolean
  /** Deleted in the web UI: answers 401. */
  revoked: boolean
}

export interface RequestLogEntry {
  method: string
  /** URL path, e.g. /api/external/v1/goals/create_check_in */
  path: string
  /** `<namespace>/<name>` when the path is under /api/external/v1, else null. */
  endpoint: string | null
  query: Record<string, string | string[]>
  /** Parsed JSON body, the raw string when it was not JSON, or null when empty. */
  body: unknown
  /** Status sent; null when the socket was destroyed without an answer (or no answer yet). */
  status: number | null
  /** The request changed the state (a mutation applied), whatever the client was told. */
  committed: boolean
  /** The fault this request met, by name (see README), or null. */
  fault: string | null
  /** ISO timestamp (server clock) of arrival. */
  at: string
}

export interface EmulatorState {
  company: Company
  spaces: Space[]
  people: Person[]
  goals: Goal[]
  projects: Project[]
  checkIns: CheckIn[]
  projectCheckIns: ProjectCheckIn[]
  /**
   * How many times each check-in (goal or project, by canonical UUID) was acknowledged through the API
   * since the last reset: 1 after an acknowledgement, still 1 after an idempotent repeat, 2 after a
   * repeat a goal check-in on 1.5.0–1.7.0 takes again.
   */
  acknowledgements: Record<string, number>
  /** Unread notification count per person id. */
  unreadNotifications: Record<string, number>
  /** API tokens; never sent by the control API. */
  apiTokens: ApiToken[]
  requests: RequestLogEntry[]
  /** Counter that makes ids of created records deterministic. */
  sequence: number
}
