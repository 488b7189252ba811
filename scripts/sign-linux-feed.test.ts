import { spawnSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { linuxFeedPublicKey } from '../src/main/services/updates/linux-feed-key'
import { verifyFeedSignature } from '../src/main/services/updates/linux-feed-signature'
import {
  builtInPublicKey,
  checkSigningKey,
  generateKeyPair,
  keyVariable,
  privateKeyFrom,
  signFeedFile,
  signatureMatches,
} from './sign-linux-feed.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const script = join(root, 'scripts', 'sign-linux-feed.mjs')
const temp = () => mkdtempSync(join(tmpdir(), 'sign-feed-'))

const sha512 = 'A'.repeat(86) + '=='
const feedText = `version: 1.2.3\nfiles:\n  - url: operately-tray-1.2.3-x86_64.AppImage\n    sha512: ${sha512}\n    size: 5\n`
function feedIn(dir: string) {
  const file = join(dir, 'latest-linux.yml')
  writeFileSync(file, feedText)
  return file
}

/** Runs the script as the workflow does, with only the environment given (no inherited secret). */
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', ...env },
  })

describe('signing the Linux feed', () => {
  it('writes a signature beside the feed that the app itself accepts', () => {
    const pair = generateKeyPair()
    const feed = feedIn(temp())
    const written = signFeedFile(feed, {
      env: { [keyVariable]: pair.privateKey },
      publicKeyPem: pair.publicKey,
    })
    expect(written).toBe(`${feed}.sig`)
    const signature = readFileSync(written)
    expect(signature.toString()).toMatch(/^[A-Za-z0-9+/]{86}==\n$/)
    expect(verifyFeedSignature(readFileSync(feed), signature, pair.publicKey)).toMatchObject({ ok: true })
  })

  it('refuses without the key, says why, and writes nothing', () => {
    const feed = feedIn(temp())
    for (const env of [{}, { [keyVariable]: '' }, { [keyVariable]: '  \n' }] as Record<string, string>[]) {
      const result = run([feed], env)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(
        `::error::${keyVariable} is not set: the Linux update feed cannot be signed, and installed copies refuse an unsigned feed.`,
      )
      expect(existsSync(`${feed}.sig`)).toBe(false)
    }
  })

  it('refuses a key that is not the other half of the key built into the app', () => {
    const feed = feedIn(temp())
    const result = run([feed], { [keyVariable]: generateKeyPair().privateKey })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      `::error::${keyVariable} is not the private half of the public key in src/main/services/updates/linux-feed-key.ts`,
    )
    expect(existsSync(`${feed}.sig`)).toBe(false)
  })

  it('refuses something that is not an ed25519 private key, without printing it', () => {
    expect(() => privateKeyFrom('not a key')).toThrow(`${keyVariable} is not a PEM private key.`)
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    expect(() => privateKeyFrom(rsa)).toThrow(`${keyVariable} is a rsa key; the feed is signed with ed25519.`)
  })

  it('reads signatures as strictly as the app does', () => {
    const pair = generateKeyPair()
    const feed = feedIn(temp())
    const signature = readFileSync(
      signFeedFile(feed, { env: { [keyVariable]: pair.privateKey }, publicKeyPem: pair.publicKey }),
      'latin1',
    )
    const bytes = readFileSync(feed)
    expect(signatureMatches(bytes, signature, pair.publicKey)).toBe(true)
    expect(signatureMatches(bytes, `${signature.trim()}!`, pair.publicKey)).toBe(false)
    expect(signatureMatches(Buffer.from(`${feedText} `), signature, pair.publicKey)).toBe(false)
    expect(signatureMatches(bytes, signature, generateKeyPair().publicKey)).toBe(false)
  })
})

describe('checking the key before building (the release preflight)', () => {
  it('passes the right key, and refuses a missing or wrong one with the reason', () => {
    const pair = generateKeyPair()
    expect(() =>
      checkSigningKey({ env: { [keyVariable]: pair.privateKey }, publicKeyPem: pair.publicKey }),
    ).not.toThrow()
    expect(() => checkSigningKey({ env: {}, publicKeyPem: pair.publicKey })).toThrow(
      `${keyVariable} is not set`,
    )
    expect(() =>
      checkSigningKey({ env: { [keyVariable]: generateKeyPair().privateKey }, publicKeyPem: pair.publicKey }),
    ).toThrow(`${keyVariable} is not the private half of the public key`)
  })

  it('fails the step from the command line without the secret, or with another key', () => {
    const result = run(['--check-key'])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`::error::${keyVariable} is not set`)
    const wrong = run(['--check-key'], { [keyVariable]: generateKeyPair().privateKey })
    expect(wrong.status).toBe(1)
    expect(wrong.stderr).toContain('is not the private half of the public key')
  })
})

describe('a new key pair for maintainers', () => {
  it('writes the private key readable by its owner only, prints the public key, and never overwrites', () => {
    const file = join(temp(), 'feed-key.pem')
    const result = run(['--generate', file])
    expect(result.status).toBe(0)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const publicKey = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----\n/.exec(result.stdout)?.[0]
    expect(publicKey).toBeDefined()
    expect(result.stdout).not.toContain('PRIVATE KEY')
    // The two halves belong together.
    const feed = feedIn(temp())
    signFeedFile(feed, { env: { [keyVariable]: readFileSync(file, 'utf8') }, publicKeyPem: publicKey! })
    expect(existsSync(`${feed}.sig`)).toBe(true)

    const before = readFileSync(file, 'utf8')
    const again = run(['--generate', file])
    expect(again.status).toBe(1)
    expect(again.stderr).toContain('already exists; not overwriting a key.')
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})

it('reads the same public key the app is built with', () => {
  expect(builtInPublicKey()).toBe(linuxFeedPublicKey)
})
