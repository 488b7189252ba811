import type { OutgoingHttpHeaders } from 'node:http'
import { CancellationToken, type CustomPublishOptions, type UpdateInfo } from 'builder-util-runtime'
import type { ResolvedUpdateFileInfo } from 'electron-updater'
import {
  parseUpdateInfo,
  Provider,
  resolveFiles,
  type ProviderRuntimeOptions,
} from 'electron-updater/out/providers/Provider.js'
import { getChannelFilename, newUrlFromBase } from 'electron-updater/out/util.js'
import {
  fetchVerifiedFeed,
  signatureFileName,
  type FeedVerdict,
  type VerifiedFeed,
} from '../services/updates/feed-signature'

/**
 * The update feed, verified, on every system: electron-updater's generic provider, except that the feed
 * (latest.yml, latest-mac.yml or latest-linux.yml, as electron-updater names it for the platform) is read
 * as bytes together with its .sig, verified against the keys built into the app
 * (services/updates/feed-signature.ts), and only then parsed, from exactly those bytes. A refused feed,
 * and a genuine one that is not newer than the running version, rejects the check, so nothing is
 * downloaded; everything electron-updater downloads afterwards is checked against the SHA-512 in the
 * verified feed. Handed to electron-updater as a custom provider (setFeedURL), through the same HTTP
 * client (Electron's net, with the system's proxy) it uses itself.
 */

export interface VerifiedFeedOptions {
  publicKeys: readonly string[]
  /** The running app's version; a feed must offer a newer one. */
  currentVersion: string
  /** Told each feed that passed, so the downloaded file can be checked against it again. */
  onVerified?: (feed: VerifiedFeed) => void
}

/** The error a refused feed rejects the check with; `verdict` says why, for the shell's log and status. */
export class FeedRefused extends Error {
  constructor(readonly verdict: Exclude<FeedVerdict, { ok: true }>) {
    super(verdict.reason)
    this.name = 'FeedRefused'
  }
}

/** The part of electron-updater's AppUpdater a provider reads. */
interface ProviderUpdater {
  readonly isAddNoCacheQuery: boolean
}

export type VerifiedFeedProvider = new (
  configuration: CustomPublishOptions,
  updater: ProviderUpdater,
  runtimeOptions: ProviderRuntimeOptions,
) => Provider<UpdateInfo>

export function verifiedFeedProvider(options: VerifiedFeedOptions): VerifiedFeedProvider {
  return class VerifiedFeedFromHost extends Provider<UpdateInfo> {
    private readonly baseUrl: URL
    private readonly updater: ProviderUpdater

    constructor(
      configuration: CustomPublishOptions,
      updater: ProviderUpdater,
      runtimeOptions: ProviderRuntimeOptions,
    ) {
      super(runtimeOptions)
      const url = (configuration as { url?: unknown }).url
      if (typeof url !== 'string') throw new Error('the verified update feed needs a url')
      this.baseUrl = new URL(url)
      // As electron-updater's generic provider: files are looked up inside the folder the address names.
      if (!this.baseUrl.pathname.endsWith('/')) this.baseUrl.pathname += '/'
      this.updater = updater
    }

    override async getLatestVersion(): Promise<UpdateInfo> {
      const feedFile = getChannelFilename(this.getDefaultChannelName())
      const noCache = this.updater.isAddNoCacheQuery
      const feedUrl = newUrlFromBase(feedFile, this.baseUrl, noCache)
      const verdict = await fetchVerifiedFeed({
        feedUrl,
        signatureUrl: newUrlFromBase(signatureFileName(feedFile), this.baseUrl, noCache),
        feedFileName: feedFile,
        publicKeys: options.publicKeys,
        currentVersion: options.currentVersion,
        get: (url) =>
          this.executor.downloadToBuffer(url, {
            // The headers electron-updater gives its own feed requests (its staging id among them).
            headers: (this.createRequestOptions(url).headers as OutgoingHttpHeaders | undefined) ?? null,
            cancellationToken: new CancellationToken(),
          }),
      })
      if (!verdict.ok) throw new FeedRefused(verdict)
      options.onVerified?.(verdict)
      return parseUpdateInfo(verdict.text, feedFile, feedUrl)
    }

    override resolveFiles(updateInfo: UpdateInfo): ResolvedUpdateFileInfo[] {
      return resolveFiles(updateInfo, this.baseUrl)
    }
  }
}
