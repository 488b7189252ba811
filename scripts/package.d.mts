// Types for the helpers scripts/package.mjs exports (its tests import them from TypeScript).

export type PackageTarget = 'mac' | 'win' | 'linux'

export interface PackageOptions {
  target: PackageTarget | null
  unfused: boolean
  skipBuild: boolean
  dir: boolean
  release: boolean
  signed: boolean
  arches: string[]
  unknown: string[]
}

export function parseArgs(argv: string[], hostPlatform?: NodeJS.Platform): PackageOptions

export function electronZips(input: {
  version: string
  target: PackageTarget
  arches: string[]
  hostArch?: string
}): string[]

export function electronCacheRoot(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, home?: string): string

export function electronCachePath(downloadUrl: string, cacheRoot: string): string

export function electronDownloadUrl(file: string, version: string, env?: NodeJS.ProcessEnv): string

export function probeDownload(
  url: string,
  options?: { fetchImpl?: typeof fetch; timeoutMs?: number },
): Promise<string | null>

export function electronMissingMessage(input: {
  version: string
  zips: string[]
  reason: string
  cachePaths?: string[]
}): string

export function checkElectronDist(dir: string, zips: string[]): string | null

export function builderConfig(input: {
  target: PackageTarget
  unfused: boolean
  release?: boolean
  signed?: boolean
  /** build/publisher.json as read (scripts/publisher.mjs) */
  publisher?: unknown
  env?: NodeJS.ProcessEnv
}): { config: Record<string, unknown>; notes: string[]; problems: string[] }

export function explainFailure(
  error: unknown,
  context: { electronReady: boolean; version: string; zips: string[] },
): string | null
