import { useEditRightsOf } from '../bridge/edit-rights'
import type { DrawnRows } from './drawn-rows'
import { unsettledIds } from './list-rows'
import { markedNow } from './marks-apart'
import { useSettledIds } from './use-settled'

/**
 * Edit rights the list could not settle are asked about for the rows drawn only (with their marks as they
 * are now), once scrolling has stopped. A read-only token can edit nothing: nothing to ask.
 */
export function useDrawnRowsRights<T extends { id: string; canEdit: boolean | null }>(
  area: 'goals' | 'projects',
  { rows, drawn, marked, canWrite }: DrawnRows<T>,
): void {
  const ids = canWrite
    ? unsettledIds(
        rows,
        drawn.map((item) => item.index),
        (item) => markedNow(marked, item).canEdit === null,
      )
    : []
  useEditRightsOf(area, useSettledIds(ids))
}
