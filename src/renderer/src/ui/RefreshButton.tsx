import { REFRESH_KEYS } from '../app/use-refresh-keys'
import { Button } from './Button'

/** "Refresh" on a list screen: asks the server again now (also F5 or Ctrl+R / Cmd+R, said to assistive tech). */
export function RefreshButton({ busy, onRefresh }: { busy: boolean; onRefresh: () => void }) {
  return (
    <Button
      variant="secondary"
      className="compact-button"
      busy={busy}
      busyLabel="Refreshing…"
      aria-keyshortcuts={REFRESH_KEYS}
      onClick={onRefresh}
    >
      Refresh
    </Button>
  )
}
