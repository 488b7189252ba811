import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type RequestOptions, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CancellationToken, type UpdateInfo } from 'builder-util-runtime'
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js'
import type { Provider } from 'electron-updater/out/providers/Provider.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  feedKeyId,
  feedSignatureRefusal,
  fileMatchesFeed,
  notNewerFeed,
  signedLines,
  type VerifiedFeed,
} from '../services/updates/feed-signature'
import { FeedRefused, verifiedFeedProvider } from './verified-feed'

// The verify-then-download decision end to end, over real HTTP, for each system's feed: a feed host on
// 127.0.0.1 serves the feed, its .sig and the installer; the provider electron-updater is given reads
// them through electron-updater's own HTTP client (with Node's http in place of Electron's net, which only
// exists in Electron), and the installer is downloaded the way electron-updater downloads it, with the
// SHA-512 the verified feed gave. "Nothing downloaded" is read from the host's own request log.

/** electron-updater's HTTP client, sending its requests with Node's http instead of Electron's net. */
class NodeHttpExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void) {
    // A fresh connection each time, as each test changes what the host serves.
    return request({ ...options, agent: false }, callback) as unknown as Electron.ClientRequest
  }
}

const keys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  return { privateKey, publicKeyPem, id: feedKeyId(publicKeyPem) }
}
const projectKey = keys()
const rotatedInKey = keys()
const strangerKey = keys()

const sha512 = (data: Uint8Array) => createHash('sha512').update(data).digest('base64')

/** Each system's feed as electron-builder names it, with the installer electron-updater downloads. */
const systems = [
  { platform: 'linux', feedName: 'latest-linux.yml', installer: 'operately-tray-1.2.3-x86_64.AppImage' },
  { platform: 'darwin', feedName: 'latest-mac.yml', installer: 'operately-tray-1.2.3-universal-mac.zip' },
  { platform: 'win32', feedName: 'latest.yml', installer: 'operately-tray-setup-1.2.3.exe' },
] as const

const running = '1.2.2'
const base = '/releases/latest/download'

const feedText = (installer: string, body: Uint8Array, version = '1.2.3') =>
  [
    `version: ${version}`,
    'files:',
    `  - url: ${installer}`,
    `    sha512: ${sha512(body)}`,
    `    size: ${body.length}`,
    `path: ${installer}`,
    `sha512: ${sha512(body)}`,
    "releaseDate: '2026-11-26T09:00:00.000Z'",
    '',
  ].join('\n')

/** The .sig file as scripts/sign-feeds.mjs writes it. */
function signatureOf(
  feed: Uint8Array,
  feedName: string,
  key: { privateKey: KeyObject; id: string } = projectKey,
  namedHash = sha512(feed),
) {
  const lines = signedLines(key.id, feedName, namedHash)
  return Buffer.from(
    `${lines}signature: ${sign(null, Buffer.from(lines), key.privateKey).toString('base64')}\n`,
  )
}

