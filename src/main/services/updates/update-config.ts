import { load } from 'js-yaml'

/**
 * The configuration electron-updater runs with, decided here rather than left to electron-updater's own
 * defaults, because those skip the Windows publisher check whenever the build has no app-update.yml (a
 * build without a built-in feed, updating from IT's UpdateFeedUrl policy) or that file names no
 * publisher. The rule instead: a Windows copy updates only when it knows whose signature to demand.
 *
 * What each platform then checks before installing:
 * - Windows: the installer's Authenticode signature is valid and its signer is one of `publisherName`
 *   (electron-updater's verifySignature, through PowerShell's Get-AuthenticodeSignature);
 * - macOS: Squirrel.Mac installs only an app whose code signature satisfies the running app's designated
 *   requirement (same Developer ID team);
 * - everywhere: the feed (latest.yml, latest-mac.yml, latest-linux.yml) must carry the project's ed25519
 *   signature, by a key built into the app (feed-signature.ts, feed-keys.ts), and offer a newer version
 *   than the running one; the download's SHA-512 must equal the one in that signed feed.
 */

/** What the installer wrote into resources/app-update.yml (electron-builder's publish configuration). */
export interface BuiltInFeed {
  provider?: unknown
  url?: unknown
  publisherName?: unknown
  updaterCacheDirName?: unknown
}

export interface UpdaterConfig {
  provider: 'generic'
  url: string
  updaterCacheDirName: string
  /** Windows only: the signer names (certificate CN or full DN) an installer must be signed by. */
  publisherName?: string[]
}

export type UpdaterConfigResult =
  { ok: true; config: UpdaterConfig } | { ok: false; reason: 'no-publisher' | 'bad-feed'; detail: string }

/** Where electron-updater keeps downloads when the built-in file does not say (electron-builder's default). */
export const defaultUpdaterCacheDirName = 'operately-tray-updater'

/** Reads app-update.yml's text; anything that is not a YAML mapping counts as no built-in feed. */
export function parseBuiltInFeed(text: string): BuiltInFeed | null {
  let parsed: unknown
  try {
    parsed = load(text)
  } catch {
    return null
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as BuiltInFeed)
    : null
}

const names = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : [value]
  return list
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.trim())
    .filter(Boolean)
}

export function updaterConfig(input: {
  platform: NodeJS.Platform
  /** The feed IT set by policy, which replaces the built-in one. */
  policyFeedUrl: string | null
  builtIn: BuiltInFeed | null
  /** Windows signer names built into the app itself (see windows-publisher.ts). */
  embeddedPublisherNames: readonly string[]
}): UpdaterConfigResult {
  const { platform, policyFeedUrl, builtIn } = input
  const rawUrl = policyFeedUrl ?? builtIn?.url
  if (policyFeedUrl === null && builtIn?.provider !== undefined && builtIn.provider !== 'generic') {
    return {
      ok: false,
      reason: 'bad-feed',
      detail: `the built-in feed's provider "${String(builtIn.provider)}" is not a plain HTTPS folder`,
    }
  }
  let url: URL | null = null
  try {
    url = typeof rawUrl === 'string' ? new URL(rawUrl) : null
  } catch {
    url = null
  }
  if (!url || url.protocol !== 'https:') {
    return { ok: false, reason: 'bad-feed', detail: 'the update feed is not an https:// address' }
  }
  // As for the policy's UpdateFeedUrl: credentials in a feed address ship in every installer and the log.
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      reason: 'bad-feed',
      detail: 'the update feed address contains a user name or password',
    }
  }
  const config: UpdaterConfig = {
    provider: 'generic',
    url: url.href,
    updaterCacheDirName:
      typeof builtIn?.updaterCacheDirName === 'string' && builtIn.updaterCacheDirName !== ''
        ? builtIn.updaterCacheDirName
        : defaultUpdaterCacheDirName,
  }
  if (platform !== 'win32') return { ok: true, config }
  // The names built into the app are inside the integrity-checked asar; app-update.yml lies beside it,
  // where anything that can write the install folder can add a signer of its own. So it only counts for
  // a build that carries no names (one signed with a certificate but no windowsPublisherName, whose CN
  // electron-builder wrote there).
  const embedded = [...new Set(names(input.embeddedPublisherNames))]
  const publishers = embedded.length > 0 ? embedded : [...new Set(names(builtIn?.publisherName))]
  if (publishers.length === 0) {
    return {
      ok: false,
      reason: 'no-publisher',
      detail:
        'this Windows build names no publisher to check an installer’s signature against (app-update.yml has no publisherName and none was built in), so it refuses to install updates',
    }
  }
  return { ok: true, config: { ...config, publisherName: publishers } }
}
