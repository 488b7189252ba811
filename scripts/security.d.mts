// Types for scripts/security.mjs and scripts/security-checklist.mjs (their test imports them from TypeScript).
export interface Proof {
  file: string
  test: string
}
export interface ChecklistItem {
  title: string
  how: string
  proofs: Proof[]
  live?: 'electron-version'
}
export interface Live {
  audit:
    | { ran: false; reason: string }
    | { ran: true; counts: Record<string, number>; findings: unknown[]; serious: number }
  electron: { known: false } | { known: true; installed: string; latest: string; supported: boolean }
}
export function hasTest(root: string, proof: Proof): boolean
export function evaluate(
  root: string,
  items: ChecklistItem[],
): (ChecklistItem & { missing: Proof[]; proved: boolean | null })[]
export function auditSummary(json: unknown): Live['audit']
export function electronCurrency(installed: string, latest: string | null): Live['electron']
export function report(
  root: string,
  live: Live,
  lists?: { checklist: ChecklistItem[]; beyond: ChecklistItem[] },
): { text: string; results: { passed: number; failed: number; skipped: number } }
