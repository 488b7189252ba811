import { AppFailure } from '@shared/errors'
import { lastSegment } from '@shared/ids'
import type { Logger } from '../log/logger'

/**
 * Whether the person may edit each goal or project of a list, known before any is opened.
 *
 * Operately's `goals/list` and `projects/list` never carry permissions (they take no `include_permissions`;
 * real servers answer 400 to it), so a list alone cannot say. The role settles most rows (champions and
 * reviewers have full access); what was learnt before (an earlier list, a detail opened) settles more; the
 * rest are asked one by one, with `include_permissions` and nothing else, a few at a time. Each item is
 * asked about once per account: the answer is kept with the list on disk.
 */

export interface EditRights {
  /** Known rights by short id: learnt from details opened in this run, or kept with an earlier list. */
  known: Map<string, boolean>
}

export function createEditRights(): EditRights {
  return { known: new Map() }
}

/**
 * Edit rights are one person's on one server: the rights of whoever is signed in, from nothing for each
 * new account. What a request started for an earlier account learns goes to that account's rights, which
 * nobody reads any more.
 */
export function createRightsByAccount(): (account: {
  baseUrl: string
  person: { id: string }
}) => EditRights {
  let current: { key: string; rights: EditRights } | null = null
  return (account) => {
    const key = `${account.baseUrl} ${lastSegment(account.person.id)}`
    if (current?.key !== key) current = { key, rights: createEditRights() }
    return current.rights
  }
}

/** Remembers what an earlier list (read from disk) said, without overriding anything learnt since. */
export function rememberFrom(
  rights: EditRights,
  items: ReadonlyArray<{ id: string; canEdit: boolean | null }>,
) {
  for (const item of items) {
    const key = lastSegment(item.id)
    if (item.canEdit !== null && !rights.known.has(key)) rights.known.set(key, item.canEdit)
  }
}

/**
 * Fills in `canEdit` where it is still null: from what is known, else by asking (unless `ask` is null, as
 * for a read-only token, which can edit nothing anyway). A failed question leaves that row unknown; the
 * list itself never fails for it.
 */
export async function fillEditRights<T extends { id: string; canEdit: boolean | null }>(
  items: T[],
  rights: EditRights,
  ask: ((id: string) => Promise<boolean | null>) | null,
  log: Logger,
  concurrency = 4,
): Promise<T[]> {
  const out = items.map((item) =>
    item.canEdit === null ? { ...item, canEdit: rights.known.get(lastSegment(item.id)) ?? null } : item,
  )
  const unknown = out.filter((item) => item.canEdit === null)
  if (!ask || unknown.length === 0) return out
  let next = 0
  const worker = async () => {
    while (next < unknown.length) {
      const item = unknown[next++]!
      try {
        const answer = await ask(item.id)
        if (answer === null) continue
        item.canEdit = answer
        rights.known.set(lastSegment(item.id), answer)
      } catch (err) {
        if (!(err instanceof AppFailure)) throw err
        log.warn('could not learn whether an item can be edited', { kind: err.error.kind })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, unknown.length) }, worker))
  return out
}
