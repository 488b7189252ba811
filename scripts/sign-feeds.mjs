#!/usr/bin/env node
// Signs the update feeds (latest.yml, latest-mac.yml, latest-linux.yml) with the project's ed25519 key, so
// installed copies can tell a feed the project wrote from one the feed host (or anyone who can write
// there) made up: the feed names the installer's SHA-512 and its version, so whoever writes it decides
// what gets installed (src/main/services/updates/feed-signature.ts checks it; docs/release.md,
// "Update feed keys").
//
//   FEED_SIGNING_KEY="$(cat key.pem)" node scripts/sign-feeds.mjs <dir>/latest.yml <dir>/latest-mac.yml …
//       writes <feed>.sig beside each: the key's id, the feed's name and SHA-512, and the ed25519 signature
//       of those three lines; refuses without the key, or with a key whose public half the app does not
//       list (the published apps would refuse every update)
//   FEED_SIGNING_KEY=… node scripts/sign-feeds.mjs --check-key
//       only checks the key (set, ed25519, listed in the app): the release's preflight, so a missing or
//       wrong secret stops the release before the installers are built, not after
//   node scripts/sign-feeds.mjs --generate <private key file>
//       makes a new key pair: writes the private key (PKCS#8 PEM, mode 0600, never over an existing file)
//       and prints the public key and its id, to add to src/main/services/updates/feed-keys.ts
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The environment variable (a CI secret) holding the private key as PEM. */
export const keyVariable = 'FEED_SIGNING_KEY'

/** Where the app's list of public keys lives; read as text so this script needs no TypeScript. */
export const publicKeyModule = 'src/main/services/updates/feed-keys.ts'

/** Every public key PEM the app lists. */
export function builtInPublicKeys(dir = root) {
  const source = readFileSync(resolve(dir, publicKeyModule), 'utf8')
  const pems = source.match(/-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+?-----END PUBLIC KEY-----/g) ?? []
  if (pems.length === 0) throw new Error(`${publicKeyModule} holds no public key PEM.`)
  return pems.map((pem) => `${pem}\n`)
}

/** The id a signature names its key by (as feedKeyId in feed-signature.ts): SHA-256 of the SPKI, 16 hex. */
export function keyId(publicKey) {
  // A public KeyObject as it is; a PEM, or a private key's public half, through createPublicKey.
  const key =
    typeof publicKey === 'object' && publicKey.type === 'public' ? publicKey : createPublicKey(publicKey)
  const der = key.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(der).digest('hex').slice(0, 16)
}

/** The private key from the variable's PEM; an error that says what is wrong, never echoing the key. */
export function privateKeyFrom(pem) {
  if (!pem || pem.trim() === '') {
    throw new Error(
      `${keyVariable} is not set: the update feeds cannot be signed, and installed copies refuse an unsigned feed. Set the repository secret (docs/release.md, "Update feed keys").`,
    )
  }
  let key
  try {
    key = createPrivateKey(pem)
  } catch {
    throw new Error(`${keyVariable} is not a PEM private key.`)
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${keyVariable} is a ${key.asymmetricKeyType} key; the feeds are signed with ed25519.`)
  }
  return key
}

const signedLines = (id, feedName, sha512) => `key: ${id}\nfile: ${feedName}\nsha512: ${sha512}\n`

/** The .sig file's text for `feed` (its bytes) published as `feedName`. */
export function signFeed(feed, feedName, privateKey) {
  const lines = signedLines(
    keyId(createPublicKey(privateKey)),
    feedName,
    createHash('sha512').update(feed).digest('base64'),
  )
  return `${lines}signature: ${sign(null, Buffer.from(lines), privateKey).toString('base64')}\n`
}

/**
 * Whether `signatureText` signs `feed` as `feedName` with one of `publicKeyPems`, read as strictly as the
 * app reads it (feed-signature.ts); release-files.mjs checks the release folder with it.
 */
export function signatureMatches(feed, feedName, signatureText, publicKeyPems) {
  const parts =
    /^key: ([0-9a-f]{16})\nfile: ([^\n]+)\nsha512: ([A-Za-z0-9+/]{86}==)\nsignature: ([A-Za-z0-9+/]{86}==)\n?$/.exec(
      signatureText,
    )
  if (!parts) return false
  const [, id, name, sha512, signature] = parts
  const key = publicKeyPems.find((pem) => keyId(pem) === id)
  if (!key || name !== feedName || createHash('sha512').update(feed).digest('base64') !== sha512) return false
  return verify(
    null,
    Buffer.from(signedLines(id, name, sha512)),
    createPublicKey(key),
    Buffer.from(signature, 'base64'),
  )
}

/** A new key pair, both halves as PEM, and the id signatures will name it by. */
export function generateKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }),
    id: keyId(publicKey),
  }
}

const notListed = () =>
  new Error(
    `${keyVariable}'s public half is not listed in ${publicKeyModule}: installed copies would refuse these feeds.`,
  )

/** Throws with the reason unless the variable holds the private half of a listed key. */
export function checkSigningKey({ env = process.env, publicKeyPems = builtInPublicKeys() } = {}) {
  const privateKey = privateKeyFrom(env[keyVariable])
  const probe = Buffer.from('operately-tray update feed signing key check')
  if (!signatureMatches(probe, 'probe', signFeed(probe, 'probe', privateKey), publicKeyPems))
    throw notListed()
}

/** Signs each feed file into <file>.sig; throws with the reason, writing nothing, when it cannot or must not. */
export function signFeedFiles(feedFiles, { env = process.env, publicKeyPems = builtInPublicKeys() } = {}) {
  const privateKey = privateKeyFrom(env[keyVariable])
  const signed = feedFiles.map((file) => {
    const feed = readFileSync(file)
    const signature = signFeed(feed, basename(file), privateKey)
    if (!signatureMatches(feed, basename(file), signature, publicKeyPems)) throw notListed()
    return { file: `${file}.sig`, signature }
  })
  for (const { file, signature } of signed) writeFileSync(file, signature)
  return signed.map(({ file }) => file)
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
    console.log(`Key id ${pair.id}. Public key, for ${publicKeyModule}:\n${pair.publicKey}`)
    return 0
  }
  if (args.length === 1 && args[0] === '--check-key') {
    try {
      checkSigningKey()
      console.log(`${keyVariable} is set and its public half is listed in the app.`)
      return 0
    } catch (err) {
      console.error(`::error::${err.message}`)
      return 1
    }
  }
  if (args.length > 0 && !args.some((arg) => arg.startsWith('--'))) {
    try {
      for (const written of signFeedFiles(args.map((arg) => resolve(arg)))) console.log(`Signed: ${written}`)
      return 0
    } catch (err) {
      console.error(`::error::${err.message}`)
      return 1
    }
  }
  console.error(
    'Usage: node scripts/sign-feeds.mjs <feed.yml>… | --check-key | --generate <private key file>',
  )
  return 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)))
}
