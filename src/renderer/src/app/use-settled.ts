import { useEffect, useState } from 'react'

/** How long the rows drawn must stay put before they count: a fling through a list asks nothing. */
export const SETTLE_MS = 120

/**
 * `ids` once they have stayed the same for `SETTLE_MS` (compared by content, so a new array with the same
 * ids changes nothing); the array returned keeps its identity until the ids settle on something else.
 */
export function useSettledIds(ids: readonly string[], settleMs = SETTLE_MS): readonly string[] {
  const [settled, setSettled] = useState<readonly string[]>([])
  const key = ids.join('\n')
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = key === '' ? [] : key.split('\n')
      setSettled((previous) =>
        previous.length === next.length && previous.every((id, i) => id === next[i]) ? previous : next,
      )
    }, settleMs)
    return () => clearTimeout(timer)
  }, [key, settleMs])
  return settled
}
