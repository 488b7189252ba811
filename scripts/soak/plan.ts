/**
 * Everything a soak run does, decided up front from its seed: which writes (goal check-ins, project
 * check-ins and description saves, over which goals and projects, which of them typed offline, which of
 * them Operately will always refuse), and where the services process is killed. The same seed gives the
 * same plan, and the emulator's seeded fault mix gives each request the same fault: a failing seed replays.
 */

/** Numbers in [0, 1), the same sequence for the same seed (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type KillPhase =
  /** While the write's requests are on their way: its answer may or may not come first. */
  | 'in-flight'
  /** Right after the person was told it is safe. */
  | 'after-answer'
  /** Between two writes, while the outbox sends in the background. */
  | 'between'

/**
 * `check-in`: a goal's (the name it always had); `project-check-in`: a project's weekly check-in, through
 * the same call (checkIns.create) and the same outbox entry kind; `description`: a project description save.
 */
export type WriteKind = 'check-in' | 'project-check-in' | 'description'

/** The kinds that are check-ins, a goal's or a project's: judged by their marker, one on the server. */
export const isCheckIn = (kind: WriteKind): boolean => kind !== 'description'

export interface PlannedWrite {
  n: number
  kind: WriteKind
  /** Index of the goal or project written to. */
  target: number
  status: 'on_track' | 'caution' | 'off_track'
  /** Typed while the operating system says there is no network. */
  offline: boolean
  /**
   * A check-in (a goal's or a project's) mentioning someone not in the company: Operately answers 500,
   * every time.
   */
  refusedAlways: boolean
  /** A description of about 2 MB: its request takes long, and its timeout grows with it. */
  large: boolean
  /**
   * A check-in saying only "No change.", as many do: the same words as other writes, so the soak cannot
   * tell it from them by its text and judges those check-ins per goal, by count.
   */
  sameWords: boolean
  /**
   * Just before this description save, a colleague changes the project's description in Operately (on
   * the emulator, not through the app): the save, or one still queued for the project, meets a conflict.
   */
  colleagueFirst: boolean
  /** What the person chooses when this save meets a conflict, and after how long (ms). */
  onConflict: { choice: 'keep-mine' | 'take-theirs'; afterMs: number }
  kill: { phase: KillPhase; delayMs: number } | null
}

export interface PlanOptions {
  seed: number
  writes: number
  kills: number
  goals: number
  /** Projects whose descriptions are saved (the first ones of the soak's projects). */
  projects: number
  /**
   * Projects checked in on (the first ones of the soak's projects, Ada's as champion): more than take
   * description saves, so a project check-in's lane is seldom still busy with the one before.
   */
  checkInProjects: number
}

/** The share of writes that are project check-ins, taken out of the goal check-ins and descriptions alike. */
export const projectCheckInShare = 0.2

const statuses = ['on_track', 'caution', 'off_track'] as const
const phases: KillPhase[] = ['in-flight', 'after-answer', 'between']

export function makePlan(options: PlanOptions): PlannedWrite[] {
  const random = seededRandom(options.seed)
  // Drawn from a stream of their own, so a seed's writes, targets and kills stay what they were.
  const extra = seededRandom(options.seed ^ 0x2b1dd5)
  // The same words, the colleague and the person's choices: a stream of their own too, for the same reason.
  const others = seededRandom(options.seed ^ 0x3c011ea)
  // Which writes are project check-ins, on which project, and which of them always refused: one more stream,
  // drawn three times for every write, so the other streams are drawn as they always were.
  const projectCheckIns = seededRandom(options.seed ^ 0x9c0ec7)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const plan: PlannedWrite[] = []
  let offlineLeft = 0
  for (let n = 1; n <= options.writes; n++) {
    // About one write in five is typed offline, in stretches of 3 to 12.
    if (offlineLeft === 0 && random() < 0.025) offlineLeft = 3 + Math.floor(random() * 10)
    const offline = offlineLeft > 0
    if (offlineLeft > 0) offlineLeft--
    const drawn = random() < 0.55 ? 'check-in' : 'description'
    // Drawn in the order they always were, so the streams stay in step with what they were.
    const drawnTarget = Math.floor(random() * (drawn === 'check-in' ? options.goals : options.projects))
    const status = pick(statuses)
    const drawnRefusedAlways = drawn === 'check-in' && random() < 0.01
    const sameWords = others() < 0.1
    const colleagueFirst = others() < 0.03
    const keepMine = others() < 0.75
    const afterMs = Math.floor(others() * 400)
    const projectCheckIn = projectCheckIns() < projectCheckInShare
    const projectTarget = Math.floor(projectCheckIns() * options.checkInProjects)
    const projectRefusedAlways = projectCheckIns() < 0.01
    const kind: WriteKind = projectCheckIn ? 'project-check-in' : drawn
    const target = projectCheckIn ? projectTarget : drawnTarget
    const refusedAlways = projectCheckIn ? projectRefusedAlways : drawnRefusedAlways
    const large = drawn === 'description' && extra() < 0.01
    plan.push({
      n,
      kind,
      target,
      status,
      offline,
      refusedAlways,
      large: kind === 'description' && large,
      // "No change." only for goals: each project check-in carries its marker, and is judged by it.
      sameWords: kind === 'check-in' && !refusedAlways && sameWords,
      colleagueFirst: kind === 'description' && colleagueFirst,
      onConflict: { choice: keepMine ? 'keep-mine' : 'take-theirs', afterMs },
      kill: null,
    })
  }
  // Kill points spread over the run, none on the first write (the sign-in comes before it).
  const candidates = plan.slice(1)
  for (let i = 0; i < options.kills && candidates.length > 0; i++) {
    const [write] = candidates.splice(Math.floor(random() * candidates.length), 1)
    write!.kill = { phase: pick(phases), delayMs: Math.floor(random() * 60) }
  }
  return plan
}
