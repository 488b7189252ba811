// Types for scripts/signing-status.mjs (its tests import it from TypeScript).

export function signingStatus(
  env: Record<string, string | undefined>,
  options?: { release?: boolean; required?: boolean },
): {
  signed: { mac: boolean; win: boolean; linux: boolean }
  errors: string[]
  warnings: string[]
  notices: string[]
}

export const signingVariables: string[]
