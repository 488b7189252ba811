import type { IncomingMessage, OutgoingHttpHeaders, RequestOptions } from 'node:http'
import {
  CancellationToken,
  configureRequestOptions,
  configureRequestUrl,
  type CustomPublishOptions,
  type HttpExecutor,
  type UpdateInfo,
} from 'builder-util-runtime'
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

/**
 * The most of a feed and of its .sig that is read. electron-builder's feeds are a few hundred bytes and a
 * .sig under 400; electron-updater's own reader (downloadToBuffer) keeps up to 500 MB, which a feed host
 * that answers with a body that never ends would have the app hold, every check, twice.
 */
export const maxFeedBytes = 1024 * 1024
export const maxSignatureBytes = 4 * 1024

/** The part of electron-updater's HTTP client a capped read uses (its redirects, proxy and timeouts). */
interface Downloading {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): { abort(): void }
  doDownload(
    requestOptions: RequestOptions,
    options: {
      destination: null
      options: { cancellationToken: CancellationToken }
      onCancel: (callback: () => void) => void
      callback: (error: Error | null) => void
      responseHandler: (response: IncomingMessage, callback: (error: Error | null) => void) => void
    },
    redirectCount: number,
  ): void
}

/**
 * Reads `url` as electron-updater's downloadToBuffer does (same client, headers and redirects), but gives
 * up, and aborts the request, once the body passes `maxBytes`: rejects with an error without a `code`
 * (for the .sig, a refusal; for the feed, a failed check).
 */
export function readAtMost(
  executor: HttpExecutor<Electron.ClientRequest>,
  url: URL,
  headers: OutgoingHttpHeaders | null,
  maxBytes: number,
  what: string,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const requests: { abort(): void }[] = []
    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const settle = (error: Error | null) => {
      if (settled) return
      settled = true
      if (error) reject(error)
      else resolve(Buffer.concat(chunks))
    }
    // The executor itself, except that each request it makes (redirects too) can be aborted from here.
    const base = executor as unknown as Downloading
    const downloading = Object.create(base, {
      createRequest: {
        value: (options: RequestOptions, callback: (response: IncomingMessage) => void) => {
          const request = base.createRequest(options, callback)
          requests.push(request)
          return request
        },
      },
    }) as Downloading
    const requestOptions = { headers: headers ?? undefined, redirect: 'manual' } as RequestOptions
    configureRequestUrl(url, requestOptions)
    configureRequestOptions(requestOptions)
    downloading.doDownload(
      requestOptions,
      {
        destination: null,
        options: { cancellationToken: new CancellationToken() },
        onCancel: () => undefined,
        callback: settle,
        responseHandler: (response, callback) => {
          response.on('data', (chunk: Buffer) => {
            if (settled) return
            received += chunk.length
            if (received > maxBytes) {
              chunks.length = 0
              callback(new Error(`the ${what} is larger than ${maxBytes} bytes`))
              for (const request of requests) request.abort()
              return
            }
            chunks.push(chunk)
          })
          response.on('end', () => callback(null))
        },
      },
      0,
    )
  })
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
          readAtMost(
            this.executor,
            url,
            // The headers electron-updater gives its own feed requests (its staging id among them).
            (this.createRequestOptions(url).headers as OutgoingHttpHeaders | undefined) ?? null,
            url.href === feedUrl.href ? maxFeedBytes : maxSignatureBytes,
            url.href === feedUrl.href ? 'update feed' : 'signature',
          ),
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
