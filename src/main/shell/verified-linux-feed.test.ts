import { createHash, generateKeyPairSync, sign } from 'node:crypto'
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
  feedSignatureRefusal,
  fileMatchesFeed,
  type VerifiedFeed,
} from '../services/updates/linux-feed-signature'
import { verifiedLinuxFeedProvider } from './verified-linux-feed'

// The verify-then-download decision end to end, over real HTTP: a feed host on 127.0.0.1 serves
// latest-linux.yml, its .sig and the AppImage; the provider electron-updater is given reads them through
// electron-updater's own HTTP client (with Node's http in place of Electron's net, which only exists in
// Electron), and the AppImage is downloaded the way AppImageUpdater downloads it, with the SHA-512 the
// verified feed gave.

/** electron-updater's HTTP client, sending its requests with Node's http instead of Electron's net. */
class NodeHttpExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void) {
    // A fresh connection each time, as each test changes what the host serves.
    return request({ ...options, agent: false }, callback) as unknown as Electron.ClientRequest
  }
}

const keys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}
const projectKey = keys()
const strangerKey = keys()

const appImageName = 'operately-tray-1.2.3-x86_64.AppImage'
const appImage = Buffer.from('#!/bin/sh\necho the 1.2.3 AppImage\n')
const sha512 = (data: Uint8Array) => createHash('sha512').update(data).digest('base64')
const feedText = [
  'version: 1.2.3',
  'files:',
  `  - url: ${appImageName}`,
  `    sha512: ${sha512(appImage)}`,
  `    size: ${appImage.length}`,
  `path: ${appImageName}`,
  `sha512: ${sha512(appImage)}`,
  "releaseDate: '2026-11-26T09:00:00.000Z'",
  '',
].join('\n')
const signatureOf = (data: Uint8Array, key = projectKey.privateKey) =>
  Buffer.from(`${sign(null, data, key).toString('base64')}\n`)

/** What the feed host serves, by path; changed by each test. */
const served = new Map<string, Buffer>()
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
    const body = served.get(path)
    if (!body) {
      res.writeHead(404).end('Not Found')
      return
    }
    res.writeHead(200, { 'content-length': body.length }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/latest/download`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  served.clear()
  requested.length = 0
  queries.length = 0
  const feed = Buffer.from(feedText)
  served.set('/releases/latest/download/latest-linux.yml', feed)
  served.set('/releases/latest/download/latest-linux.yml.sig', signatureOf(feed))
  served.set(`/releases/latest/download/${appImageName}`, appImage)
})

const executor = new NodeHttpExecutor()
let verified: VerifiedFeed | null = null
function provider(): Provider<UpdateInfo> {
  verified = null
  const VerifiedLinuxFeed = verifiedLinuxFeedProvider({
    publicKeyPem: projectKey.publicKeyPem,
    onVerified: (feed) => (verified = feed),
  })
  return new VerifiedLinuxFeed(
    { provider: 'custom', url: feedUrl } as never,
    { isAddNoCacheQuery: true },
    { isUseMultipleRangeRequest: false, platform: 'linux', executor },
  )
}

/** What AppImageUpdater does once the check has found an update: download with the feed's SHA-512. */
async function downloadUpdate(feedProvider: Provider<UpdateInfo>, info: UpdateInfo) {
  const file = feedProvider.resolveFiles(info).find((entry) => entry.url.pathname.endsWith('.AppImage'))
  if (!file) throw new Error('the feed names no AppImage')
  const destination = join(mkdtempSync(join(tmpdir(), 'appimage-')), appImageName)
  await executor.download(file.url, destination, {
    sha512: file.info.sha512,
    cancellationToken: new CancellationToken(),
  })
  return destination
}

const feedPath = '/releases/latest/download/latest-linux.yml'

describe('the Linux update feed, served over HTTP', () => {
  it('is used when it is signed with the key built into the app, and its AppImage downloads', async () => {
    const feedProvider = provider()
    const info = await feedProvider.getLatestVersion()
    expect(info.version).toBe('1.2.3')
    expect(verified?.text).toBe(feedText)
    const file = await downloadUpdate(feedProvider, info)
    expect(readFileSync(file)).toEqual(appImage)
    expect(fileMatchesFeed(verified!, file)).toBeNull()
  })

  it('is refused, with nothing downloaded, when one byte of it was changed after signing', async () => {
    const tampered = Buffer.from(feedText)
    tampered[feedText.indexOf('1.2.3') + 4] = '4'.charCodeAt(0)
    served.set(feedPath, tampered)
    await expect(provider().getLatestVersion()).rejects.toThrow(feedSignatureRefusal)
    expect(verified).toBeNull()
    expect(requested).toEqual([feedPath, `${feedPath}.sig`])
  })

  it('is refused when it was signed with another key', async () => {
    served.set(`${feedPath}.sig`, signatureOf(Buffer.from(feedText), strangerKey.privateKey))
    await expect(provider().getLatestVersion()).rejects.toThrow(
      `${feedSignatureRefusal}: it was not signed with the key built into this app`,
    )
  })

  it('is refused when its signature is missing or malformed', async () => {
    served.delete(`${feedPath}.sig`)
    await expect(provider().getLatestVersion()).rejects.toThrow(
      new RegExp(
        `^${feedSignatureRefusal}: its signature could not be read \\(Cannot download .*, status 404`,
      ),
    )
    served.set(`${feedPath}.sig`, Buffer.from('<html>Moved</html>'))
    await expect(provider().getLatestVersion()).rejects.toThrow(
      `${feedSignatureRefusal}: its signature file is not an ed25519 signature`,
    )
    expect(requested.some((path) => path.endsWith('.AppImage'))).toBe(false)
  })

  it('refuses an AppImage that was changed after the feed was signed', async () => {
    const tampered = Buffer.from(appImage)
    tampered[tampered.length - 2] = tampered[tampered.length - 2]! ^ 1
    served.set(`/releases/latest/download/${appImageName}`, tampered)
    const feedProvider = provider()
    const info = await feedProvider.getLatestVersion()
    await expect(downloadUpdate(feedProvider, info)).rejects.toMatchObject({
      code: 'ERR_CHECKSUM_MISMATCH',
    })
    // And the app's own check, run before an update is offered, refuses such a file too.
    const file = join(mkdtempSync(join(tmpdir(), 'appimage-')), appImageName)
    await executor.download(new URL(`${feedUrl}/${appImageName}`), file, {
      cancellationToken: new CancellationToken(),
    })
    expect(fileMatchesFeed(verified!, file)).toBe(
      'refused: the downloaded AppImage’s SHA-512 is not the one in the signed update feed',
    )
  })

  it('asks for the feed and its signature past any cache, and nothing else', async () => {
    await provider().getLatestVersion()
    expect(requested).toEqual([feedPath, `${feedPath}.sig`])
    // A cache between the app and the host must not pair a fresh feed with a stale signature.
    expect(queries).toEqual([
      expect.stringMatching(/^\?noCache=\w+$/),
      expect.stringMatching(/^\?noCache=\w+$/),
    ])
  })
})
