import { net } from 'electron'
import type { Connectivity } from '../services/connectivity/connectivity'
import { createNetworkWatch, type NetworkWatch } from '../services/connectivity/network-watch'
import type { Logger } from '../services/log/logger'

/**
 * Electron's side of the network watch (services/connectivity/network-watch.ts decides when to look):
 * `net.isOnline()` is the OS's flag, and `needed` says whether someone waits on the network now.
 */
export function watchNetwork(
  connectivity: Pick<Connectivity, 'osChanged' | 'isOnline'>,
  needed: () => boolean,
  log: Logger,
): NetworkWatch {
  return createNetworkWatch({ isOsOnline: () => net.isOnline(), connectivity, needed, log })
}
