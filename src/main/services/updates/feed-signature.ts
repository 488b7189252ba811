import { createHash, createPublicKey, verify } from 'node:crypto'
import { closeSync, openSync, readSync } from 'node:fs'
import { load } from 'js-yaml'
import { isNewerVersion, isVersion } from './version-order'

/**
 * The update feed's signature, on every system. electron-updater installs whatever the feed
 * (latest.yml, latest-mac.yml, latest-linux.yml) names, checks the download against the SHA-512 the feed
 * gives, and with allowDowngrade off trusts the version the feed claims: whoever can write the feed could
 * serve an older, genuinely signed installer labelled as new. So each feed is signed in the release
 * workflow (scripts/sign-feeds.mjs) and a copy uses a feed only when:
 * - its .sig names a key built into the app (feed-keys.ts), the feed file's name and its SHA-512, and
 *   carries that key's ed25519 signature over those three lines;
 * - every file the feed names is pinned by a SHA-512 (electron-updater checks the download against it);
 * - its version is newer than the running one. A replayed, older signed feed can then only hold updates
 *   back, never move anyone backwards; the refusal says when that feed was released.
 *
 * The .sig file, as text:
 *   key: <key id>
 *   file: <feed file name>
 *   sha512: <base64 SHA-512 of the feed file's bytes>
 *   signature: <base64 ed25519 signature over the three lines above, each ending in \n>
 */

/** What the log and the About view say whenever the feed's signature is refused, followed by why. */
export const feedSignatureRefusal = "the update feed's signature does not match"

/** What they say when a genuine feed offers nothing newer: not an error, the app is up to date. */
export const notNewerFeed = 'the update feed offers no newer version'

/** Where the signature of a feed file is published: beside it, with .sig appended. */
export const signatureFileName = (feedFileName: string): string => `${feedFileName}.sig`

/** The id a signature names its key by: the first 16 hex digits of SHA-256 over the key's SPKI bytes. */
export function feedKeyId(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(der).digest('hex').slice(0, 16)
}

/** The three signed lines of a .sig file, exactly as the signer writes them. */
export const signedLines = (keyId: string, feedFileName: string, sha512: string): string =>
  `key: ${keyId}\nfile: ${feedFileName}\nsha512: ${sha512}\n`

export interface VerifiedFeed {
  /** The feed's text, decoded from exactly the bytes that were verified. */
  text: string
  version: string
  /** The feed's releaseDate as written, or null: when this feed last changed. */
  releaseDate: string | null
  /** Every file the feed names, with the SHA-512 (base64) its download must have. */
  files: { url: string; sha512: string }[]
}

export type FeedVerdict =
  | ({ ok: true } & VerifiedFeed)
  | { ok: false; kind: 'signature' | 'content'; reason: string }
  | { ok: false; kind: 'not-newer'; reason: string; version: string; releaseDate: string | null }

const refused = (why: string): FeedVerdict => ({
  ok: false,
  kind: 'signature',
  reason: `${feedSignatureRefusal}: ${why}`,
})
const badContent = (why: string): FeedVerdict => ({ ok: false, kind: 'content', reason: `refused: ${why}` })

// Base64 of a 64-byte ed25519 signature, and of a 64-byte SHA-512: 86 characters and "==".
const base64Of64Bytes = /^[A-Za-z0-9+/]{86}==$/
const sigFile =
  /^key: ([0-9a-f]{16})\nfile: ([^\n]+)\nsha512: ([A-Za-z0-9+/]{86}==)\nsignature: ([A-Za-z0-9+/]{86}==)\n?$/

interface FeedContent {
  version: string
  releaseDate: string | null
  files: VerifiedFeed['files']
}

function feedContent(text: string): FeedContent | string {
  let feed: unknown
  try {
    feed = load(text)
  } catch {
    return 'the signed feed is not valid YAML'
  }
  const { files, version, releaseDate } = (feed ?? {}) as {
    files?: unknown
    version?: unknown
    releaseDate?: unknown
  }
  if (typeof version !== 'string' || !isVersion(version)) return 'the signed feed has no valid version'
  if (!Array.isArray(files) || files.length === 0) return 'the signed feed names no files'
  const entries = files as { url?: unknown; sha512?: unknown }[]
  // Every file: electron-updater may pick any entry, and each must be pinned.
  if (
    !entries.every(
      (entry) =>
        typeof entry?.url === 'string' &&
        typeof entry.sha512 === 'string' &&
        base64Of64Bytes.test(entry.sha512),
    )
  ) {
    return 'the signed feed names a file without a SHA-512'
  }
  return {
    version,
    releaseDate: typeof releaseDate === 'string' ? releaseDate : null,
    files: entries.map((entry) => ({ url: entry.url as string, sha512: entry.sha512 as string })),
  }
}

