// Types for scripts/release-files.mjs (its tests import it from TypeScript).

export type Platform = 'mac' | 'win' | 'linux'

export interface Project {
  /** electron-builder.yml as parsed */
  builder: Record<string, unknown>
  manifest: { name: string; productName: string; version: string }
  publisher: { name: string; email: string; windowsPublisherName: string }
}

export const platforms: Platform[]
export const feedFiles: Record<Platform, string>
export function readProject(dir?: string): Project
export function builderTargets(builder: Record<string, unknown>, platform: Platform): string[]
export function installerFile(project: Pick<Project, 'builder' | 'manifest'>, target: string): string
export function releaseFacts(project: Project): Record<string, string>
export function feedProblems(
  feedText: string,
  dir: string,
  options: { version: string; feedName?: string },
): string[]
export function checksumProblems(dir: string, required: string[]): string[]
export function collect(
  project: Project,
  platform: Platform,
  targets: string[],
  dirs: { from: string; to: string },
): { copied: string[]; problems: string[] }
export function feedSignatureProblems(dir: string, publicKeyPems?: readonly string[]): string[]
export function checkRelease(
  project: Project,
  dir: string,
  options?: { feedPublicKeys?: readonly string[] },
): string[]
