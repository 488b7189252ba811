import { ApiError, replies } from './replies'
import type { ApiToken, EmulatorState, Person } from './types'

/**
 * The token of the first `Authorization` header (`app/lib/operately_web/api/plugs/require_api_token.ex`,
 * 1.5.0–1.8.0): the trimmed header split once at a space; `Bearer <token>` (scheme word case-sensitive)
 * or a bare token with no scheme at all. Missing, malformed, unknown or deleted tokens and suspended
 * people all get the same 401 `Unauthorized`.
 */
function tokenOf(header: string | undefined): string | null {
  const trimmed = (header ?? '').trim()
  const space = trimmed.indexOf(' ')
  const token =
    space < 0 ? trimmed : trimmed.slice(0, space) === 'Bearer' ? trimmed.slice(space + 1).trim() : ''
  return token === '' ? null : token
}

export function authenticate(
  state: EmulatorState,
  header: string | undefined,
  revokeAll: boolean,
): { token: ApiToken; me: Person } {
  const raw = tokenOf(header)
  const token = raw === null ? undefined : state.apiTokens.find((t) => t.token === raw)
  const me = token ? state.people.find((p) => p.id === token.personId) : undefined
  if (!token || !me || token.revoked || me.suspended || revokeAll) throw new ApiError(replies.unauthorized())
  return { token, me }
}

/** Read-only tokens may call every GET and no POST. */
export function requireWriteAccess(token: ApiToken): void {
  if (token.readOnly) throw new ApiError(replies.readOnlyToken())
}
