/**
 * Refusals the person meets in the soak, by reason, each with a budget. A refusal keeps the text in the
 * form and sends nothing, so it loses nothing; but a refusal that grows, or one of a kind nobody expected
 * ("Something went wrong"), is the app failing the person all the same. Every reason the app may give is
 * named here with the most it may happen; any other reason has a budget of none.
 */

export interface RefusalReason {
  /** How the soak's table names it. */
  name: string
  /** Which answers it is. */
  matches: RegExp
  /** The writes it may refuse: of which kind (`check-in`: a goal's), and at most what share of them. */
  of: 'check-in' | 'project-check-in' | 'description' | 'any'
  atMost: number
  /** One more for each edit a colleague made in Operately meanwhile: each is a conflict the person must see. */
  perColleagueEdit?: boolean
}

export const refusalReasons: readonly RefusalReason[] = [
  {
    // One check-in per goal at a time (by design: docs/offline-and-sync.md, "One goal has one submission at
    // a time"): a second check-in in a goal's lane is refused while the first is on its way. The soak
    // writes to a few goals, fast, often while one is in flight, so this is how it meets that case. How
    // often depends on how fast deliveries go against the soak's pace: 6% to 33% of check-ins across runs
    // on a quiet 2-core machine, more when the machine is loaded. Half still catches a lane that stops
    // (it refuses nearly every write to it) without failing a run for being slow.
    name: 'a check-in for this goal is already on its way',
    matches: /for this goal is already on its way/,
    of: 'check-in',
    atMost: 0.5,
  },
  {
    // The same for a project: one submission per project at a time, through the same mechanism. The soak
    // checks in on 50 projects with a fifth of its writes, about as often per project as per goal: the
    // same share, for the same reasons.
    name: 'a check-in for this project is already on its way',
    matches: /for this project is already on its way/,
    of: 'project-check-in',
    atMost: 0.5,
  },
  {
    // The form's answer to Operately's own 500 (the soak's chaos gives a few percent of requests one).
    name: 'Operately ran into a problem on its side',
    matches: /Operately ran into a problem on its side/,
    of: 'any',
    atMost: 0.02,
  },
  {
    // Both versions shown, in the editor or in Sync: a late commit of the person's older text is someone
    // else's text to the app (5%), and each colleague's edit meets the project's next save once (or, when
    // "Keep mine" finds it changed again, once more: the budget still holds one per edit).
    name: 'conflict (both versions shown)',
    matches: /^conflict \(both versions shown\)$/,
    of: 'description',
    atMost: 0.05,
    perColleagueEdit: true,
  },
  {
    // The simulated person decides on a conflict ("Take theirs", Discard of an earlier save) while a new
    // save of the same project merges into that entry: the discard takes it out unsent, and the save says
    // so instead of "Saved" (the editor keeps the text). A race of two hands; rare.
    name: 'taken out of Sync before it was sent',
    matches: /taken out of Sync before it was sent/,
    of: 'description',
    atMost: 0.01,
  },
]

/** The table's name for a refusal's words: its reason's, or the words' first sentence when none fits. */
export function refusalName(words: string): string {
  const known = refusalReasons.find((reason) => reason.matches.test(words))
  return known ? known.name : words.split(/[.:]/)[0]!
}

/** `checkIns`: a goal's; `projectCheckIns`: a project's (none in a run from before they were written). */
type Writes = { checkIns: number; projectCheckIns?: number; descriptions: number; colleagueEdits?: number }

/** How many refusals of `reason` a run with these writes may have. */
function budgetOf(reason: RefusalReason, writes: Writes): number {
  const projectCheckIns = writes.projectCheckIns ?? 0
  const base =
    reason.of === 'check-in'
      ? writes.checkIns
      : reason.of === 'project-check-in'
        ? projectCheckIns
        : reason.of === 'description'
          ? writes.descriptions
          : writes.checkIns + projectCheckIns + writes.descriptions
  return Math.floor(base * reason.atMost) + (reason.perColleagueEdit ? (writes.colleagueEdits ?? 0) : 0)
}

/**
 * What went over budget: one line per reason, empty when every count is within its budget. `refused` is
 * the soak's count by name (refusalName); `writes` how many writes of each kind the run made.
 */
export function overBudget(refused: Record<string, number>, writes: Writes): string[] {
  const over: string[] = []
  for (const [name, count] of Object.entries(refused)) {
    const reason = refusalReasons.find((each) => each.name === name)
    if (!reason) over.push(`refused ${count}× for a reason no budget allows: "${name}"`)
    else if (count > budgetOf(reason, writes)) {
      over.push(`refused ${count}× "${name}", over its budget of ${budgetOf(reason, writes)}`)
    }
  }
  return over
}

/** The budget beside a reason in the table: "(budget 197)". */
export function budgetNote(name: string, writes: Writes): string {
  const reason = refusalReasons.find((each) => each.name === name)
  return reason ? `(budget ${budgetOf(reason, writes)})` : '(no budget: any is too many)'
}
