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

export const listPeople: Endpoint = {
  kind: 'query',
  inputs: () =>
    flags('include_suspended', 'include_manager', 'include_account', 'include_company_access_levels'),
  handle: (ctx) => ({
    people: ctx.state.people
      .filter((p) => flag(ctx, 'include_suspended') || !p.suspended)
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

export const searchPeople: Endpoint = {
  kind: 'query',
  inputs: () => ({
    query: { type: t.string, required: true },
    ignored_ids: { type: t.listOf(t.id), nullable: true },
    search_scope_type: {
      type: t.enumOf('search_scope_type', ['company', 'project', 'space', 'goal', 'none']),
      nullable: true,
    },
    search_scope_id: { type: t.id, nullable: true },
  }),
  handle: (ctx) => {
    const needle = String(ctx.inputs.query).trim().toLowerCase()
    const ignored = new Set(((ctx.inputs.ignored_ids as string[] | null) ?? []).map(parseIdInput))
    const visible = inScope(ctx)
    const matches = ctx.state.people
      .filter((p) => !p.suspended && !ignored.has(p.id) && visible(p))
      .filter(
        (p) =>
          p.fullName.toLowerCase().includes(needle) ||
          p.email.toLowerCase().includes(needle) ||
          (p.title ?? '').toLowerCase().includes(needle),
      )
      .sort(byName)
      .slice(0, SEARCH_LIMIT)
    return { people: matches.map((p) => person(ctx, p)) }
  },
}
