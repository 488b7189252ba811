import { AppFailure, appError, type AppError } from '@shared/errors'
import type { PersonSummary, SessionState } from '@shared/session'
import type { Logger } from '../log/logger'
import { serverUrlAllowed, type EffectiveSettings } from '../policy/effective-settings'
import { normalizeBaseUrl } from '../operately/base-url'
import type { ServerCapabilities } from '@shared/server-capabilities'
import { createOperatelyClient, type OperatelyClient, type OperatelyClientOptions } from '../operately/client'
import { normalizeToken } from '../operately/token'
import type { Person } from '../operately/types'
import type { TokenVault } from '../vault/token-vault'
import type { SessionStore } from './session-store'

export interface SessionServiceOptions {
  vault: TokenVault
  store: SessionStore
  log: Logger
  fetch?: typeof fetch
  requestTimeoutMs?: number
  /** The settings in force: when the organisation locked the server, signing in elsewhere is refused. */
  settings?: () => EffectiveSettings
}

export interface SessionService {
  get(): Promise<SessionState>
  signIn(input: { baseUrl: string; token: string }): Promise<SessionState>
  signOut(): Promise<SessionState>
  subscribe(listener: (state: SessionState) => void): () => void
  /** A client for the signed-in server; its token is read from the keychain, never handed out. */
  client(): Promise<OperatelyClient>
  /**
   * What the signed-in server takes, asked again when its version header changed; the last known answer
   * (or null) when it cannot be asked now.
   */
  capabilities(): Promise<ServerCapabilities | null>
  /** Secrets the logger must scrub: the token in use, once it has been read. */
  secrets(): string[]
}

const toSummary = (person: Person): PersonSummary => ({
  id: person.id,
  fullName: person.full_name,
  email: person.email ?? null,
  title: person.title ?? null,
  avatarUrl: person.avatar_url ?? null,
})

/** Sign-in failures are shown next to the field they concern. */
function withField(error: AppError): AppError {
  switch (error.kind) {
    case 'unauthorized':
      return { ...error, field: 'token' }
    case 'unsupported_server':
    case 'invalid_response':
      return {
        ...error,
        field: 'baseUrl',
        message: `${error.message} Check that the address is your Operately server (for example app.operately.com).`,
      }
    default:
      return error
  }
}

