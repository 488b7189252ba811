import { parseJson } from '../../../src/shared/exact-json'
import type { Ctx } from '../context'
import { findPerson } from '../lookup'
import { ApiError, replies } from '../replies'
import { mentionIds } from '../richtext'
import type { Person, RichDoc } from '../types'

/**
 * A `description`/`content`/`message` input: a string holding JSON of an object. Not JSON at all was
 * refused while parsing (a Phoenix 500 before the token, inputs.ts); JSON that is not an object, or a
 * mention of someone who is not a person of the company, makes the operation fail (Dispatch's 500).
 * The document is stored parsed, so key order is not preserved.
 */
export function parseRichText(ctx: Ctx, raw: string): RichDoc {
  let parsed: unknown
  try {
    // Exactly, as Elixir keeps integers of any size: a number JavaScript would round stays as written.
    parsed = parseJson(raw)
  } catch {
    throw new ApiError(replies.crash())
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(replies.handlerFailure())
  mentionedPeople(ctx, parsed)
  return parsed as RichDoc
}

/** The people a document mentions; 500 if any mention names no one. */
export function mentionedPeople(ctx: Ctx, doc: unknown): Person[] {
  return mentionIds(doc).map((id) => {
    const who = findPerson(ctx.state, id)
    if (!who) throw new ApiError(replies.handlerFailure())
    return who
  })
}
