import { AppFailure } from '@shared/errors'
import { lastSegment } from '@shared/ids'
import type { Logger } from '../log/logger'

/**
 * Whether the person may edit each goal or project of a list, known before any is opened.
 *
 * Operately's `goals/list` and `projects/list` never carry permissions (they take no `include_permissions`;
 * real servers answer 400 to it), so a list alone cannot say. The role settles most rows (champions and
 * reviewers have full access); what was learnt before (an earlier list, a detail opened) settles more; the
 * rest are asked one by one, with `include_permissions` and nothing else, four at a time. Each item is
 * asked about once per account: the answer is kept with the list on disk.
 *
 * A list does not wait long for many questions: a company with a hundred goals would keep the picker on
 * "Loading…" for 25 round trips. After a second it is given with what is known, says that more is coming
 * (`pending`), and the questions go on; the next read of the list has their answers.
 */

export interface EditRights {
  /** Known rights by short id: learnt from details opened in this run, or kept with an earlier list. */
  known: Map<string, boolean>
  /** Questions under way or waiting for a turn, by short id: however many lists need an item, it is asked once. */
  asking: Map<string, Promise<void>>
  /** Runs a question when one of the four turns is free. */
  turn: <T>(question: () => Promise<T>) => Promise<T>
}

/** How many questions about edit rights are on the wire at once, for all the lists together. */
const AT_ONCE = 4

/** At most `concurrency` calls run at once; the others wait for a turn, first come first served. */
function turns(concurrency: number): EditRights['turn'] {
  let running = 0
  const waiting: Array<() => void> = []
  return async (question) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await question()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

export function createEditRights(concurrency = AT_ONCE): EditRights {
  return { known: new Map(), asking: new Map(), turn: turns(concurrency) }
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

/** Asks about one item unless a question about it is already under way; settles once it is answered. */
function learn(
  id: string,
  rights: EditRights,
  ask: (id: string) => Promise<boolean | null>,
  log: Logger,
): Promise<void> {
  const key = lastSegment(id)
  const under = rights.asking.get(key)
  if (under) return under
  const question = rights
    .turn(() => ask(id))
    .then(
      (answer) => {
        if (answer !== null) rights.known.set(key, answer)
      },
      (err: unknown) => {
        // A failed question leaves that row unknown; the list never fails for it.
        if (err instanceof AppFailure) {
          log.warn('could not learn whether an item can be edited', { kind: err.error.kind })
        } else {
          log.error('asking whether an item can be edited failed', { error: String(err) })
        }
      },
    )
    .finally(() => rights.asking.delete(key))
  rights.asking.set(key, question)
  return question
}

/**
 * Fills in `canEdit` where it is still null: from what is known, else by asking (unless `ask` is null, as
 * for a read-only token, which can edit nothing anyway). A few questions (one round, as long as the list
 * itself took) are waited for; more, at most `waitMs`, and `pending` says some are still on their way.
 */
export async function fillEditRights<T extends { id: string; canEdit: boolean | null }>(
  items: T[],
  rights: EditRights,
  ask: ((id: string) => Promise<boolean | null>) | null,
  log: Logger,
  waitMs = 1_000,
): Promise<{ items: T[]; pending: boolean }> {
  const filled = () =>
    items.map((item) =>
      item.canEdit === null ? { ...item, canEdit: rights.known.get(lastSegment(item.id)) ?? null } : item,
    )
  const unknown = filled().filter((item) => item.canEdit === null)
  if (!ask || unknown.length === 0) return { items: filled(), pending: false }
  const answered = Promise.all(unknown.map((item) => learn(item.id, rights, ask, log))).then(() => true)
  if (unknown.length <= AT_ONCE) {
    await answered
    return { items: filled(), pending: false }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)))
  const done = await Promise.race([answered, waited])
  clearTimeout(timer)
  return { items: filled(), pending: !done }
}
