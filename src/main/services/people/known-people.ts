import { sameId } from '@shared/ids'
import { accountKey } from '../session/account-key'
import type { Logger } from '../log/logger'
import type { SessionService } from '../session/session-service'

/**
 * Who the company knows: the ids of all its people (Operately's `people/list`, suspended people included),
 * which the check-in history needs only to tell a mention of someone who left (shown as plain text).
 *
 * `people/list` is the whole company in one answer (1,000 people at the big seed), and the history beside
 * the check-in form is read for every goal opened; the inbox round opens goal after goal. So the list is
 * asked once and kept in memory for a while, for one account (the same person on the same server).
 */

/**
 * How long a list is taken as still true. People rarely leave, and what it costs to be late is small: a
 * mention of someone who left a few minutes ago still shows as a mention for those minutes. Ten minutes
 * covers an inbox round (goal after goal, each a minute or two), so the round asks once, and someone who
 * opens the same goal later in the day sees who left since.
 */
export const KNOWN_PEOPLE_MAX_AGE_MS = 10 * 60_000

/** An account: the same person on the same server. */
export interface PeopleAccount {
  baseUrl: string
  personId: string
}

export interface KnownPeople {
  /**
   * The ids of everyone the account's company knows; null when the server would not say (it failed, or
   * sent a list it cannot mean). A list younger than KNOWN_PEOPLE_MAX_AGE_MS is answered from memory;
   * reads while a request is on the wire share it. Nothing is kept of a failure: the next read asks again.
   */
  idsFor(account: PeopleAccount): Promise<string[] | null>
}

export function createKnownPeople(deps: {
  session: SessionService
  log: Logger
  now?: () => number
}): KnownPeople {
  const { session, log } = deps
  const now = deps.now ?? Date.now
  // One account at a time: another account's list says nothing about this one's company.
  let kept: { account: string; ids: string[]; at: number } | null = null
  let asking: { account: string; answer: Promise<string[] | null> } | null = null

  // Signed out, or someone else signed in: the old account's list is forgotten at once.
  session.subscribe((state) => {
    const current = state.status === 'signed_in' ? accountKey(state.baseUrl, state.person.id) : null
    if (kept && kept.account !== current) kept = null
  })

  const ask = async (account: string, meId: string): Promise<string[] | null> => {
    try {
      const people = await (await session.client()).listPeople()
      // A list without the signed-in person is not the company's whole list (a proxy, a narrowed token,
      // a server that pages): taking it as such would turn every mention into plain text.
      if (!people.some((p) => sameId(p.id, meId))) {
        log.warn('people: the list of people leaves out the signed-in person; not trusted')
        return null
      }
      const ids = people.map((p) => p.id)
      // Someone else signed in while the list was on the wire: it may be their company's, not kept.
      const state = await session.get()
      const still = state.status === 'signed_in' && accountKey(state.baseUrl, state.person.id) === account
      if (still) kept = { account, ids, at: now() }
      return ids
    } catch (err) {
      log.warn('people: could not learn who the company knows', { error: String(err) })
      return null
    }
  }

  return {
    idsFor(account) {
      const key = accountKey(account.baseUrl, account.personId)
      if (kept?.account === key) {
        const age = now() - kept.at
        // A clock set back makes the age negative: that list is asked again rather than kept for longer.
        if (age >= 0 && age < KNOWN_PEOPLE_MAX_AGE_MS) return Promise.resolve(kept.ids)
      }
      if (asking?.account === key) return asking.answer
      const answer = ask(key, account.personId).finally(() => {
        if (asking?.answer === answer) asking = null
      })
      asking = { account: key, answer }
      return answer
    },
  }
}
