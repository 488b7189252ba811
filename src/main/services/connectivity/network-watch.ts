import { silentLogger, type Logger } from '../log/logger'
import { systemClock, type Clock } from '../sync/clock'
import type { Connectivity } from './connectivity'

/** How often the OS's network flag is read while someone waits on the network. */
export const defaultWatchIntervalMs = 5_000
/** The longest pause between two reads while offline and nobody waits (5 minutes). */
export const defaultOfflineCapMs = 5 * 60_000

export interface NetworkWatchOptions {
  /** Electron's `net.isOnline()` in the app: a local flag, no traffic. */
  isOsOnline: () => boolean
  connectivity: Pick<Connectivity, 'osChanged' | 'isOnline'>
  /**
   * Whether someone waits on the network right now: an outbox entry to send, the popup open (its
   * "Offline" notice). Asked whenever the watch plans its next read.
   */
  needed: () => boolean
  clock?: Clock
  log?: Logger
  intervalMs?: number
  offlineCapMs?: number
}

export interface NetworkWatch {
  /**
   * Something that decides the need changed (the popup was shown or hidden, the outbox changed, the
   * app went on- or offline, the computer woke): reads the flag now and plans the next read.
   */
  update(): void
  stop(): void
}

/**
 * Tells connectivity when the OS's network state changed. Electron's main process has no online/offline
 * event, so the flag is read on a timer, but only while it matters:
 * - every 5 s while something waits on the network (an outbox entry, the popup open);
 * - while the app is offline and nobody waits, with pauses doubling from 5 s up to 5 minutes (the tray's
 *   offline badge still clears, only later);
 * - online with nothing waiting, never: no timer at all. A request that fails reports it, and the
 *   inbox's polls read the flag themselves.
 */
export function createNetworkWatch(options: NetworkWatchOptions): NetworkWatch {
  const clock = options.clock ?? systemClock
  const log = options.log ?? silentLogger
  const intervalMs = options.intervalMs ?? defaultWatchIntervalMs
  const offlineCapMs = options.offlineCapMs ?? defaultOfflineCapMs

  const read = () => {
    try {
      return options.isOsOnline()
    } catch (err) {
      log.warn('network watch: could not ask the OS whether it is online', { error: String(err) })
      return false
    }
  }

  let last = read()
  let cancel: (() => void) | null = null
  let idleOfflineReads = 0
  let stopped = false

  const look = () => {
    const now = read()
    if (now === last) return
    last = now
    log.info(now ? 'the OS reports a network again' : 'the OS reports no network')
    options.connectivity.osChanged()
  }

  /** `afterRead`: a timed read just found nothing changed, so an idle offline pause may grow. */
  const plan = (afterRead: boolean) => {
    cancel?.()
    cancel = null
    if (stopped) return
    let delay: number
    if (options.needed()) {
      idleOfflineReads = 0
      delay = intervalMs
    } else if (!options.connectivity.isOnline()) {
      if (afterRead) idleOfflineReads++
      delay = Math.min(offlineCapMs, intervalMs * 2 ** Math.min(20, idleOfflineReads))
    } else {
      idleOfflineReads = 0
      return
    }
    cancel = clock.setTimer(() => {
      cancel = null
      look()
      plan(true)
    }, delay)
  }

  return {
    update() {
      look()
      plan(false)
    },
    stop() {
      stopped = true
      cancel?.()
      cancel = null
    },
  }
}