export function createSessionService({
  vault,
  store,
  log,
  fetch,
  requestTimeoutMs,
  settings,
}: SessionServiceOptions): SessionService {
  const listeners = new Set<(state: SessionState) => void>()
  // The token of the signed-in server, once read from the keychain; cleared on sign-out.
  let cachedToken: { origin: string; token: string } | null = null
  let current: OperatelyClient | null = null

  // Signing in, signing out and keeping a probe's answer each read the session on disk and write it back:
  // one at a time, so that an answer kept just as the person signs out never writes them back in.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step, step)
    queue = run.catch(() => undefined)
    return run
  }

  const publish = (state: SessionState) => {
    for (const listener of listeners) listener(state)
    return state
  }

  const tokenFor = async (origin: string): Promise<string | null> => {
    if (cachedToken?.origin === origin) return cachedToken.token
    const token = await vault.get(origin)
    cachedToken = token ? { origin, token } : null
    return token
  }

  const clientFor = (
    origin: string,
    getToken: () => Promise<string | null> | string,
    known: Pick<OperatelyClientOptions, 'knownCapabilities' | 'onCapabilities'> = {},
  ) =>
    createOperatelyClient({
      baseUrl: origin,
      getToken,
      ...known,
      log,
      ...(fetch ? { fetch } : {}),
      ...(requestTimeoutMs ? { timeoutMs: requestTimeoutMs } : {}),
    })

  const get = async (): Promise<SessionState> => {
    const stored = await store.read()
    if (stored.status === 'signed_out') return stored
    // IT locked the server after this person signed in elsewhere: that session ends, token and all.
    // (Queued work stays in the outbox, waiting for that account.)
    const managed = settings?.()
    if (managed && !serverUrlAllowed(managed, stored.baseUrl)) {
      log.warn('signed in to a server the organisation no longer allows; signing out', {
        server: stored.baseUrl,
      })
      return signOut()
    }
    // The keychain entry can vanish behind our back (the user deleted it, another tool cleaned up).
    if (!(await tokenFor(stored.baseUrl))) {
      log.warn('session on disk but no token in the keychain; signing out')
      const state: SessionState = { status: 'signed_out', lastBaseUrl: stored.baseUrl }
      await store.write(state)
      return publish(state)
    }
    return stored
  }

  const signIn = async (input: { baseUrl: string; token: string }): Promise<SessionState> => {
    const origin = normalizeBaseUrl(input.baseUrl)
    // Checked here and not only in the form: a locked server must hold whatever the page sends.
    const managed = settings?.()
    if (managed && !serverUrlAllowed(managed, origin)) {
      throw new AppFailure(
        appError(
          'invalid_input',
          `Your organisation has set the server to ${managed.values.serverUrl ?? ''}. Sign in there instead.`,
          { field: 'baseUrl' },
        ),
      )
    }
    const token = normalizeToken(input.token)
    const client = clientFor(origin, () => token)
    let person: Person
    let canWrite: boolean
    try {
      person = await client.getMe()
      canWrite = await client.probeWriteAccess()
    } catch (err) {
      if (err instanceof AppFailure) throw new AppFailure(withField(err.error))
      throw err
    }
    // Asked now, while the server is known to answer; a failure only means asking again on first use.
    const capabilities = await client.capabilities().catch((err: unknown) => {
      log.warn('could not ask the server what it takes; asking again later', { error: String(err) })
      return null
    })
    return serially(() => adopt(origin, token, person, canWrite, client, capabilities))
  }

  /** A sign-in checked with the server becomes the session: the token into the keychain, the rest on disk. */
  const adopt = async (
    origin: string,
    token: string,
    person: Person,
    canWrite: boolean,
    client: OperatelyClient,
    capabilities: ServerCapabilities | null,
  ): Promise<SessionState> => {
    const previous = await store.read()
    await vault.set(origin, token)
    if (previous.status === 'signed_in' && previous.baseUrl !== origin) await vault.delete(previous.baseUrl)
    cachedToken = { origin, token }
    current = null
    const state: SessionState = {
      status: 'signed_in',
      baseUrl: origin,
      person: toSummary(person),
      canWrite,
      serverVersion: client.serverVersion(),
      capabilities,
    }
    await store.write(state)
    log.info('signed in', { server: origin, canWrite, serverVersion: state.serverVersion, capabilities })
    return publish(state)
  }

  const signOut = (): Promise<SessionState> => serially(endSession)

  const endSession = async (): Promise<SessionState> => {
    const stored = await store.read()
    if (stored.status === 'signed_out') return stored
    // Delete the secret first: if the keychain refuses, we must not claim to be signed out.
    await vault.delete(stored.baseUrl)
    cachedToken = null
    current = null
    const state: SessionState = { status: 'signed_out', lastBaseUrl: stored.baseUrl }
    await store.write(state)
    log.info('signed out', { server: stored.baseUrl })
    return publish(state)
  }

  const client = async (): Promise<OperatelyClient> => {
    const state = await get()
    if (state.status !== 'signed_in') {
      throw new AppFailure(
        appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
      )
    }
    current ??= clientFor(state.baseUrl, () => tokenFor(state.baseUrl), {
      knownCapabilities: state.capabilities,
      onCapabilities: (found) => keepCapabilities(state.baseUrl, found),
    })
    return current
  }

  /** Keeps a probe's answer with the session it was asked for, unless that session has ended meanwhile. */
  const keepCapabilities = (baseUrl: string, found: ServerCapabilities): Promise<void> =>
    serially(() => keep(baseUrl, found))

  const keep = async (baseUrl: string, found: ServerCapabilities): Promise<void> => {
    try {
      const stored = await store.read()
      if (stored.status !== 'signed_in' || stored.baseUrl !== baseUrl) return
      const next: SessionState = { ...stored, capabilities: found, serverVersion: found.header }
      await store.write(next)
      log.info('the server takes', { server: baseUrl, ...found })
      publish(next)
    } catch (err) {
      log.warn('could not keep what the server takes; it is asked again next time', { error: String(err) })
    }
  }

  // The client falls back on what it knew (the session's answer, or a later one) when it cannot ask: a
  // failure here means nothing was known.
  const capabilities = async (): Promise<ServerCapabilities | null> =>
    (await client()).capabilities().catch((err: unknown) => {
      if (err instanceof AppFailure) return null
      throw err
    })

  return {
    get,
    signIn,
    signOut,
    client,
    capabilities,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    secrets: () => (cachedToken ? [cachedToken.token] : []),
  }
}
