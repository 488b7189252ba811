// Types for scripts/security.mjs and scripts/security-checklist.mjs (their test imports them from TypeScript).
export interface Proof {
  file: string
  test: string
  /** Needs a real Electron and a display: run only by the hosted workflows. */
  hostedOnly?: boolean
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
export type ProofStatus = 'passed' | 'failed' | 'skipped' | 'missing'
export interface TestResult {
  file: string
  titles: string[]
  status: 'passed' | 'failed' | 'skipped'
  report: number
}
export interface GateOptions {
  hosted?: boolean
  hostedOnlyLater?: boolean
}
export interface Counts {
  passed: number
  failed: number
  skipped: number
  hostedOnly: number
}
export function testResults(reports: { vitest?: unknown[]; playwright?: unknown[] }): TestResult[]
export function proofStatus(results: TestResult[], proof: Proof): ProofStatus
export function evaluate(
  items: ChecklistItem[],
  results: TestResult[],
  options?: GateOptions,
): (ChecklistItem & {
  proofs: (Proof & { status: ProofStatus; ok: boolean; deferred: 'hosted-only' | null })[]
  verdict: 'passed' | 'failed' | 'hosted-only' | 'live'
})[]
export function auditSummary(json: unknown): Live['audit']
export function electronCurrency(installed: string, latest: string | null): Live['electron']
export function report(
  results: TestResult[],
  live: Live,
  options?: GateOptions,
  lists?: { checklist: ChecklistItem[]; beyond: ChecklistItem[] },
): { text: string; results: Counts }
export function parseArguments(argv: string[]): {
  vitest: string[]
  playwright: string[]
  json: string | null
  hostedOnlyLater: boolean
}
