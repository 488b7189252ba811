import { powerMonitor } from 'electron'
import type { Logger } from '../services/log/logger'

/**
 * Timers do not run while the computer sleeps, so after a night with the lid closed the inbox and the
 * badge would be hours behind until the next poll: waking up asks again at once.
 */
export function watchPowerEvents(handlers: { onResume(): void }, log: Logger): () => void {
  const resume = () => {
    log.info('the computer woke from sleep; refreshing what is due')
    handlers.onResume()
  }
  powerMonitor.on('resume', resume)
  return () => {
    powerMonitor.removeListener('resume', resume)
  }
}
