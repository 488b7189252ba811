import type { CheckInSubject, ServerDraft } from './check-ins'

/**
 * What a check-in record is about, without zod: the popup's first screen (the inbox) reads these, and
 * importing check-ins.ts there would bring zod into it (its 110 KB budget, bench/popup-weight.ts).
 */

/** What a kept draft is for, with the name it had when it was saved. */
export const serverDraftSubject = (draft: ServerDraft): CheckInSubject & { name: string } =>
  'projectId' in draft
    ? { kind: 'project', id: draft.projectId, name: draft.projectName }
    : { kind: 'goal', id: draft.goalId, name: draft.goalName }
