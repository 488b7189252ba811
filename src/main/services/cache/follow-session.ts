import type { SessionState } from '@shared/session'
import type { Logger } from '../log/logger'
import type { Cache } from './cache'

/**
 * The cache holds one account's data: it is emptied when that person signs out or someone else signs in,
 * so nobody ever sees another account's goals or projects, online or off. Returns a function that waits
 * for a clearing still under way (orderly shutdown, tests).
 */
export function clearCacheWithAccount(
  cache: Cache,
  session: { subscribe(listener: (state: SessionState) => void): () => void },
  initial: SessionState,
  log: Logger,
): { idle(): Promise<void>; stop(): void } {
  const accountKey = (state: SessionState) =>
    state.status === 'signed_in' ? `${state.baseUrl} ${state.person.id}` : null
  let current = accountKey(initial)
  let clearing: Promise<void> = Promise.resolve()
  const stop = session.subscribe((state) => {
    const next = accountKey(state)
    if (next === current) return
    const hadAccount = current !== null
    current = next
    if (!hadAccount) return
    clearing = clearing
      .then(() => cache.clearAll())
      .catch((err: unknown) =>
        log.error('cache: could not clear after a change of account', { error: String(err) }),
      )
  })
  return { idle: () => clearing, stop }
}
