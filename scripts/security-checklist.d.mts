import type { ChecklistItem } from './security.mjs'
export const checklist: ChecklistItem[]
export const beyond: ChecklistItem[]
