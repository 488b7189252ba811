import { useCallback, useEffect, useState } from 'react'

/** Says whether a row must stay drawn (true) or may go when scrolled away (false). */
export type Hold = (id: string, holding: boolean) => void

/**
 * The Sync rows that must stay drawn wherever the list is scrolled: each keeps its own question and the
 * outcome of what the person did in it ("Discard this change for good?", "Not sent: …", "Could not
 * discard: …"), which would be lost if the row left the page. Rows say so themselves (`useHold`).
 */
export function useHeldRows(): [ReadonlySet<string>, Hold] {
  const [held, setHeld] = useState<ReadonlySet<string>>(() => new Set())
  const hold = useCallback<Hold>((id, holding) => {
    setHeld((previous) => {
      if (previous.has(id) === holding) return previous
      const next = new Set(previous)
      if (holding) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])
  return [held, hold]
}

/** A row holds itself drawn while `holding`, and lets go once it is not, or once it leaves the list. */
export function useHold(id: string, holding: boolean, hold: Hold | undefined): void {
  useEffect(() => {
    if (!holding || !hold) return
    hold(id, true)
    return () => hold(id, false)
  }, [id, holding, hold])
}
