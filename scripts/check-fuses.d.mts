// Types for scripts/check-fuses.mjs (its tests import it from TypeScript).
export type FuseStateName = 'Enabled' | 'Disabled' | 'Inherited' | 'Removed'
export interface FuseWire {
  version: string
  fuses: Record<string, string>
}
export function expectedFuses(
  electronFuses: Record<string, unknown> | null | undefined,
): Record<string, FuseStateName>
export function readFuseWires(binary: Buffer): FuseWire[]
export function fuseProblems(wires: FuseWire[], expected: Record<string, string>): string[]
export function fuseFile(appPath: string): string
