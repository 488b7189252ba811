import { accessLevel, rank } from '../access'
import { flag, type Ctx } from '../context'
import type { Endpoint } from '../endpoint'
import { parseIdInput } from '../ids'
import { flags, t } from '../inputs'
import { findVisibleGoal, findVisibleProject } from '../lookup'
import { person, personFull } from '../serialize'
import type { Person } from '../types'

const SEARCH_LIMIT = 10

const byName = (a: Person, b: Person): number => a.fullName.localeCompare(b.fullName)

export const getMe: Endpoint = {
  kind: 'query',
  inputs: () => flags('include_manager'),
  handle: (ctx) => ({ me: personFull(ctx, ctx.me, flag(ctx, 'include_manager')) }),
}

/** Inputs as `app/lib/operately_web/api/people/list.ex` declares them (1.5.0–1.8.0). */
export const listPeople: Endpoint = {
  kind: 'query',
  inputs: () =>
    flags(
      'only_suspended',
      'include_suspended',
      'include_manager',
      'include_account',
      'include_invite_link',
      'include_company_access_levels',
    ),
  handle: (ctx) => ({
    people: ctx.state.people
      .filter((p) =>
        flag(ctx, 'only_suspended') ? p.suspended : flag(ctx, 'include_suspended') || !p.suspended,
      )
      .sort(byName)
      .map((p) => personFull(ctx, p, flag(ctx, 'include_manager'))),
  }),
}

/** Who may be found in a search scope: everyone, or those who can see the goal or project. */
function inScope(ctx: Ctx): (p: Person) => boolean {
  const type = ctx.inputs.search_scope_type as string | undefined
  const scopeId = ctx.inputs.search_scope_id as string | undefined
  if ((type === 'goal' || type === 'project') && scopeId) {
    const item = type === 'goal' ? findVisibleGoal(ctx, scopeId) : findVisibleProject(ctx, scopeId)
    return (p) => rank(accessLevel(item, p.id)) >= rank('view')
  }
  return () => true
}

/**
 * `people/search` (`app/lib/operately_web/api/people/search.ex`, 1.5.0–1.8.0): `query` is optional
 * (default ""), matched case-insensitively anywhere in the full name or the title, never the e-mail,
 * and not trimmed. Ordered by where the query sits in the full name (a title-only match, position 0,
 * first), then in the title (no title last), then by name; at most 10.
 */
export const searchPeople: Endpoint = {
  kind: 'query',
  inputs: () => ({
    query: { type: t.string },
    ignored_ids: { type: t.listOf(t.id) },
    search_scope_type: {
      type: t.enumOf('search_scope_options', ['company', 'project', 'space', 'goal', 'resource_hub', 'none']),
    },
    search_scope_id: { type: t.id, nullable: true },
  }),
  handle: (ctx) => {
    const needle = String(ctx.inputs.query ?? '').toLowerCase()
    const ignored = new Set(((ctx.inputs.ignored_ids as string[] | undefined) ?? []).map(parseIdInput))
    const visible = inScope(ctx)
    const position = (hay: string | null): number | null =>
      hay === null ? null : hay.toLowerCase().indexOf(needle) + 1
    const byMatch = (a: Person, b: Person): number => {
      const pa = position(a.fullName)!
      const pb = position(b.fullName)!
      if (pa !== pb) return pa - pb
      const ta = position(a.title)
      const tb = position(b.title)
      if (ta !== tb) return ta === null ? 1 : tb === null ? -1 : ta - tb
      return byName(a, b)
    }
    const matches = ctx.state.people
      .filter((p) => !p.suspended && !ignored.has(p.id) && visible(p))
      .filter(
        (p) => p.fullName.toLowerCase().includes(needle) || (p.title ?? '').toLowerCase().includes(needle),
      )
      .sort(byMatch)
      .slice(0, SEARCH_LIMIT)
    return { people: matches.map((p) => person(ctx, p)) }
  },
}
