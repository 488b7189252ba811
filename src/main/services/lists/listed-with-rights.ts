import type { Freshness } from '@shared/domain/freshness'
import { AppFailure, appError } from '@shared/errors'
import type { SessionState } from '@shared/session'
import type { z } from 'zod'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import type { Logger } from '../log/logger'
import type { OperatelyClient } from '../operately/client'
import { createEditRightsBook } from '../permissions/edit-rights'
import type { SessionService } from '../session/session-service'
import { accountKey } from '../session/account-key'
import { createFirstScreens, type RestOfList } from './first-screen'

/**
 * What the goals' and the projects' lists share: the person signed in, their edit rights (learnt from the
 * roles, from a detail opened, from an action refused, else asked about for the rows on screen and kept
 * a day, see docs/edit-rights.md), and a long list answered in two parts (first-screen.ts). Only how a
 * kind is read and how its rights are asked differ, and the caller hands those in.
 */

type SignedIn = Extract<SessionState, { status: 'signed_in' }>
type Row = { id: string; canEdit: boolean | null }

/** A list as the services answer it: its rows, where the rest waits when answered in part, how fresh. */
export type Listed<T> = { rows: T[]; rest: RestOfList | null } & Freshness

export interface ListedWithRights<T extends Row> {
  /** The session, or `not_signed_in` said plainly. */
  signedIn(): Promise<SignedIn>
  /**
   * Every row the person can see, fresh from the server or the kept copy when it cannot be reached:
   * rights the roles settle noted, with `first` the first rows split off (the rest kept for `listRest`),
   * every right known so far filled in.
   */
  list(options?: { first?: number }): Promise<Listed<T>>
  /** The rest of a list answered in part, filled with rights learnt since; a fresh read when it is gone. */
  listRest(readId: string): Promise<Listed<T>>
  /** Whether the person may edit these ids: known rights as they are, the rest asked (never for a read-only token). */
  editRights(ids: readonly string[]): Promise<{ rights: Array<{ id: string; canEdit: boolean | null }> }>
  /** The server refused an action on this id for want of rights: its mark says so from now on. */
  refused(id: string): Promise<void>
  /** A detail read fresh from the server is the freshest word on its rights: the list follows it. */
  detailRead(
    state: SignedIn,
    read: { fromCache: boolean; value: { id: string; canEdit: boolean } },
  ): Promise<void>
}

export function createListedWithRights<T extends Row>(deps: {
  session: SessionService
  cache: Cache
  connectivity: ConnectivityReporter
  log: Logger
  /** Where the list's copy is kept (`goals`, `projects`). */
  key: string
  /** Where its edit rights are kept (`goal-rights`, `project-rights`): one book per kind of list. */
  rightsKey: string
  schema: z.ZodType<T[]>
  /** The rows as the server has them now, sorted, for the person signed in. */
  read: (client: OperatelyClient, personId: string) => Promise<T[]>
  /** A row whose right the person's role settles (their own: full access), never asked about. */
  settled: (row: T) => boolean
  /** Asks the server whether the person may edit one item; null when it does not say. */
  ask: (client: OperatelyClient, id: string) => Promise<boolean | null>
}): ListedWithRights<T> {
  const { session, cache, log } = deps
  const rights = createEditRightsBook({ cache, key: deps.rightsKey, log })
  const firstScreens = createFirstScreens<T>()

  const signedIn = async (): Promise<SignedIn> => {
    const state = await session.get()
    if (state.status !== 'signed_in') {
      throw new AppFailure(
        appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
      )
    }
    return state
  }

  const list = async (options: { first?: number } = {}): Promise<Listed<T>> => {
    const state = await signedIn()
    const read = await cache.cachedRead(
      deps.key,
      async () => deps.read(await session.client(), state.person.id),
      { connectivity: deps.connectivity, schema: deps.schema },
    )
    rights.settledByRole(
      state,
      read.value.filter(deps.settled).map((row) => row.id),
    )
    const freshness = freshnessOf(read)
    const account = accountKey(state.baseUrl, state.person.id)
    const { head, rest } = firstScreens.split(account, { rows: read.value, freshness }, options.first)
    return { rows: await rights.fill(state, head), rest, ...freshness }
  }

  return {
    signedIn,

    list,

    async listRest(readId) {
      const state = await signedIn()
      const kept = firstScreens.take(accountKey(state.baseUrl, state.person.id), readId)
      if (kept === null) return list()
      // Filled now, not when kept: rights learnt since the first screen (its rows were asked about) count.
      return { rows: await rights.fill(state, kept.rows), rest: null, ...kept.freshness }
    },

    async editRights(ids) {
      const state = await signedIn()
      // A read-only token can edit nothing: the picker says so for every row without asking.
      const ask = state.canWrite ? async (id: string) => deps.ask(await session.client(), id) : null
      return { rights: await rights.rightsOf(state, ids, ask) }
    },

    async refused(id) {
      const state = await session.get()
      if (state.status === 'signed_in') await rights.learnt(state, id, false)
    },

    async detailRead(state, read) {
      if (!read.fromCache) await rights.learnt(state, read.value.id, read.value.canEdit)
    },
  }
}