/** What the feed host serves, by path; changed by each test. */
const served = new Map<string, Buffer>()
/** Paths the host answers with a body that does not end (64 MB, sent as fast as the app reads it). */
const bottomless = new Set<string>()
const bottomlessSize = 64 * 1024 * 1024
let bottomlessSent = 0
/** Paths the host redirects, to another path (GitHub's releases/latest/download/ does so for every file). */
const redirected = new Map<string, string>()
const requested: string[] = []
const queries: string[] = []
let server: Server
let feedUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    requested.push(path)
    queries.push(url.search)
    const location = redirected.get(path)
    if (location) {
      res.writeHead(302, { location }).end()
      return
    }
    if (bottomless.has(path)) {
      const chunk = Buffer.alloc(64 * 1024, 'A')
      let closed = false
      res.on('close', () => (closed = true))
      res.writeHead(200)
      const pump = () => {
        while (!closed && bottomlessSent < bottomlessSize) {
          bottomlessSent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        if (!closed) res.end()
      }
      pump()
      return
    }
    const body = served.get(path)
    if (!body) {
      res.writeHead(404).end('Not Found')
      return
    }
    res.writeHead(200, { 'content-length': body.length }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const executor = new NodeHttpExecutor()

describe.each(systems)('the $feedName update feed ($platform), served over HTTP', (system) => {
  const installer = Buffer.from(`the 1.2.3 installer for ${system.platform}\n`)
  const feed = Buffer.from(feedText(system.installer, installer))
  const feedPath = `${base}/${system.feedName}`
  const installerPath = `${base}/${system.installer}`
  let verified: VerifiedFeed | null = null

  beforeEach(() => {
    served.clear()
    bottomless.clear()
    bottomlessSent = 0
    redirected.clear()
    requested.length = 0
    queries.length = 0
    verified = null
    served.set(feedPath, feed)
    served.set(`${feedPath}.sig`, signatureOf(feed, system.feedName))
    served.set(installerPath, installer)
  })

  function provider(publicKeys = [projectKey.publicKeyPem]): Provider<UpdateInfo> {
    const Verified = verifiedFeedProvider({
      publicKeys,
      currentVersion: running,
      onVerified: (accepted) => (verified = accepted),
    })
    return new Verified(
      { provider: 'custom', url: feedUrl } as never,
      { isAddNoCacheQuery: true },
      { isUseMultipleRangeRequest: false, platform: system.platform, executor },
    )
  }

  /** What electron-updater does once the check found an update: download with the feed's SHA-512. */
  async function downloadUpdate(feedProvider: Provider<UpdateInfo>, info: UpdateInfo) {
    const file = feedProvider.resolveFiles(info)[0]
    if (!file) throw new Error('the feed names no file')
    const destination = join(mkdtempSync(join(tmpdir(), 'update-')), system.installer)
    await executor.download(file.url, destination, {
      sha512: file.info.sha512,
      cancellationToken: new CancellationToken(),
    })
    return destination
  }

  /** The check is refused with `reason`, and only the feed and its signature were asked for. */
  async function expectRefused(feedProvider: Provider<UpdateInfo>, reason: string | RegExp) {
    const error = await feedProvider.getLatestVersion().then(
      () => null,
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(FeedRefused)
    expect((error as Error).message).toMatch(reason)
    expect(verified).toBeNull()
    expect(requested).toEqual([feedPath, `${feedPath}.sig`])
    return error as FeedRefused
  }

  it('is used when signed with a key built into the app, and its installer downloads', async () => {
    const feedProvider = provider()
    const info = await feedProvider.getLatestVersion()
    expect(info.version).toBe('1.2.3')
    expect(verified?.text).toBe(feed.toString())
    const file = await downloadUpdate(feedProvider, info)
    expect(readFileSync(file)).toEqual(installer)
    expect(fileMatchesFeed(verified!, file)).toBeNull()
  })

  it('is refused, with nothing downloaded, when it is not signed', async () => {
    served.delete(`${feedPath}.sig`)
    await expectRefused(provider(), new RegExp(`^${feedSignatureRefusal}: its signature could not be read`))
  })

  it('is refused, with nothing downloaded, when signed by a key the app does not list', async () => {
    served.set(`${feedPath}.sig`, signatureOf(feed, system.feedName, strangerKey))
    await expectRefused(
      provider(),
      `${feedSignatureRefusal}: it was signed with a key this app does not know (key ${strangerKey.id})`,
    )
  })

  it("is refused, with nothing downloaded, when its signature names another file's SHA-512", async () => {
    // An older release's genuine installer labelled as new: the attacker's feed, the project's old signature.
    const older = Buffer.from(feedText(system.installer, Buffer.from('the 1.0.0 installer'), '9.9.9'))
    served.set(feedPath, older)
    await expectRefused(provider(), `${feedSignatureRefusal}: its signature names another file's SHA-512`)
  })

  it('is refused, with nothing downloaded, when its signature is for another system’s feed', async () => {
    const other = systems.find((s) => s.feedName !== system.feedName)!.feedName
    served.set(`${feedPath}.sig`, signatureOf(feed, other))
    await expectRefused(
      provider(),
      `${feedSignatureRefusal}: its signature is for ${other}, not ${system.feedName}`,
    )
  })

  it('is refused, with nothing downloaded, when genuine but not newer than the running version (a replay)', async () => {
    for (const version of [running, '1.0.0']) {
      requested.length = 0
      const replayed = Buffer.from(feedText(system.installer, installer, version))
      served.set(feedPath, replayed)
      served.set(`${feedPath}.sig`, signatureOf(replayed, system.feedName))
      const refusal = await expectRefused(
        provider(),
        `${notNewerFeed}: it offers ${version}, this is ${running}`,
      )
      // When the replayed feed was released: the shell logs it, so a feed stuck in the past shows.
      expect(refusal.verdict).toMatchObject({
        kind: 'not-newer',
        version,
        releaseDate: '2026-11-26T09:00:00.000Z',
      })
    }
  })

  it('is used when signed by a rotated-in key the app lists beside the old one', async () => {
    served.set(`${feedPath}.sig`, signatureOf(feed, system.feedName, rotatedInKey))
    const feedProvider = provider([projectKey.publicKeyPem, rotatedInKey.publicKeyPem])
    const info = await feedProvider.getLatestVersion()
    expect(info.version).toBe('1.2.3')
    expect(readFileSync(await downloadUpdate(feedProvider, info))).toEqual(installer)
  })

  it('refuses an installer changed after the feed was signed', async () => {
    const tampered = Buffer.from(installer)
    tampered[0] = tampered[0]! ^ 1
    served.set(installerPath, tampered)
    const feedProvider = provider()
    const info = await feedProvider.getLatestVersion()
    await expect(downloadUpdate(feedProvider, info)).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' })
  })

  it('asks for the feed and its signature past any cache', async () => {
    await provider().getLatestVersion()
    // A cache between the app and the host must not pair a fresh feed with a stale signature.
    expect(requested).toEqual([feedPath, `${feedPath}.sig`])
    expect(queries).toEqual([
      expect.stringMatching(/^\?noCache=\w+$/),
      expect.stringMatching(/^\?noCache=\w+$/),
    ])
  })

  // A feed host that answers with a body that never ends: the app must not hold it (electron-updater's
  // own reader keeps up to 500 MB of it in memory, then a string of as much for the signature).
  it.each(['signature', 'feed'] as const)(
    'is refused once a %s is larger than any genuine one, without reading the rest',
    async (which) => {
      bottomless.add(which === 'feed' ? feedPath : `${feedPath}.sig`)
      const error = await provider()
        .getLatestVersion()
        .then(
          () => null,
          (err: unknown) => err,
        )
      const sentWhenRefused = bottomlessSent
      // What the host had sent when the app gave up: no more than the sockets hold in flight.
      expect(sentWhenRefused).toBeLessThan(24 * 1024 * 1024)
      expect(error).toBeInstanceOf(Error)
      if (which === 'signature') expect((error as Error).message).toMatch(feedSignatureRefusal)
      expect((error as Error).message).toMatch(/larger than/)
      expect(verified).toBeNull()
    },
  )

  it('follows the host’s redirects for the feed and its signature, and verifies what is at the end', async () => {
    for (const path of [feedPath, `${feedPath}.sig`]) {
      served.set(`/assets${path}`, served.get(path)!)
      served.delete(path)
      redirected.set(path, `/assets${path}`)
    }
    expect((await provider().getLatestVersion()).version).toBe('1.2.3')
    expect(requested).toEqual([feedPath, `/assets${feedPath}`, `${feedPath}.sig`, `/assets${feedPath}.sig`])
  })
})