export interface VerifyFeedInput {
  feed: Uint8Array
  /** The .sig file's bytes; null when there is none. */
  signature: Uint8Array | null
  /** The name the feed was fetched as (latest.yml, latest-mac.yml, latest-linux.yml). */
  feedFileName: string
  /** Every key the app accepts (feed-keys.ts). */
  publicKeys: readonly string[]
  /** The running app's version: the feed must offer a newer one. */
  currentVersion: string
}

export function verifyFeed(input: VerifyFeedInput): FeedVerdict {
  if (input.signature === null) return refused('the feed has no signature beside it')
  const parts = sigFile.exec(Buffer.from(input.signature).toString('latin1').replace(/\r\n/g, '\n'))
  if (!parts) return refused('its signature file is not an update feed signature')
  const [, keyId, fileName, sha512, signature] = parts as unknown as [string, string, string, string, string]
  const publicKey = input.publicKeys.find((pem) => feedKeyId(pem) === keyId)
  if (!publicKey) return refused(`it was signed with a key this app does not know (key ${keyId})`)
  const signed = verify(
    null,
    Buffer.from(signedLines(keyId, fileName, sha512)),
    createPublicKey(publicKey),
    Buffer.from(signature, 'base64'),
  )
  if (!signed)
    return refused(`its signature was not made with key ${keyId}, or was changed after it was signed`)
  if (fileName !== input.feedFileName) {
    return refused(`its signature is for ${fileName.slice(0, 80)}, not ${input.feedFileName}`)
  }
  if (createHash('sha512').update(input.feed).digest('base64') !== sha512) {
    return refused(
      `its signature names another file's SHA-512: ${input.feedFileName} was changed after it was signed`,
    )
  }
  let text: string
  try {
    // Fatal: a string that re-encodes to other bytes than the verified ones would not be what was signed.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input.feed)
  } catch {
    return badContent('the signed update feed is not UTF-8 text')
  }
  const content = feedContent(text)
  if (typeof content === 'string') return badContent(content)
  if (!isNewerVersion(content.version, input.currentVersion)) {
    return {
      ok: false,
      kind: 'not-newer',
      reason: `${notNewerFeed}: it offers ${content.version}, this is ${input.currentVersion}`,
      version: content.version,
      releaseDate: content.releaseDate,
    }
  }
  return { ok: true, text, ...content }
}

/** Reads a URL's body; rejects on a network error (an error with a `code`) or an HTTP error status. */
export type GetBytes = (url: URL) => Promise<Uint8Array>

/**
 * Fetches the feed and its signature and verifies them. A feed that cannot be fetched, or a network
 * failure (an error with a `code`, such as ECONNRESET) on the signature, rejects: the updater's ordinary
 * "cannot reach the server", tried again later. Any other failure to read the signature (the server
 * answers 404: electron-updater's client then rejects with a plain "Cannot download …, status 404") is a
 * refusal, as a missing signature is.
 */
export async function fetchVerifiedFeed(
  input: Omit<VerifyFeedInput, 'feed' | 'signature'> & { feedUrl: URL; signatureUrl: URL; get: GetBytes },
): Promise<FeedVerdict> {
  const feed = await input.get(input.feedUrl)
  let signature: Uint8Array | null
  try {
    signature = await input.get(input.signatureUrl)
  } catch (err) {
    if (typeof (err as { code?: unknown } | null)?.code === 'string') throw err
    const why = err instanceof Error ? err.message.split('\n')[0]?.slice(0, 200) : String(err)
    return refused(`its signature could not be read (${why})`)
  }
  return verifyFeed({ ...input, feed, signature })
}

/**
 * Null when the downloaded file is one the verified feed names (same SHA-512); else why not.
 * Synchronous on purpose: the shell runs it inside electron-updater's "update-downloaded" event, so the
 * verdict is known before electron-updater decides whether to install the file when the app quits. An
 * installer of some 150 MB hashes in a fraction of a second, once per update.
 */
export function fileMatchesFeed(feed: VerifiedFeed, file: string): string | null {
  const hash = createHash('sha512')
  const chunk = Buffer.alloc(1024 * 1024)
  let fd: number | null = null
  try {
    fd = openSync(file, 'r')
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      hash.update(chunk.subarray(0, read))
    }
  } catch (err) {
    return `refused: the downloaded update could not be read (${err instanceof Error ? err.message : String(err)})`
  } finally {
    if (fd !== null) closeSync(fd)
  }
  const digest = hash.digest('base64')
  return feed.files.some((entry) => entry.sha512 === digest)
    ? null
    : 'refused: the downloaded update’s SHA-512 is not one in the signed update feed'
}
