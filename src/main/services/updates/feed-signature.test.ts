import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { feedPublicKeys } from './feed-keys'
import {
  feedKeyId,
  feedSignatureRefusal,
  fetchVerifiedFeed,
  fileMatchesFeed,
  signatureFileName,
  signedLines,
  verifyFeed,
  type VerifiedFeed,
} from './feed-signature'

// The rules of the signature file itself; verified-feed.test.ts runs them over HTTP for each system's feed.

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  return { privateKey, publicKeyPem, id: feedKeyId(publicKeyPem) }
}
const key = pair()

const installer = Buffer.from('the 1.2.3 installer')
const sha512 = (data: Uint8Array) => createHash('sha512').update(data).digest('base64')
const feedOf = (lines: string[]) => Buffer.from([...lines, ''].join('\n'))
const feed = feedOf([
  'version: 1.2.3',
  'files:',
  '  - url: operately-tray-setup-1.2.3.exe',
  `    sha512: ${sha512(installer)}`,
  `    size: ${installer.length}`,
  "releaseDate: '2026-11-26T09:00:00.000Z'",
])

const signatureFile = (
  data: Uint8Array,
  signer: { privateKey: KeyObject; id: string } = key,
  name = 'latest.yml',
) => {
  const lines = signedLines(signer.id, name, sha512(data))
  return Buffer.from(
    `${lines}signature: ${sign(null, Buffer.from(lines), signer.privateKey).toString('base64')}\n`,
  )
}

const check = (data: Uint8Array, signature: Uint8Array | null, currentVersion = '1.2.2') =>
  verifyFeed({
    feed: data,
    signature,
    feedFileName: 'latest.yml',
    publicKeys: [key.publicKeyPem],
    currentVersion,
  })

describe('verifyFeed', () => {
  it('accepts a feed signed with a listed key, and gives exactly its text, version, date and files', () => {
    expect(check(feed, signatureFile(feed))).toEqual({
      ok: true,
      text: feed.toString('utf8'),
      version: '1.2.3',
      releaseDate: '2026-11-26T09:00:00.000Z',
      files: [{ url: 'operately-tray-setup-1.2.3.exe', sha512: sha512(installer) }],
    })
  })

  it('accepts the signature file with Windows line ends (a host that rewrote it)', () => {
    const crlf = Buffer.from(signatureFile(feed).toString().replace(/\n/g, '\r\n'))
    expect(check(feed, crlf).ok).toBe(true)
  })

  it('refuses a signature whose signed lines were edited (another key id, file or hash written in)', () => {
    const forged = signatureFile(feed).toString().replace(`key: ${key.id}`, `key: ${pair().id}`)
    expect(check(feed, Buffer.from(forged))).toMatchObject({ ok: false, kind: 'signature' })
    const lines = signatureFile(feed).toString().split('\n')
    lines[2] = `sha512: ${sha512(Buffer.from('another feed'))}`
    expect(check(feed, Buffer.from(lines.join('\n')))).toEqual({
      ok: false,
      kind: 'signature',
      reason: `${feedSignatureRefusal}: its signature was not made with key ${key.id}, or was changed after it was signed`,
    })
  })

  it('refuses a missing or malformed signature file', () => {
    expect(check(feed, null)).toMatchObject({
      reason: `${feedSignatureRefusal}: the feed has no signature beside it`,
    })
    // The format the Linux feed was first signed with: a bare signature, naming no key.
    const bare = Buffer.from(`${sign(null, feed, key.privateKey).toString('base64')}\n`)
    expect(check(feed, bare)).toMatchObject({
      reason: `${feedSignatureRefusal}: its signature file is not an update feed signature`,
    })
    expect(check(feed, Buffer.from('<html>Moved</html>'))).toMatchObject({ ok: false, kind: 'signature' })
  })

  it('refuses a signed feed that does not pin every file with a SHA-512, or has no valid version', () => {
    const unpinned = feedOf(['version: 1.2.3', 'files:', '  - url: a.exe', '    sha512: abc'])
    expect(check(unpinned, signatureFile(unpinned))).toEqual({
      ok: false,
      kind: 'content',
      reason: 'refused: the signed feed names a file without a SHA-512',
    })
    const noVersion = feedOf([
      'version: latest',
      'files:',
      '  - url: a.exe',
      `    sha512: ${sha512(installer)}`,
    ])
    expect(check(noVersion, signatureFile(noVersion))).toMatchObject({
      reason: 'refused: the signed feed has no valid version',
    })
  })

  it('refuses signed bytes that are not UTF-8, which electron-updater would read as other text', () => {
    const latin1 = Buffer.concat([feed, Buffer.from([0xe9, 0x0a])])
    expect(check(latin1, signatureFile(latin1))).toMatchObject({
      reason: 'refused: the signed update feed is not UTF-8 text',
    })
  })

  it('names the signature file after the feed', () => {
    expect(signatureFileName('latest-mac.yml')).toBe('latest-mac.yml.sig')
  })
})

