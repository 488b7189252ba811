import type { FormerPerson, PastCheckIn } from '@shared/domain/check-in-history'
import { mentionsInText } from '@shared/domain/mentions'
import { sameId } from '@shared/ids'
import type { CheckIn } from '../operately/types'

/**
 * The people the message mentions who are not in `known` (the ids of the company's people); null when
 * who is known could not be learnt.
 */
export function formerMentions(
  message: string | null,
  known: readonly string[] | null,
): FormerPerson[] | null {
  if (known === null) return null
  const former: FormerPerson[] = []
  for (const mention of mentionsInText(message)) {
    if (known.some((id) => sameId(id, mention.id))) continue
    if (former.some((f) => sameId(f.id, mention.id))) continue
    former.push({ id: mention.id, name: mention.label })
  }
  return former
}

/** Only published check-ins belong in the history; servers before drafts send no state at all. */
export const isPublished = (c: CheckIn): boolean => c.state === null || c.state === 'published'

/** One check-in from `goals/list_check_ins` as the history shows it. */
export function toPastCheckIn(c: CheckIn, known: readonly string[] | null): Omit<PastCheckIn, 'webUrl'> {
  return {
    id: c.id,
    status: c.status,
    state: c.state,
    insertedAt: c.inserted_at,
    publishedAt: c.published_at,
    author: c.author ? { id: c.author.id, name: c.author.full_name } : null,
    message: c.message,
    targets: [...c.goal_target_updates]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((t) => ({
        id: t.id,
        name: t.name,
        value: t.value,
        previousValue: t.previous_value,
        from: t.from,
        to: t.to,
        unit: t.unit,
      })),
    checklist: [...c.checklist]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((item) => ({ id: item.id, name: item.name, completed: item.completed })),
    formerMentions: formerMentions(c.message, known),
  }
}

/**
 * The list without repeats: a check-in the server lists twice (by the same id in any of its shapes)
 * shows once, where it first came. The screen keys and opens check-ins by id.
 */
export function withoutRepeats(checkIns: readonly CheckIn[]): CheckIn[] {
  const kept: CheckIn[] = []
  for (const c of checkIns) if (!kept.some((k) => sameId(k.id, c.id))) kept.push(c)
  return kept
}
