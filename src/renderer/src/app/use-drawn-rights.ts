import { useEditRightsOf } from '../bridge/edit-rights'
import { unsettledIds, type ListRow } from './list-rows'
import { markedNow } from './marks-apart'
import { useSettledIds } from './use-settled'

/**
 * Edit rights the list could not settle are asked about for the rows drawn only, once scrolling has
 * stopped (`drawn`: the indexes of the rows in the page; `marked`: the rows whose mark changed since the
 * rows were laid out, as they are now). A read-only token can edit nothing: nothing to ask.
 */
export function useDrawnRowsRights<T extends { id: string; canEdit: boolean | null }>(
  area: 'goals' | 'projects',
  rows: readonly ListRow<T>[],
  drawn: readonly number[],
  canWrite: boolean,
  marked: ReadonlyMap<string, T>,
): void {
  const ids = canWrite
    ? unsettledIds(rows, drawn, (item) => markedNow({ marked }, item).canEdit === null)
    : []
  useEditRightsOf(area, useSettledIds(ids))
}