describe('fileMatchesFeed', () => {
  const verified = check(feed, signatureFile(feed)) as { ok: true } & VerifiedFeed
  const dir = mkdtempSync(join(tmpdir(), 'feed-files-'))

  it('accepts a file the signed feed names', () => {
    writeFileSync(join(dir, 'good.exe'), installer)
    expect(fileMatchesFeed(verified, join(dir, 'good.exe'))).toBeNull()
  })

  it('refuses a file changed after the feed was signed, and one that cannot be read', () => {
    const tampered = Buffer.from(installer)
    tampered[0] = tampered[0]! ^ 1
    writeFileSync(join(dir, 'tampered.exe'), tampered)
    expect(fileMatchesFeed(verified, join(dir, 'tampered.exe'))).toBe(
      'refused: the downloaded update’s SHA-512 is not one in the signed update feed',
    )
    expect(fileMatchesFeed(verified, join(dir, 'missing.exe'))).toMatch(
      /^refused: the downloaded update could not be read \(ENOENT/,
    )
  })
})

describe('the keys built into the app', () => {
  it('are ed25519 public keys with distinct ids', () => {
    expect(feedPublicKeys.length).toBeGreaterThan(0)
    for (const pem of feedPublicKeys) expect(createPublicKey(pem).asymmetricKeyType).toBe('ed25519')
    expect(new Set(feedPublicKeys.map(feedKeyId)).size).toBe(feedPublicKeys.length)
  })

  it('are named by an id that is the SHA-256 of the key, so the id cannot be chosen for another key', () => {
    const der = createPublicKey(key.publicKeyPem).export({ type: 'spki', format: 'der' })
    expect(key.id).toBe(createHash('sha256').update(der).digest('hex').slice(0, 16))
  })
})

describe('fetchVerifiedFeed', () => {
  const feedUrl = new URL('https://updates.acme.example/latest.yml')
  const signatureUrl = new URL('https://updates.acme.example/latest.yml.sig')
  const hosted = (signature: () => Promise<Uint8Array>) => (url: URL) =>
    url.href === feedUrl.href ? Promise.resolve(feed) : signature()
  const fetchWith = (get: (url: URL) => Promise<Uint8Array>) =>
    fetchVerifiedFeed({
      feedUrl,
      signatureUrl,
      feedFileName: 'latest.yml',
      publicKeys: [key.publicKeyPem],
      currentVersion: '1.2.2',
      get,
    })

  it('verifies the feed with the signature fetched beside it', async () => {
    expect((await fetchWith(hosted(() => Promise.resolve(signatureFile(feed))))).ok).toBe(true)
  })

  it('refuses when the server will not give the signature, but leaves a network failure to the updater', async () => {
    const notThere = await fetchWith(
      hosted(() => Promise.reject(new Error('Cannot download "…", status 404: Not Found'))),
    )
    expect(notThere).toEqual({
      ok: false,
      kind: 'signature',
      reason: `${feedSignatureRefusal}: its signature could not be read (Cannot download "…", status 404: Not Found)`,
    })
    const offline = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    await expect(fetchWith(hosted(() => Promise.reject(offline)))).rejects.toBe(offline)
  })
})
