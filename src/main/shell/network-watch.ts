import { net } from 'electron'
import type { Connectivity } from '../services/connectivity/connectivity'
import type { Logger } from '../services/log/logger'

/**
 * Tells connectivity when the OS's network state may have changed. Electron's main process has no
 * online/offline event, so `net.isOnline()` is read every few seconds (a local flag, no traffic) and only
 * a change is passed on. (Waking from sleep is passed on by start-shell's power-event handler.)
 */
export function watchNetwork(
  connectivity: Pick<Connectivity, 'osChanged'>,
  log: Logger,
  intervalMs = 5_000,
): () => void {
  let last = net.isOnline()
  const check = () => {
    const now = net.isOnline()
    if (now === last) return
    last = now
    log.info(now ? 'the OS reports a network again' : 'the OS reports no network')
    connectivity.osChanged()
  }
  const timer = setInterval(check, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
