import { describe, expect, it } from 'vitest'
import { AppFailure } from '@shared/errors'
import { normalizeToken } from './token'

const token = 'opk_Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cX'

function failure(input: string): AppFailure {
  try {
    normalizeToken(input)
  } catch (err) {
    if (err instanceof AppFailure) return err
    throw err
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`)
}

describe('normalizeToken', () => {
  it.each([
    ['as copied', token],
    ['with surrounding spaces and a newline', `  ${token}\n`],
    ['with Windows line endings', `${token}\r\n`],
    [
      'wrapped across lines by a mail client',
      `${token.slice(0, 20)}\n${token.slice(20, 40)}\r\n  ${token.slice(40)}`,
    ],
    ['with a tab inside', `${token.slice(0, 10)}\t${token.slice(10)}`],
    [
      'with zero-width spaces from a rich-text copy',
      `\u200b${token.slice(0, 5)}\u200b${token.slice(5)}\ufeff`,
    ],
    ['with a non-breaking space after it', `${token}\u00a0`],
    ['as a pasted header value', `Bearer ${token}`],
  ])('keeps the token when pasted %s', (_label, input) => {
    expect(normalizeToken(input)).toBe(token)
  })

  it.each([[''], ['   '], ['\n\t\r\n'], ['\u200b']])(
    'asks for a token when the paste is empty (%j)',
    (input) => {
      const err = failure(input)
      expect(err.error).toMatchObject({ kind: 'invalid_input', field: 'token' })
      expect(err.error.message).toMatch(/Paste the API token/)
    },
  )

  it('rejects characters a token never has, without repeating the paste', () => {
    const err = failure('opk_héllo…secret')
    expect(err.error).toMatchObject({ kind: 'invalid_input', field: 'token' })
    expect(err.error.message).toMatch(/Copy the token again/)
    expect(err.error.message).not.toContain('secret')
  })
})
