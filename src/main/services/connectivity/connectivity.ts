import { AppFailure, type ErrorKind } from '@shared/errors'
import { silentLogger, type Logger } from '../log/logger'
import { isoAt, systemClock, type Clock } from '../sync/clock'

/**
 * Whether the app can reach the Operately server right now: the operating system says it is online
 * AND a real request has succeeded since the last network failure. Never assumed at start: until a
 * request (or the probe) gets an answer, the app is offline.
 *
 * Requests report what happened (`reportSuccess`, `reportFailure`). While the OS says online but no
 * answer has come yet, a cheap probe (`people/get_me`) asks, then asks again with growing pauses.
 */
export interface Connectivity {
  isOnline(): boolean
  /** The OS says offline, or the last request could not reach the server: skip the network. */
  knownOffline(): boolean
  reportSuccess(): void
  /** Only `offline` and `timeout` say something about the network; other kinds are ignored. */
  reportFailure(kind: ErrorKind): void
  /** The shell calls this when the OS's online state may have changed (events, resume from sleep). */
  osChanged(): void
  /** Online now? Probes first when the OS says online but nothing has answered yet. */
  check(): Promise<boolean>
  subscribe(listener: (online: boolean) => void): () => void
  snapshot(): { online: boolean; osOnline: boolean; lastSuccessAt: string | null }
  /** Probes once if the OS says online; the app calls this at start. */
  start(): void
  stop(): void
  /** Resolves when no probe is in flight (tests, orderly shutdown). */
  idle(): Promise<void>
}

export interface ConnectivityOptions {
  /** Electron's `net.isOnline()` in the app. */
  isOsOnline: () => boolean
  /** Makes one cheap authenticated request; resolves when the server answered with success. */
  probe: () => Promise<unknown>
  clock?: Clock
  log?: Logger
  /** Pause before the first re-probe after a failure, doubling up to `probeCapMs`. */
  probeBaseMs?: number
  probeCapMs?: number
}

const networkKinds: readonly ErrorKind[] = ['offline', 'timeout']
/** Probe failures that do not show the server answering: a proxy's 5xx, no session, no keychain. */
const inconclusiveKinds: readonly ErrorKind[] = [
  ...networkKinds,
  'server_error',
  'not_signed_in',
  'keychain_unavailable',
]

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const clock = options.clock ?? systemClock
  const log = options.log ?? silentLogger
  const probeBaseMs = options.probeBaseMs ?? 2_000
  const probeCapMs = options.probeCapMs ?? 60_000

  // 'unknown' until something answered; 'unreachable' after a network failure.
  let reach: 'unknown' | 'reachable' | 'unreachable' = 'unknown'
  let lastSuccessAt: string | null = null
  let probeFailures = 0
  let cancelProbe: (() => void) | null = null
  let probing: Promise<boolean> | null = null
  let running = false
  const listeners = new Set<(online: boolean) => void>()

  const osOnline = () => {
    try {
      return options.isOsOnline()
    } catch (err) {
      log.warn('connectivity: could not ask the OS whether it is online', { error: String(err) })
      return false
    }
  }
  const isOnline = () => reach === 'reachable' && osOnline()
  let announced = false
  const announce = () => {
    const online = isOnline()
    if (online === announced) return
    announced = online
    log.info(online ? 'connectivity: online' : 'connectivity: offline')
    for (const listener of listeners) listener(online)
  }

  const clearProbeTimer = () => {
    cancelProbe?.()
    cancelProbe = null
  }

  const scheduleProbe = () => {
    if (!running || cancelProbe || !osOnline()) return
    const delay = Math.min(probeCapMs, probeBaseMs * 2 ** Math.min(20, probeFailures))
    cancelProbe = clock.setTimer(() => {
      cancelProbe = null
      void probe()
    }, delay)
  }

  const reportSuccess = () => {
    reach = 'reachable'
    lastSuccessAt = isoAt(clock)
    probeFailures = 0
    clearProbeTimer()
    announce()
  }

  const reportFailure = (kind: ErrorKind) => {
    if (!networkKinds.includes(kind)) return
    reach = 'unreachable'
    announce()
    scheduleProbe()
  }

  const probe = (): Promise<boolean> => {
    if (probing) return probing
    probing = (async () => {
      try {
        await options.probe()
        reportSuccess()
      } catch (err) {
        const kind = err instanceof AppFailure ? err.error.kind : null
        if (kind !== null && !inconclusiveKinds.includes(kind)) {
          // The server answered (401, 403, 404…): the network is fine, whatever else is wrong.
          reportSuccess()
        } else {
          probeFailures++
          if (kind !== null && networkKinds.includes(kind)) reach = 'unreachable'
          announce()
          scheduleProbe()
        }
      } finally {
        probing = null
      }
      return isOnline()
    })()
    return probing
  }

  const osChanged = () => {
    if (!osOnline()) {
      // Whatever worked before, it has to work again once the network is back before we say online.
      reach = 'unknown'
      clearProbeTimer()
      announce()
      return
    }
    announce()
    if (running && !isOnline()) void probe()
  }

  return {
    isOnline,
    knownOffline: () => !osOnline() || reach === 'unreachable',
    reportSuccess,
    reportFailure,
    osChanged,
    async check() {
      if (isOnline()) return true
      if (!osOnline()) return false
      return probe()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    snapshot: () => ({ online: isOnline(), osOnline: osOnline(), lastSuccessAt }),
    start() {
      running = true
      if (osOnline() && !isOnline()) void probe()
    },
    stop() {
      running = false
      clearProbeTimer()
    },
    async idle() {
      while (probing) await probing
    },
  }
}
