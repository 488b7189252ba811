import type { Ctx } from './context'
import { person, typed } from './serialize'
import type { Goal, Person, Project } from './types'

/**
 * `potential_subscribers` of goals/get and projects/get, as Operately builds them
 * (`app/lib/operately/notifications/subscriber.ex`, 1.5.0–1.8.0; `Goal.set_potential_subscribers` in
 * `app/lib/operately/goals/goal.ex`, `Project.load_potential_subscribers` in
 * `app/lib/operately/projects/project.ex`). Nobody is `is_subscribed` here: only a subscription list
 * (an existing check-in's) sets it, and goals and projects have none. Operately's form pre-selects by
 * `priority`.
 */

type Json = Record<string, unknown>

function entry(ctx: Ctx, p: Person, role: string | null, priority: boolean): Json {
  return typed(ctx, 'subscriber', { role, priority, is_subscribed: false, person: person(ctx, p) })
}

/**
 * The goal's space members (role: their title, priority false), with the champion ("Champion") and the
 * reviewer ("Reviewer") put over their own entries with priority true. Operately keys them by person id
 * in a map and answers its values: for the few people of a space, in the order of their UUIDs.
 */
export function goalPotentialSubscribers(ctx: Ctx, g: Goal): Json[] {
  const byId = new Map<string, Json>()
  const space = ctx.state.spaces.find((s) => s.id === g.spaceId)
  for (const id of space?.memberIds ?? []) {
    const p = ctx.state.people.find((x) => x.id === id)
    if (p) byId.set(p.id, entry(ctx, p, p.title, false))
  }
  const champion = ctx.state.people.find((x) => x.id === g.championId)
  if (champion) byId.set(champion.id, entry(ctx, champion, 'Champion', true))
  const reviewer = ctx.state.people.find((x) => x.id === g.reviewerId)
  if (reviewer) byId.set(reviewer.id, entry(ctx, reviewer, 'Reviewer', true))
  return [...byId.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)
}

/**
 * The project's contributors: champion and reviewer with priority true, the others with their
 * responsibility as role (none in the emulator's seeds: null) and priority false.
 */
export function projectPotentialSubscribers(ctx: Ctx, p: Project): Json[] {
  const rows: [string | null, string | null, boolean][] = [
    [p.championId, 'Champion', true],
    [p.reviewerId, 'Reviewer', true],
    ...p.contributorIds.map((id): [string, null, boolean] => [id, null, false]),
  ]
  return rows.flatMap(([id, role, priority]) => {
    const who = ctx.state.people.find((x) => x.id === id)
    return who ? [entry(ctx, who, role, priority)] : []
  })
}
