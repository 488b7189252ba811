import { AppFailure, appError } from '@shared/errors'

const invalid = (message: string): AppFailure =>
  new AppFailure(appError('invalid_input', message, { field: 'token' }))

// Whitespace of every kind, plus the invisible characters that rich-text copies smuggle in
// (zero-width space/joiners, word joiner, byte-order mark).
const invisible = /[\s\u200b-\u200d\u2060\ufeff]+/g

/**
 * Cleans up a pasted API token. Tokens never contain whitespace, so every space and line break goes,
 * including the ones a mail client or terminal inserts when it wraps a long line. A pasted
 * `Bearer <token>` header value is accepted too.
 */
export function normalizeToken(input: string): string {
  const token = input
    .trim()
    .replace(/^bearer\s+/i, '')
    .replace(invisible, '')
  if (token === '') {
    throw invalid('Paste the API token you created in Operately (Account → API tokens).')
  }
  // Anything outside printable ASCII cannot travel in an HTTP header and never occurs in a token.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw invalid(
      'This does not look like an Operately API token: it contains characters a token never has. Copy the token again from Operately (Account → API tokens) and paste it here.',
    )
  }
  return token
}

/** True when a stored token can be sent in an Authorization header as it is. */
export const isSendableToken = (token: string): boolean => /^[\x21-\x7e]+$/.test(token)
