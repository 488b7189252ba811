/**
 * The rows of a whole list with the edit rights the page learnt while it was on its way. The page writes
 * the rights it learns into the list it shows (answers about the rows drawn, a refusal, a project opened:
 * see edit-rights.ts, goals.ts, projects.ts); main filled the whole list when the page asked for it, which
 * may be before those answers reached it. A row whose mark the page changed since `sent` (the first screen
 * as main sent it) keeps the mark `shown` has; every other row is as main filled it.
 */
export function withRightsLearnt<T extends { id: string; canEdit: boolean | null }>(
  whole: T[],
  sent: readonly T[],
  shown: readonly T[],
): T[] {
  const sentMarks = new Map(sent.map((row) => [row.id, row.canEdit]))
  const learnt = new Map<string, boolean | null>()
  for (const row of shown) {
    if (sentMarks.has(row.id) && sentMarks.get(row.id) !== row.canEdit) learnt.set(row.id, row.canEdit)
  }
  if (learnt.size === 0) return whole
  return whole.map((row) => {
    const canEdit = learnt.get(row.id)
    return canEdit === undefined || canEdit === row.canEdit ? row : { ...row, canEdit }
  })
}
