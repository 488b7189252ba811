import { spawnSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { feedPublicKeys } from '../src/main/services/updates/feed-keys'
import { feedKeyId, verifyFeed } from '../src/main/services/updates/feed-signature'
import {
  builtInPublicKeys,
  checkSigningKey,
  generateKeyPair,
  keyId,
  keyVariable,
  privateKeyFrom,
  signFeedFiles,
  signatureMatches,
} from './sign-feeds.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const script = join(root, 'scripts', 'sign-feeds.mjs')
const temp = () => mkdtempSync(join(tmpdir(), 'sign-feed-'))

const sha512 = 'A'.repeat(86) + '=='
const feedText = `version: 1.2.3\nfiles:\n  - url: operately-tray-1.2.3-x86_64.AppImage\n    sha512: ${sha512}\n    size: 5\n`
const feedNames = ['latest.yml', 'latest-mac.yml', 'latest-linux.yml']
function feedsIn(dir: string) {
  return feedNames.map((name) => {
    const file = join(dir, name)
    writeFileSync(file, feedText)
    return file
  })
}

/** Runs the script as the workflow does, with only the environment given (no inherited secret). */
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', ...env },
  })

describe('signing the update feeds', () => {
  it('writes a signature beside each feed that the app itself accepts for that feed, and only that one', () => {
    const pair = generateKeyPair()
    const feeds = feedsIn(temp())
    const written = signFeedFiles(feeds, {
      env: { [keyVariable]: pair.privateKey },
      publicKeyPems: [pair.publicKey],
    })
    expect(written).toEqual(feeds.map((feed) => `${feed}.sig`))
    for (const [index, feed] of feeds.entries()) {
      const signature = readFileSync(`${feed}.sig`)
      expect(signature.toString()).toContain(`key: ${pair.id}\nfile: ${feedNames[index]}\n`)
      const verdict = (feedFileName: string) =>
        verifyFeed({
          feed: readFileSync(feed),
          signature,
          feedFileName,
          publicKeys: [pair.publicKey],
          currentVersion: '1.2.2',
        })
      expect(verdict(feedNames[index]!)).toMatchObject({ ok: true })
      expect(verdict(feedNames[(index + 1) % 3]!)).toMatchObject({ ok: false, kind: 'signature' })
    }
  })

  it('refuses without the key, says why, and writes nothing', () => {
    const feeds = feedsIn(temp())
    for (const env of [{}, { [keyVariable]: '' }, { [keyVariable]: '  \n' }] as Record<string, string>[]) {
      const result = run(feeds, env)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(
        `::error::${keyVariable} is not set: the update feeds cannot be signed, and installed copies refuse an unsigned feed.`,
      )
      for (const feed of feeds) expect(existsSync(`${feed}.sig`)).toBe(false)
    }
  })

  it('refuses a key whose public half the app does not list, and writes nothing', () => {
    const feeds = feedsIn(temp())
    const result = run(feeds, { [keyVariable]: generateKeyPair().privateKey })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      `::error::${keyVariable}'s public half is not listed in src/main/services/updates/feed-keys.ts`,
    )
    for (const feed of feeds) expect(existsSync(`${feed}.sig`)).toBe(false)
  })

  it('refuses something that is not an ed25519 private key, without printing it', () => {
    expect(() => privateKeyFrom('not a key')).toThrow(`${keyVariable} is not a PEM private key.`)
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    expect(() => privateKeyFrom(rsa)).toThrow(
      `${keyVariable} is a rsa key; the feeds are signed with ed25519.`,
    )
  })

  it('reads signatures as strictly as the app does', () => {
    const pair = generateKeyPair()
    const [feed] = feedsIn(temp())
    signFeedFiles([feed!], { env: { [keyVariable]: pair.privateKey }, publicKeyPems: [pair.publicKey] })
    const signature = readFileSync(`${feed}.sig`, 'latin1')
    const bytes = readFileSync(feed!)
    expect(signatureMatches(bytes, 'latest.yml', signature, [pair.publicKey])).toBe(true)
    expect(signatureMatches(bytes, 'latest.yml', `${signature.trim()}!`, [pair.publicKey])).toBe(false)
    expect(signatureMatches(Buffer.from(`${feedText} `), 'latest.yml', signature, [pair.publicKey])).toBe(
      false,
    )
    expect(signatureMatches(bytes, 'latest-mac.yml', signature, [pair.publicKey])).toBe(false)
    expect(signatureMatches(bytes, 'latest.yml', signature, [generateKeyPair().publicKey])).toBe(false)
  })

  it('names a key by the same id the app computes', () => {
    const pair = generateKeyPair()
    expect(keyId(pair.publicKey)).toBe(feedKeyId(pair.publicKey))
    expect(pair.id).toBe(feedKeyId(pair.publicKey))
  })
})

describe('checking the key before building (the release preflight)', () => {
  it('passes a listed key, the new one of a rotation too, and refuses a missing or unlisted one', () => {
    const old = generateKeyPair()
    const rotatedIn = generateKeyPair()
    const listed = [old.publicKey, rotatedIn.publicKey]
    for (const pair of [old, rotatedIn]) {
      expect(() =>
        checkSigningKey({ env: { [keyVariable]: pair.privateKey }, publicKeyPems: listed }),
      ).not.toThrow()
    }
    expect(() => checkSigningKey({ env: {}, publicKeyPems: listed })).toThrow(`${keyVariable} is not set`)
    expect(() =>
      checkSigningKey({ env: { [keyVariable]: generateKeyPair().privateKey }, publicKeyPems: listed }),
    ).toThrow(`${keyVariable}'s public half is not listed`)
  })

  it('fails the step from the command line without the secret, or with another key', () => {
    const result = run(['--check-key'])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`::error::${keyVariable} is not set`)
    const wrong = run(['--check-key'], { [keyVariable]: generateKeyPair().privateKey })
    expect(wrong.status).toBe(1)
    expect(wrong.stderr).toContain('public half is not listed')
  })
})

describe('a new key pair for maintainers', () => {
  it('writes the private key readable by its owner only, prints the public key and its id, and never overwrites', () => {
    const file = join(temp(), 'feed-key.pem')
    const result = run(['--generate', file])
    expect(result.status).toBe(0)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const publicKey = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----\n/.exec(result.stdout)?.[0]
    expect(publicKey).toBeDefined()
    expect(result.stdout).toContain(`Key id ${keyId(publicKey!)}`)
    expect(result.stdout).not.toContain('PRIVATE KEY')
    // The two halves belong together.
    const feeds = feedsIn(temp())
    signFeedFiles(feeds, { env: { [keyVariable]: readFileSync(file, 'utf8') }, publicKeyPems: [publicKey!] })
    expect(existsSync(`${feeds[0]}.sig`)).toBe(true)

    const before = readFileSync(file, 'utf8')
    const again = run(['--generate', file])
    expect(again.status).toBe(1)
    expect(again.stderr).toContain('already exists; not overwriting a key.')
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})

it('reads the same public keys the app is built with', () => {
  expect(builtInPublicKeys()).toEqual(feedPublicKeys)
})
