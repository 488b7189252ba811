import { ApiError, replies } from './replies'
import type { ApiToken, EmulatorState, Person } from './types'

/**
 * `Authorization: Bearer <token>`, scheme word case-sensitive. Missing, malformed, unknown or deleted
 * tokens and suspended people all get the same plain-text 401.
 */
export function authenticate(
  state: EmulatorState,
  header: string | undefined,
  revokeAll: boolean,
): { token: ApiToken; me: Person } {
  const match = /^Bearer ([^\s]+)$/.exec(header ?? '')
  const token = match ? state.apiTokens.find((t) => t.token === match[1]) : undefined
  const me = token ? state.people.find((p) => p.id === token.personId) : undefined
  if (!token || !me || token.revoked || me.suspended || revokeAll) throw new ApiError(replies.unauthorized())
  return { token, me }
}

/** Read-only tokens may call every GET and no POST. */
export function requireWriteAccess(token: ApiToken): void {
  if (token.readOnly) throw new ApiError(replies.readOnlyToken())
}
