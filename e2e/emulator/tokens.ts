import { createHash } from 'node:crypto'
import { SEED } from './ids'
import type { ApiToken, EmulatorTokens } from './types'

/** `opk_` + 43 url-safe base64 characters (32 bytes), derived from the fixed seed. */
export function deterministicToken(label: string): string {
  return 'opk_' + createHash('sha256').update(`${SEED}:token:${label}`).digest('base64url')
}

/** The three tokens every emulator has; stable across runs so the README and the demo can print them. */
export const DEFAULT_TOKENS: EmulatorTokens = {
  write: deterministicToken('ada-write'),
  readOnly: deterministicToken('ada-read-only'),
  revoked: deterministicToken('ada-deleted'),
}

export function seedTokens(adaId: string): ApiToken[] {
  return [
    { token: DEFAULT_TOKENS.write, personId: adaId, readOnly: false, revoked: false },
    { token: DEFAULT_TOKENS.readOnly, personId: adaId, readOnly: true, revoked: false },
    { token: DEFAULT_TOKENS.revoked, personId: adaId, readOnly: false, revoked: true },
  ]
}
