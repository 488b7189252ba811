import { createHash, createPublicKey, verify } from 'node:crypto'
import { closeSync, openSync, readSync } from 'node:fs'
import { load } from 'js-yaml'

/**
 * The Linux update feed's signature. An AppImage updates to whatever latest-linux.yml names, and that feed
 * is also where the AppImage's SHA-512 comes from: without a signature, whoever can write to the feed host
 * decides what installed copies run. So the feed is signed in the release workflow
 * (scripts/sign-linux-feed.mjs, ed25519 over the file's exact bytes, base64 in latest-linux.yml.sig) and
 * an AppImage uses a feed only when that signature verifies with the public key built into it
 * (linux-feed-key.ts). electron-updater then parses exactly those bytes and checks the downloaded file's
 * SHA-512 against them; fileMatchesFeed checks it once more before the update is offered.
 */

/** What the log and the About view say whenever the feed is refused, followed by why. */
export const feedSignatureRefusal = "the update feed's signature does not match"

/** Where the signature of a feed file is published: beside it, with .sig appended. */
export const signatureFileName = (feedFileName: string): string => `${feedFileName}.sig`

export interface VerifiedFeed {
  /** The feed's text, decoded from exactly the bytes that were verified. */
  text: string
  /** The AppImage the feed offers, with the SHA-512 (base64) the download must have. */
  appImage: { url: string; sha512: string }
}

export type FeedVerdict = ({ ok: true } & VerifiedFeed) | { ok: false; reason: string }

const refused = (why: string): FeedVerdict => ({ ok: false, reason: `${feedSignatureRefusal}: ${why}` })

// Base64 of a 64-byte ed25519 signature, and of a 64-byte SHA-512: 86 characters and "==".
const base64Of64Bytes = /^[A-Za-z0-9+/]{86}==$/

/** The feed's AppImage entry when every file it names has a well-formed SHA-512; otherwise why not. */
function appImageEntry(text: string): VerifiedFeed['appImage'] | string {
  let feed: unknown
  try {
    feed = load(text)
  } catch {
    return 'the signed feed is not valid YAML'
  }
  const files = (feed as { files?: unknown } | null)?.files
  if (!Array.isArray(files) || files.length === 0) return 'the signed feed names no files'
  const entries = files as { url?: unknown; sha512?: unknown }[]
  // Every file, not only the AppImage: electron-updater may pick another entry, and each must be pinned.
  if (!entries.every((entry) => typeof entry?.sha512 === 'string' && base64Of64Bytes.test(entry.sha512))) {
    return 'the signed feed names a file without a SHA-512'
  }
  const appImage = entries.find(
    (entry) => typeof entry.url === 'string' && entry.url.toLowerCase().endsWith('.appimage'),
  )
  if (!appImage) return 'the signed feed names no AppImage'
  return { url: appImage.url as string, sha512: appImage.sha512 as string }
}

/**
 * Whether `feed` is signed by the key `publicKeyPem` with `signature` (the .sig file's bytes, null when
 * there is none), and names an AppImage with its SHA-512.
 */
export function verifyFeedSignature(
  feed: Uint8Array,
  signature: Uint8Array | null,
  publicKeyPem: string,
): FeedVerdict {
  if (signature === null) return refused('the feed has no signature beside it')
  const signatureText = Buffer.from(signature).toString('latin1').trim()
  if (!base64Of64Bytes.test(signatureText)) return refused('its signature file is not an ed25519 signature')
  const valid = verify(null, feed, createPublicKey(publicKeyPem), Buffer.from(signatureText, 'base64'))
  if (!valid) {
    return refused('it was not signed with the key built into this app, or was changed after it was signed')
  }
  let text: string
  try {
    // Fatal: a string that re-encodes to other bytes than the verified ones would not be what was signed.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(feed)
  } catch {
    return { ok: false, reason: 'refused: the signed update feed is not UTF-8 text' }
  }
  const appImage = appImageEntry(text)
  if (typeof appImage === 'string') return { ok: false, reason: `refused: ${appImage}` }
  return { ok: true, text, appImage }
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
export async function fetchVerifiedFeed(input: {
  feedUrl: URL
  signatureUrl: URL
  get: GetBytes
  publicKeyPem: string
}): Promise<FeedVerdict> {
  const feed = await input.get(input.feedUrl)
  let signature: Uint8Array | null
  try {
    signature = await input.get(input.signatureUrl)
  } catch (err) {
    if (typeof (err as { code?: unknown } | null)?.code === 'string') throw err
    const why = err instanceof Error ? err.message.split('\n')[0]?.slice(0, 200) : String(err)
    return refused(`its signature could not be read (${why})`)
  }
  return verifyFeedSignature(feed, signature, input.publicKeyPem)
}

/**
 * Null when the downloaded file is the AppImage the verified feed names (same SHA-512); else why not.
 * Synchronous on purpose: the shell runs it inside electron-updater's "update-downloaded" event, so the
 * verdict is known before electron-updater decides whether to install the file when the app quits. An
 * AppImage of some 150 MB hashes in a fraction of a second, once per update.
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
  return hash.digest('base64') === feed.appImage.sha512
    ? null
    : 'refused: the downloaded AppImage’s SHA-512 is not the one in the signed update feed'
}
