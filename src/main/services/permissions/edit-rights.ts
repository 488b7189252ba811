import { z } from 'zod'
import { AppFailure } from '@shared/errors'
import { lastSegment } from '@shared/ids'
import { accountKey } from '../session/account-key'
import type { Cache } from '../cache/cache'
import type { Logger } from '../log/logger'

/**
 * Whether the person may edit each goal or project of a list, asked only where it matters.
 *
 * Operately's `goals/list` and `projects/list` never carry permissions (they take no `include_permissions`;
 * real servers answer 400 to it), so a list alone cannot say. The role settles the person's own rows
 * (champions and reviewers have full access). The rest are asked about one by one (`goals/get` /
 * `projects/get` with `include_permissions`), four at a time, but only for the ids the renderer names: the
 * rows on screen and the item being opened. A company of 10,000 goals costs a screenful of questions, not
 * 10,000 (issue 23).
 *
 * Answers are kept on disk with the time they were given, so the next start shows the marks at once.
 * An answer older than a day is asked again when its row is shown; a detail opened or an action the
 * server refused for rights replaces it at once.
 */

/** How long an answer is taken as still true before its row, when shown, is asked about again. */
export const RIGHTS_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** How many questions about edit rights are on the wire at once, for all the lists together. */
const AT_ONCE = 4

/** An account: the same person on the same server. */
export interface RightsAccount {
  baseUrl: string
  person: { id: string }
}

export interface EditRightsBook {
  /** The rows, with every right known for them so far filled in where the role left it open. */
  fill<T extends { id: string; canEdit: boolean | null }>(account: RightsAccount, items: T[]): Promise<T[]>
  /**
   * The rights of these ids: what is known and younger than a day as it is, the rest asked (unless `ask`
   * is null, as for a read-only token, which can edit nothing: then unknown stays null). A question that
   * fails leaves its id null; this never throws for one.
   */
  rightsOf(
    account: RightsAccount,
    ids: readonly string[],
    ask: ((id: string) => Promise<boolean | null>) | null,
  ): Promise<Array<{ id: string; canEdit: boolean | null }>>
  /** The person's own rows (champion or reviewer) of the latest list: full access, never asked about. */
  settledByRole(account: RightsAccount, ids: readonly string[]): void
  /** The server said it (a detail opened, an action refused): the freshest answer, kept at once. */
  learnt(account: RightsAccount, id: string, canEdit: boolean): Promise<void>
}

const storedRightsSchema = z.object({
  account: z.string(),
  rights: z.record(z.string(), z.object({ canEdit: z.boolean(), at: z.number() })),
})

interface Answer {
  canEdit: boolean
  /** When the server gave it (ms since the epoch). */
  at: number
}

interface Book {
  account: string
  known: Map<string, Answer>
  /** Short ids whose right the role settles (the latest list's own rows). */
  own: Set<string>
  /** Questions under way or waiting for a turn, by short id: however many screens need one, it is asked once. */
  asking: Map<string, Promise<void>>
  loaded: Promise<void>
}

/** At most `concurrency` calls run at once; the others wait for a turn, first come first served. */
function turns(concurrency: number): <T>(question: () => Promise<T>) => Promise<T> {
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

export function createEditRightsBook(deps: {
  cache: Pick<Cache, 'read' | 'write'>
  /** The cache key the answers are kept under (`goal-rights`, `project-rights`). */
  key: string
  log: Logger
  now?: () => number
  concurrency?: number
}): EditRightsBook {
  const { cache, key, log } = deps
  const now = deps.now ?? Date.now
  const turn = turns(deps.concurrency ?? AT_ONCE)
  let current: Book | null = null
  let saving: Promise<void> = Promise.resolve()
  let saveQueued = false

  /** The answers of this account: from disk the first time, from nothing for a new account. */
  const bookOf = (account: RightsAccount): Book => {
    const name = accountKey(account.baseUrl, account.person.id)
    if (current?.account === name) return current
    const book: Book = {
      account: name,
      known: new Map(),
      own: new Set(),
      asking: new Map(),
      loaded: Promise.resolve(),
    }
    book.loaded = cache.read(key, storedRightsSchema).then(
      (kept) => {
        // Another account's answers (a file from before a switch not yet cleared) say nothing about this one.
        if (kept?.value.account !== name) return
        for (const [id, answer] of Object.entries(kept.value.rights)) {
          if (!book.known.has(id)) book.known.set(id, answer)
        }
      },
      (err: unknown) => log.warn('edit rights: could not read the kept answers', { error: String(err) }),
    )
    current = book
    return book
  }

  /** Writes the answers once the writes already under way are done; many answers in a row make one write. */
  const save = (book: Book): Promise<void> => {
    if (saveQueued) return saving
    saveQueued = true
    saving = saving.then(async () => {
      saveQueued = false
      // What a request of an earlier account learnt is not written over the current account's answers.
      if (current !== book) return
      await cache
        .write(key, { account: book.account, rights: Object.fromEntries(book.known) })
        .catch((err: unknown) =>
          // Only the next start loses: it asks again for the rows it shows.
          log.warn('edit rights: could not keep the answers', { error: String(err) }),
        )
    })
    return saving
  }

  const fresh = (answer: Answer | undefined): answer is Answer =>
    answer !== undefined && now() - answer.at < RIGHTS_MAX_AGE_MS

  /** Asks about one item unless a question about it is already under way; settles once it is answered. */
  const learn = (book: Book, id: string, ask: (id: string) => Promise<boolean | null>): Promise<void> => {
    const short = lastSegment(id)
    const under = book.asking.get(short)
    if (under) return under
    const question = turn(() => ask(id))
      .then(
        (canEdit) => {
          if (canEdit !== null) book.known.set(short, { canEdit, at: now() })
        },
        (err: unknown) => {
          // A failed question leaves that row unknown; it is asked again when shown again.
          if (err instanceof AppFailure) {
            log.warn('could not learn whether an item can be edited', { kind: err.error.kind })
          } else {
            log.error('asking whether an item can be edited failed', { error: String(err) })
          }
        },
      )
      .finally(() => book.asking.delete(short))
    book.asking.set(short, question)
    return question
  }

  return {
    async fill(account, items) {
      const book = bookOf(account)
      await book.loaded
      return items.map((item) => {
        if (item.canEdit !== null) return item
        const answer = book.known.get(lastSegment(item.id))
        // An old answer still beats no mark: the row is asked about again when it is shown.
        return answer ? { ...item, canEdit: answer.canEdit } : item
      })
    },

    async rightsOf(account, ids, ask) {
      const book = bookOf(account)
      await book.loaded
      const mine = (id: string) => book.own.has(lastSegment(id))
      if (ask) {
        const stale = ids.filter((id) => !mine(id) && !fresh(book.known.get(lastSegment(id))))
        if (stale.length > 0) {
          await Promise.all(stale.map((id) => learn(book, id, ask)))
          await save(book)
        }
      }
      return ids.map((id) => ({
        id,
        canEdit: mine(id) ? true : (book.known.get(lastSegment(id))?.canEdit ?? null),
      }))
    },

    settledByRole(account, ids) {
      bookOf(account).own = new Set(ids.map(lastSegment))
    },

    async learnt(account, id, canEdit) {
      const book = bookOf(account)
      await book.loaded
      book.known.set(lastSegment(id), { canEdit, at: now() })
      await save(book)
    },
  }
}
