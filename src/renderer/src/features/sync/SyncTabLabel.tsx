import { useSync } from '../../bridge/sync'
import { syncTabName, waitingCount } from './sync-display'

/**
 * The Sync tab's words: "Sync" and, when work waits on this computer, its number in a small badge (red
 * when something needs the person). Read out as one phrase, "Sync, 2 waiting". Mounted for as long as the
 * person is signed in, this is also what keeps the outbox view polled while the popup is shown.
 */
export function SyncTabLabel() {
  const view = useSync().data
  const count = waitingCount(view)
  if (count === 0) return <>Sync</>
  const status = view?.status
  const urgent = Boolean(
    status && (status.halted || status.conflicts + status.needsAttention + status.failed > 0),
  )
  return (
    <>
      <span aria-hidden="true">
        Sync
        <span className={urgent ? 'tab-badge' : 'tab-badge tab-badge--quiet'}>{count}</span>
      </span>
      <span className="visually-hidden">{syncTabName(count)}</span>
    </>
  )
}
