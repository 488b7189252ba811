import type { ReactNode } from 'react'
import { Button } from './Button'
import { Loading } from './Loading'

/**
 * A screen's lists once they are known; until then "Loading…" while the first read is on its way, or,
 * when it failed (the error is said above), a way to read again.
 */
export function LoadedOrRetry({
  children,
  loading,
  pending,
  retrying,
  onRetry,
}: {
  /** The lists, or null while nothing is known. */
  children: ReactNode | null
  loading: string
  pending: boolean
  retrying: boolean
  onRetry: () => void
}) {
  if (children) return <>{children}</>
  if (pending) return <Loading what={loading} />
  return (
    <Button variant="secondary" busy={retrying} busyLabel="Trying again…" onClick={onRetry}>
      Try again
    </Button>
  )
}
