// Types for scripts/require-tests-ran.mjs (its tests import it from TypeScript).

export function notRunReason(report: unknown): string | null
