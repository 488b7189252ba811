import type { OperationInput, OperationOutput } from '@shared/contract'
import { call } from './operately'

/**
 * Drafts are kept by main on disk (they survive closing the popup, quitting and a crash); the renderer
 * only reads, writes and forgets them by key.
 */

export type DraftKey = OperationInput<'drafts.get'>['key']
export type DraftValue = OperationInput<'drafts.save'>['value']
export type StoredDraft = OperationOutput<'drafts.get'>

export const draftQueryKey = (key: string) => ['draft', key] as const

export const getDraft = (key: DraftKey): Promise<StoredDraft> => call((bridge) => bridge.drafts.get({ key }))

/**
 * `keep`: top-level fields of the stored draft main keeps as they are; `edit`: a text field of it main
 * changes in place; `served`: a field main fills in with a text it served (all left out of `value`; see
 * drafts.save in the contract).
 */
export const saveDraft = (
  key: DraftKey,
  value: DraftValue,
  options: Pick<OperationInput<'drafts.save'>, 'keep' | 'edit' | 'served'> = {},
): Promise<OperationOutput<'drafts.save'>> => call((bridge) => bridge.drafts.save({ key, value, ...options }))

export const clearDraft = (key: DraftKey): Promise<void> =>
  call((bridge) => bridge.drafts.clear({ key })).then(() => undefined)
