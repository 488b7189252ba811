import { expect } from 'vitest'
import type { AppError } from '@shared/errors'

/** A message a manager can read: words, not a status code, markup, JSON or a token. */
export function expectHumanMessage(error: AppError, ...secrets: string[]): void {
  expect(error.message.length).toBeGreaterThan(30)
  expect(error.message).not.toMatch(/^\s*\d{3}\b/)
  expect(error.message).not.toMatch(/[{}<>]/)
  expect(error.message).not.toMatch(/opk_/)
  for (const secret of secrets) expect(error.message).not.toContain(secret)
}
