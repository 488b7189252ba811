import type { PastCheckIn } from '@shared/domain/check-in-history'
import { mentionsAsText } from '@shared/domain/mentions'
import { parseJson } from '@shared/exact-json'
import type { Json } from './draft'

/**
 * An earlier check-in's message made ready to start a new one from: the document as the server sent it
 * (unknown content kept; numbers kept exactly), with every mention of someone Operately no longer knows
 * turned into the person's name as text, since Operately answers such a mention with a 500. With the
 * note that says so, or null. Null when the message is not a document.
 */
export function startingMessage(checkIn: PastCheckIn): { doc: Json; note: string | null } | null {
  if (checkIn.message === null) return null
  let doc: unknown
  try {
    doc = parseJson(checkIn.message)
  } catch {
    return null
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null
  const former = (checkIn.formerMentions ?? []).map((p) => p.id)
  const { doc: sendable, names } = mentionsAsText(doc, former)
  return { doc: sendable as Json, note: formerNote(names) }
}

const list = (names: string[]): string =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`

/** Why a name in the message is no longer a mention. */
export function formerNote(names: string[]): string | null {
  if (names.length === 0) return null
  const who = list(names)
  return names.length === 1
    ? `${who} is no longer in Operately, so the mention is now plain text: Operately refuses a check-in that mentions someone it does not know.`
    : `${who} are no longer in Operately, so their mentions are now plain text: Operately refuses a check-in that mentions someone it does not know.`
}
