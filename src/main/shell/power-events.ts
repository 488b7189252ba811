import { powerMonitor } from 'electron'
import type { Logger } from '../services/log/logger'

/**
 * Timers do not run while the computer sleeps, so after a night with the lid closed the inbox and the
 * badge would be hours behind until the next poll: waking up asks again at once. Going to sleep pauses
 * polling, so no request is started on the way down.
 */
export function watchPowerEvents(handlers: { onResume(): void; onSuspend(): void }, log: Logger): () => void {
  const resume = () => {
    log.info('the computer woke from sleep; refreshing what is due')
    handlers.onResume()
  }
  const suspend = () => {
    log.info('the computer is going to sleep; polling pauses')
    handlers.onSuspend()
  }
  powerMonitor.on('resume', resume)
  powerMonitor.on('suspend', suspend)
  return () => {
    powerMonitor.removeListener('resume', resume)
    powerMonitor.removeListener('suspend', suspend)
  }
}
