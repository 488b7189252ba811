#!/usr/bin/env node
// Signs the Linux update feed (latest-linux.yml) with the project's ed25519 key, so installed AppImages can
// tell a feed the project wrote from one the feed host (or anyone who can write there) made up: the feed
// carries the AppImage's SHA-512, so whoever writes the feed decides what gets installed
// (src/main/services/updates/linux-feed-signature.ts checks it; docs/release.md, "The Linux update feed").
//
//   LINUX_FEED_SIGNING_KEY="$(cat key.pem)" node scripts/sign-linux-feed.mjs <folder>/latest-linux.yml
//       writes <feed>.sig beside it (the base64 ed25519 signature of the feed's exact bytes), then checks it
//       against the public key built into the app; refuses without the key, or with a key that is not the
//       built-in one's other half (the published apps would refuse every update)
//   LINUX_FEED_SIGNING_KEY=… node scripts/sign-linux-feed.mjs --check-key
//       only checks the key (set, ed25519, the built-in public key's other half): the release's preflight,
//       so a missing or wrong secret stops the release before the installers are built, not after
//   node scripts/sign-linux-feed.mjs --generate <private key file>
//       makes a new key pair: writes the private key (PKCS#8 PEM, mode 0600, never over an existing file)
//       and prints the public key to paste into src/main/services/updates/linux-feed-key.ts
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The environment variable (a CI secret) holding the private key as PEM. */
export const keyVariable = 'LINUX_FEED_SIGNING_KEY'

/** Where the app's copy of the public key lives; read as text so this script needs no TypeScript. */
export const publicKeyModule = 'src/main/services/updates/linux-feed-key.ts'

/** The public key PEM built into the app. */
export function builtInPublicKey(dir = root) {
  const source = readFileSync(resolve(dir, publicKeyModule), 'utf8')
  const pem = /-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----/.exec(source)
  if (!pem) throw new Error(`${publicKeyModule} holds no public key PEM.`)
  return `${pem[0]}\n`
}

/** The private key from the variable's PEM; an error that says what is wrong, never echoing the key. */
export function privateKeyFrom(pem) {
  if (!pem || pem.trim() === '') {
    throw new Error(
      `${keyVariable} is not set: the Linux update feed cannot be signed, and installed copies refuse an unsigned feed. Set the repository secret (docs/release.md, "The Linux update feed").`,
    )
  }
  let key
  try {
    key = createPrivateKey(pem)
  } catch {
    throw new Error(`${keyVariable} is not a PEM private key.`)
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${keyVariable} is a ${key.asymmetricKeyType} key; the feed is signed with ed25519.`)
  }
  return key
}

/** The signature file's text: base64 of the 64-byte ed25519 signature over the feed's bytes. */
export function signFeed(feed, privateKey) {
  return `${sign(null, feed, privateKey).toString('base64')}\n`
}

/**
 * Whether `signatureText` is a signature of `feed` by the key `publicKeyPem`, read as strictly as the app
 * reads it (src/main/services/updates/linux-feed-signature.ts): base64 of 64 bytes, nothing else.
 */
export function signatureMatches(feed, signatureText, publicKeyPem) {
  const text = signatureText.trim()
  if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) return false
  return verify(null, feed, createPublicKey(publicKeyPem), Buffer.from(text, 'base64'))
}

/** A new key pair, both halves as PEM. */
export function generateKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }),
  }
}

/** Throws with the reason unless the variable holds the private half of `publicKeyPem`. */
export function checkSigningKey({ env = process.env, publicKeyPem = builtInPublicKey() } = {}) {
  const probe = Buffer.from('operately-tray linux feed signing key check')
  if (!signatureMatches(probe, signFeed(probe, privateKeyFrom(env[keyVariable])), publicKeyPem)) {
    throw new Error(
      `${keyVariable} is not the private half of the public key in ${publicKeyModule}: installed copies would refuse this feed.`,
    )
  }
}

/** Signs `feedFile` into `feedFile`.sig; throws with the reason when it cannot or must not. */
export function signFeedFile(feedFile, { env = process.env, publicKeyPem = builtInPublicKey() } = {}) {
  const privateKey = privateKeyFrom(env[keyVariable])
  const feed = readFileSync(feedFile)
  const signature = signFeed(feed, privateKey)
  if (!signatureMatches(feed, signature, publicKeyPem)) {
    throw new Error(
      `${keyVariable} is not the private half of the public key in ${publicKeyModule}: installed copies would refuse this feed.`,
    )
  }
  writeFileSync(`${feedFile}.sig`, signature)
  return `${feedFile}.sig`
}

function main(args) {
  if (args[0] === '--generate' && args.length === 2) {
    const file = resolve(args[1])
    if (existsSync(file)) {
      console.error(`${file} already exists; not overwriting a key.`)
      return 1
    }
    const pair = generateKeyPair()
    // wx: created here, never through a file or link someone else put in its place.
    writeFileSync(file, pair.privateKey, { mode: 0o600, flag: 'wx' })
    console.log(`Private key written to ${file} (mode 0600). Store it as the ${keyVariable} secret.`)
    console.log(`Public key, for ${publicKeyModule}:\n${pair.publicKey}`)
    return 0
  }
  if (args.length === 1 && args[0] === '--check-key') {
    try {
      checkSigningKey()
      console.log(`${keyVariable} is set and matches the public key built into the app.`)
      return 0
    } catch (err) {
      console.error(`::error::${err.message}`)
      return 1
    }
  }
  if (args.length === 1 && !args[0].startsWith('--')) {
    try {
      const written = signFeedFile(resolve(args[0]))
      console.log(`Signed ${args[0]}: ${written}`)
      return 0
    } catch (err) {
      console.error(`::error::${err.message}`)
      return 1
    }
  }
  console.error(
    'Usage: node scripts/sign-linux-feed.mjs <latest-linux.yml> | --check-key | --generate <private key file>',
  )
  return 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)))
}
