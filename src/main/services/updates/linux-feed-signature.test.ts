import { createHash, createPublicKey, generateKeyPairSync, sign } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { linuxFeedPublicKey } from './linux-feed-key'
import {
  fetchVerifiedFeed,
  feedSignatureRefusal,
  fileMatchesFeed,
  signatureFileName,
  verifyFeedSignature,
  type VerifiedFeed,
} from './linux-feed-signature'

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}
const key = pair()
const otherKey = pair()

const appImage = Buffer.from('the 1.2.3 AppImage')
const sha512 = (data: Uint8Array) => createHash('sha512').update(data).digest('base64')
/** latest-linux.yml as electron-builder writes it. */
const feed = Buffer.from(
  [
    'version: 1.2.3',
    'files:',
    '  - url: operately-tray-1.2.3-x86_64.AppImage',
    `    sha512: ${sha512(appImage)}`,
    `    size: ${appImage.length}`,
    'path: operately-tray-1.2.3-x86_64.AppImage',
    `sha512: ${sha512(appImage)}`,
    "releaseDate: '2026-11-26T09:00:00.000Z'",
    '',
  ].join('\n'),
)
/** The .sig file's bytes, as scripts/sign-linux-feed.mjs writes them. */
const signatureFile = (data: Uint8Array, privateKey = key.privateKey) =>
  Buffer.from(`${sign(null, data, privateKey).toString('base64')}\n`)

describe('verifyFeedSignature', () => {
  it('accepts a feed signed with the right key, and gives exactly its text and its AppImage', () => {
    const verdict = verifyFeedSignature(feed, signatureFile(feed), key.publicKeyPem)
    expect(verdict).toEqual({
      ok: true,
      text: feed.toString('utf8'),
      appImage: { url: 'operately-tray-1.2.3-x86_64.AppImage', sha512: sha512(appImage) },
    })
  })

  it('refuses a feed with one byte changed after it was signed', () => {
    const signature = signatureFile(feed)
    const tampered = Buffer.from(feed)
    // 1.2.3 becomes 1.2.4: the smallest change that would still parse and offer an update.
    tampered[feed.indexOf('1.2.3') + 4] = '4'.charCodeAt(0)
    expect(verifyFeedSignature(tampered, signature, key.publicKeyPem)).toEqual({
      ok: false,
      reason: `${feedSignatureRefusal}: it was not signed with the key built into this app, or was changed after it was signed`,
    })
  })

  it('refuses a feed signed with another key', () => {
    const verdict = verifyFeedSignature(feed, signatureFile(feed, otherKey.privateKey), key.publicKeyPem)
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringContaining(feedSignatureRefusal) })
  })

  it('refuses a feed without a signature, or with one that is not an ed25519 signature', () => {
    expect(verifyFeedSignature(feed, null, key.publicKeyPem)).toEqual({
      ok: false,
      reason: `${feedSignatureRefusal}: the feed has no signature beside it`,
    })
    const good = signatureFile(feed).toString().trim()
    for (const malformed of [
      '',
      'not base64 at all',
      good.slice(0, 40),
      `${good}AAAA`,
      '<html>404 Not Found</html>',
      good.replace(/^./, '*'),
    ]) {
      expect(verifyFeedSignature(feed, Buffer.from(malformed), key.publicKeyPem)).toEqual({
        ok: false,
        reason: `${feedSignatureRefusal}: its signature file is not an ed25519 signature`,
      })
    }
  })

  it('refuses a signed feed that does not pin the AppImage with a SHA-512', () => {
    const signed = (text: string) => {
      const data = Buffer.from(text)
      return verifyFeedSignature(data, signatureFile(data), key.publicKeyPem)
    }
    expect(signed('version: 1.2.3\nfiles:\n  - url: a.AppImage\n    size: 5\n')).toEqual({
      ok: false,
      reason: 'refused: the signed feed names a file without a SHA-512',
    })
    expect(signed(`version: 1.2.3\nfiles:\n  - url: a.deb\n    sha512: ${sha512(appImage)}\n`)).toEqual({
      ok: false,
      reason: 'refused: the signed feed names no AppImage',
    })
    expect(signed('version: 1.2.3\npath: a.AppImage\n')).toEqual({
      ok: false,
      reason: 'refused: the signed feed names no files',
    })
  })

  it('refuses signed bytes that are not UTF-8, which electron-updater would read as other text', () => {
    const data = Buffer.concat([feed, Buffer.from([0xff, 0xfe])])
    expect(verifyFeedSignature(data, signatureFile(data), key.publicKeyPem)).toEqual({
      ok: false,
      reason: 'refused: the signed update feed is not UTF-8 text',
    })
  })

  it('names the signature file after the feed', () => {
    expect(signatureFileName('latest-linux.yml')).toBe('latest-linux.yml.sig')
  })
})

describe('fileMatchesFeed', () => {
  const verified = verifyFeedSignature(feed, signatureFile(feed), key.publicKeyPem) as {
    ok: true
  } & VerifiedFeed
  const dir = mkdtempSync(join(tmpdir(), 'linux-feed-'))

  it('accepts the AppImage the signed feed names', async () => {
    writeFileSync(join(dir, 'good.AppImage'), appImage)
    expect(fileMatchesFeed(verified, join(dir, 'good.AppImage'))).toBeNull()
  })

  it('refuses an AppImage changed after the feed was signed, and one that cannot be read', async () => {
    const tampered = Buffer.from(appImage)
    tampered[0] = tampered[0]! ^ 1
    writeFileSync(join(dir, 'tampered.AppImage'), tampered)
    expect(fileMatchesFeed(verified, join(dir, 'tampered.AppImage'))).toBe(
      'refused: the downloaded AppImage’s SHA-512 is not the one in the signed update feed',
    )
    expect(fileMatchesFeed(verified, join(dir, 'missing.AppImage'))).toMatch(
      /^refused: the downloaded update could not be read \(ENOENT/,
    )
  })
})

describe('the key built into the app', () => {
  it('is an ed25519 public key', () => {
    expect(createPublicKey(linuxFeedPublicKey).asymmetricKeyType).toBe('ed25519')
  })
})

describe('fetchVerifiedFeed', () => {
  const feedUrl = new URL('https://updates.acme.example/latest-linux.yml')
  const signatureUrl = new URL('https://updates.acme.example/latest-linux.yml.sig')
  const hosted = (signature: () => Promise<Uint8Array>) => (url: URL) =>
    url.href === feedUrl.href ? Promise.resolve(feed) : signature()

  it('verifies the feed with the signature fetched beside it', async () => {
    const verdict = await fetchVerifiedFeed({
      feedUrl,
      signatureUrl,
      publicKeyPem: key.publicKeyPem,
      get: hosted(() => Promise.resolve(signatureFile(feed))),
    })
    expect(verdict.ok).toBe(true)
  })

  it('refuses when the server will not give the signature, but leaves a network failure to the updater', async () => {
    const notThere = await fetchVerifiedFeed({
      feedUrl,
      signatureUrl,
      publicKeyPem: key.publicKeyPem,
      get: hosted(() => Promise.reject(new Error('Cannot download "…", status 404: Not Found'))),
    })
    expect(notThere).toEqual({
      ok: false,
      reason: `${feedSignatureRefusal}: its signature could not be read (Cannot download "…", status 404: Not Found)`,
    })
    const offline = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    await expect(
      fetchVerifiedFeed({
        feedUrl,
        signatureUrl,
        publicKeyPem: key.publicKeyPem,
        get: hosted(() => Promise.reject(offline)),
      }),
    ).rejects.toBe(offline)
  })
})
