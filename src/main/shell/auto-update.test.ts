import { createHash, createPublicKey, generateKeyPairSync, sign } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { emptyPolicy, type Policy } from '../services/policy/load-policy'
import { createSettingsService } from '../services/settings/settings-service'
import { feedKeyId, signedLines } from '../services/updates/feed-signature'
import type { Timers } from '../services/updates/update-schedule'
import type { UpdateSupport } from '../services/updates/update-support'
import { createWindowsSignatureCheck } from '../services/updates/windows-signature'
import {
  askToRestartWithDialog,
  startAutoUpdate,
  type AutoUpdateOptions,
  type UpdaterLike,
} from './auto-update'
import { dialog, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

/** The key pair a release signs the feed with; the app under test is built with its public half. */
const feedKey = generateKeyPairSync('ed25519')
const feedPublicKeyPem = feedKey.publicKey.export({ type: 'spki', format: 'pem' }).toString()

/** The .sig file scripts/sign-feeds.mjs writes for `feed`. */
function feedSignature(feed: Buffer, signingKey = feedKey.privateKey) {
  const publicPem = createPublicKey(signingKey).export({ type: 'spki', format: 'pem' }).toString()
  const lines = signedLines(
    feedKeyId(publicPem),
    'latest-linux.yml',
    createHash('sha512').update(feed).digest('base64'),
  )
  return Buffer.from(`${lines}signature: ${sign(null, Buffer.from(lines), signingKey).toString('base64')}\n`)
}

/** What a release puts on the feed host for Linux: the AppImage, latest-linux.yml naming it, its signature. */
function linuxRelease(version: string, signingKey = feedKey.privateKey) {
  const name = `operately-tray-${version}-x86_64.AppImage`
  const appImage = Buffer.from(`the ${version} AppImage`)
  const sha512 = createHash('sha512').update(appImage).digest('base64')
  const feed = Buffer.from(
    `version: ${version}\nfiles:\n  - url: ${name}\n    sha512: ${sha512}\n    size: ${appImage.length}\npath: ${name}\nreleaseDate: '2025-05-01T09:00:00.000Z'\n`,
  )
  const signature = feedSignature(feed, signingKey)
  return new Map([
    ['latest-linux.yml', feed],
    ['latest-linux.yml.sig', signature],
    [name, appImage],
  ])
}

/**
 * electron-updater's AppUpdater as far as the app sees it: a check emits the events a real check on a
 * generic feed emits, in the same order, for the scenario the test picked.
 */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false
  autoInstallOnAppQuit = false
  allowPrerelease = true
  allowDowngrade = true
  disableWebInstaller = false
  disableDifferentialDownload = false
  logger: UpdaterLike['logger'] = null
  updateConfigPath: string | null = null
  verifyUpdateCodeSignature?: UpdaterLike['verifyUpdateCodeSignature']
  feed: Parameters<NonNullable<UpdaterLike['setFeedURL']>>[0] | null = null
  /** Linux: the feed host's files by name; a signed release of the scenario's version unless a test set it. */
  host: Map<string, Buffer> | null = null
  checks = 0
  installs: [boolean | undefined, boolean | undefined][] = []
  journal: string[]
  scenario: { kind: 'none' } | { kind: 'update'; version: string } | { kind: 'offline' } = { kind: 'none' }

  constructor(journal: string[]) {
    super()
    this.journal = journal
  }
  /** The configuration electron-updater would read, from the file the app pointed it at. */
  config(): unknown {
    return this.updateConfigPath === null ? null : JSON.parse(readFileSync(this.updateConfigPath, 'utf8'))
  }
  setFeedURL(options: NonNullable<FakeUpdater['feed']>) {
    this.feed = options
  }
  /**
   * Linux: what electron-updater does with the provider the app set: reads the feed through it (a
   * refusal is an error and nothing is downloaded), then downloads the file it names. electron-updater
   * would also refuse a file whose SHA-512 differs; this fake hands it over, to show the app's own check.
   */
  private async downloadThroughFeed(version: string): Promise<string | undefined> {
    if (!this.feed) return undefined
    const host = this.host ?? linuxRelease(version)
    // What the provider's capped read (verified-feed.ts, readAtMost) uses of electron-updater's client.
    const executor = {
      createRequest: () => ({ abort: () => undefined }),
      doDownload(
        request: { path?: string },
        options: {
          callback: (error: Error | null) => void
          responseHandler: (response: EventEmitter, callback: (error: Error | null) => void) => void
        },
      ) {
        const path = (request.path ?? '/').split('?')[0]!
        const body = host.get(basename(path))
        if (!body) {
          options.callback(new Error(`Cannot download "${path}", status 404: Not Found`))
          return
        }
        const response = new EventEmitter()
        options.responseHandler(response, options.callback)
        response.emit('data', Buffer.from(body))
        response.emit('end')
      },
    }
    const provider = new this.feed.updateProvider(
      this.feed,
      { isAddNoCacheQuery: false },
      { isUseMultipleRangeRequest: false, platform: 'linux', executor: executor as never },
    )
    const info = await provider.getLatestVersion()
    const name = basename(provider.resolveFiles(info)[0]!.url.pathname)
    const file = join(mkdtempSync(join(tmpdir(), 'updater-cache-')), name)
    writeFileSync(file, host.get(name) ?? '')
    return file
  }
  async checkForUpdates() {
    this.checks++
    this.emit('checking-for-update')
    const scenario = this.scenario
    if (scenario.kind === 'offline') {
      const error = Object.assign(new Error('getaddrinfo ENOTFOUND updates.acme.example'), {
        code: 'ENOTFOUND',
      })
      this.emit('error', error)
      throw error
    }
    if (scenario.kind === 'none') {
      this.emit('update-not-available', { version: '0.1.0' })
      return { downloadPromise: null }
    }
    let downloadedFile: string | undefined
    try {
      downloadedFile = await this.downloadThroughFeed(scenario.version)
    } catch (error) {
      this.emit('error', error)
      throw error
    }
    this.emit('update-available', { version: scenario.version })
    this.emit('download-progress', { percent: 50 })
    this.emit('update-downloaded', { version: scenario.version, downloadedFile })
    return { downloadPromise: Promise.resolve([]) }
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.journal.push('quitAndInstall')
    this.installs.push([isSilent, isForceRunAfter])
  }
}

function manualTimers() {
  const pending = new Map<number, () => void>()
  let next = 1
  const timers: Timers & { pending: Map<number, () => void>; fire(): Promise<void> } = {
    pending,
    setTimeout(callback) {
      pending.set(next, callback)
      return next++
    },
    clearTimeout(handle) {
      pending.delete(handle as number)
    },
    async fire() {
      const [entry] = [...pending.entries()]
      if (!entry) throw new Error('no check is scheduled')
      pending.delete(entry[0])
      entry[1]()
      await settle()
    },
  }
  return timers
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

const appImage: UpdateSupport = { supported: true, kind: 'appimage' }
const builtInFeed = {
  provider: 'generic',
  url: 'https://updates.example/built-in/',
  updaterCacheDirName: 'operately-tray-updater',
}

async function setup(
  overrides: Partial<AutoUpdateOptions> & { policy?: Policy; answer?: boolean; updater?: FakeUpdater } = {},
) {
  const journal: string[] = []
  const updater = overrides.updater ?? new FakeUpdater(journal)
  const warnings: [string, Record<string, unknown> | undefined][] = []
  const timers = manualTimers()
  const settings = await createSettingsService({
    dataDir: mkdtempSync(join(tmpdir(), 'updates-')),
    policy: overrides.policy ?? emptyPolicy,
    log: silentLogger,
  })
  let loads = 0
  const asked: string[] = []
  const updates = startAutoUpdate({
    support: appImage,
    settings,
    platform: 'linux',
    builtInFeed,
    publisherNames: [],
    feedPublicKeys: [feedPublicKeyPem],
    currentVersion: '0.1.0',
    configPath: join(mkdtempSync(join(tmpdir(), 'updates-config-')), 'update-config.yml'),
    log: { ...silentLogger, warn: (message, fields) => void warnings.push([message, fields]) },
    timers,
    now: () => new Date('2025-06-01T10:00:00.000Z'),
    loadUpdater: async () => {
      loads++
      return updater
    },
    askToRestart: async (version) => {
      journal.push(`asked ${version}`)
      asked.push(version)
      return overrides.answer ?? false
    },
    beforeRestart: () => journal.push('beforeRestart'),
    ...overrides,
  })
  return { updates, updater, timers, settings, journal, asked, warnings, loads: () => loads }
}

beforeEach(() => resetFakeElectron())

describe('when updates must not run', () => {
  it('never loads the updater or checks when policy turns updates off', async () => {
    const { updates, timers, loads } = await setup({
      policy: { ...emptyPolicy, machine: { autoUpdate: false } },
    })
    expect(updates.status()).toEqual({
      state: 'disabled',
      reason: 'policy',
      message: 'Automatic updates are turned off by your organisation.',
    })
    expect(timers.pending.size).toBe(0)
    await updates.checkNow()
    expect(loads()).toBe(0)
  })

  it('never checks an MSI install, even with policy asking for updates', async () => {
    const { updates, timers, loads } = await setup({
      support: { supported: false, reason: 'msi' },
      policy: { ...emptyPolicy, machine: { autoUpdate: true } },
    })
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'msi' })
    await updates.checkNow()
    expect(timers.pending.size).toBe(0)
    expect(loads()).toBe(0)
  })

  it('never checks a .deb or .rpm install', async () => {
    const { updates, loads } = await setup({ support: { supported: false, reason: 'linux-package' } })
    await updates.checkNow()
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'linux-package' })
    expect(loads()).toBe(0)
  })

  it('does not look for updates without a feed to look in', async () => {
    const { updates, loads } = await setup({ builtInFeed: null })
    await updates.checkNow()
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'no-feed' })
    expect(loads()).toBe(0)
  })
})

describe('when updates run', () => {
  it('checks quietly after start, on the feed IT set, with safe updater settings', async () => {
    const { updates, updater, timers } = await setup({
      policy: { ...emptyPolicy, machine: { updateFeedUrl: 'https://updates.acme.example/tray/' } },
    })
    expect(updater.checks).toBe(0)
    await timers.fire()
    expect(updater.checks).toBe(1)
    expect(updater.config()).toEqual({
      provider: 'generic',
      url: 'https://updates.acme.example/tray/',
      updaterCacheDirName: 'operately-tray-updater',
    })
    expect(updater).toMatchObject({
      autoDownload: true,
      autoInstallOnAppQuit: true,
      allowPrerelease: false,
      allowDowngrade: false,
      disableWebInstaller: true,
    })
    expect(updates.status()).toEqual({ state: 'idle', lastCheckedAt: '2025-06-01T10:00:00.000Z' })
    // The next check is already scheduled.
    expect(timers.pending.size).toBe(1)
  })

  it('uses the feed built into the installer when policy names none', async () => {
    const { updater, timers } = await setup()
    await timers.fire()
    expect(updater.config()).toMatchObject({ url: 'https://updates.example/built-in/' })
    expect(updater.checks).toBe(1)
  })

  it('asks before restarting, and restarts only after "Restart now"', async () => {
    const { updates, updater, journal } = await setup({ answer: true })
    updater.scenario = { kind: 'update', version: '0.2.0' }
    await updates.checkNow()
    await settle()
    expect(journal).toEqual(['asked 0.2.0', 'beforeRestart', 'quitAndInstall'])
    expect(updater.installs).toEqual([[true, true]])
  })

  it('after "Later", keeps the update ready, does not ask again, and installs when asked from About', async () => {
    const { updates, updater, journal, timers } = await setup({ answer: false })
    updater.scenario = { kind: 'update', version: '0.2.0' }
    await updates.checkNow()
    await settle()
    expect(journal).toEqual(['asked 0.2.0'])
    expect(updates.status()).toEqual({
      state: 'downloaded',
      version: '0.2.0',
      lastCheckedAt: '2025-06-01T10:00:00.000Z',
    })
    // The next scheduled check does not download again or ask again.
    await timers.fire()
    expect(updater.checks).toBe(1)
    expect(journal).toEqual(['asked 0.2.0'])

    expect(updates.restartToUpdate()).toBe(true)
    expect(journal).toEqual(['asked 0.2.0', 'beforeRestart', 'quitAndInstall'])
  })

  it('has nothing to restart for while no update is ready', async () => {
    const { updates, updater } = await setup()
    await updates.checkNow()
    expect(updates.restartToUpdate()).toBe(false)
    expect(updater.installs).toEqual([])
  })

  it('says plainly when the update server cannot be reached, and tries again later', async () => {
    const { updates, updater, timers } = await setup()
    updater.scenario = { kind: 'offline' }
    await timers.fire()
    expect(updates.status()).toEqual({
      state: 'error',
      message: 'Could not reach the update server. Operately Tray will try again later.',
      lastCheckedAt: null,
    })
    updater.scenario = { kind: 'none' }
    await timers.fire()
    expect(updates.status()).toMatchObject({ state: 'idle' })
  })

  it('stops when the user turns updates off, and resumes when they turn them back on', async () => {
    const { updates, updater, timers, settings } = await setup()
    const states: string[] = []
    updates.subscribe((status) => states.push(status.state))
    await settings.update({ autoUpdate: false })
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'user' })
    expect(timers.pending.size).toBe(0)
    await updates.checkNow()
    expect(updater.checks).toBe(0)

    await settings.update({ autoUpdate: true })
    expect(timers.pending.size).toBe(1)
    await timers.fire()
    expect(updater.checks).toBe(1)
    expect(states).toEqual(['disabled', 'idle', 'checking', 'idle'])
  })

  it('reports an updater that cannot be loaded', async () => {
    const { updates } = await setup({
      loadUpdater: async () => {
        throw new Error('Cannot find module electron-updater')
      },
    })
    await updates.checkNow()
    expect(updates.status()).toMatchObject({ state: 'error' })
  })
})

describe('updates come from a signed feed (the Linux AppImage here; every system takes the same provider)', () => {
  it('reads the feed through the verified provider, on the decided address', async () => {
    const { updates, updater } = await setup()
    updater.scenario = { kind: 'update', version: '0.2.0' }
    await updates.checkNow()
    await settle()
    expect(updater.feed).toMatchObject({ provider: 'custom', url: 'https://updates.example/built-in/' })
    expect(updates.status()).toMatchObject({ state: 'downloaded', version: '0.2.0' })
    expect(updater.autoInstallOnAppQuit).toBe(true)
  })

  it('refuses a feed changed after signing: nothing downloaded, nothing asked, and it says why', async () => {
    const { updates, updater, asked, warnings } = await setup({ answer: true })
    updater.scenario = { kind: 'update', version: '0.2.0' }
    updater.host = linuxRelease('0.2.0')
    const feed = updater.host.get('latest-linux.yml')!
    updater.host.set('latest-linux.yml', Buffer.from(feed.toString().replace('0.2.0', '0.2.1')))
    await updates.checkNow()
    await settle()
    expect(updates.status()).toEqual({
      state: 'error',
      message:
        "The update feed's signature does not match, so no update was downloaded. Tell your IT department.",
      lastCheckedAt: null,
    })
    expect(warnings).toContainEqual([
      'update failed',
      { error: expect.stringContaining("the update feed's signature does not match") },
    ])
    expect(asked).toEqual([])
    expect(updates.restartToUpdate()).toBe(false)
    expect(updater.installs).toEqual([])
  })

  it('refuses a feed signed with another key, or with no signature', async () => {
    const { updates, updater } = await setup()
    updater.scenario = { kind: 'update', version: '0.2.0' }
    updater.host = linuxRelease('0.2.0', generateKeyPairSync('ed25519').privateKey)
    await updates.checkNow()
    expect(updates.status()).toMatchObject({ state: 'error', message: expect.stringContaining('signature') })
    updater.host = linuxRelease('0.2.0')
    updater.host.delete('latest-linux.yml.sig')
    await updates.checkNow()
    expect(updates.status()).toMatchObject({ state: 'error', message: expect.stringContaining('signature') })
  })

  it('takes a genuine feed that is not newer (a replay) as "no update": nothing downloaded, and the log says when that feed was released', async () => {
    const info: [string, Record<string, unknown> | undefined][] = []
    const errors: string[] = []
    const { updates, updater, asked } = await setup({
      answer: true,
      log: {
        ...silentLogger,
        info: (message, fields) => void info.push([message, fields]),
        error: (message) => void errors.push(message),
      },
    })
    updater.scenario = { kind: 'update', version: '0.1.0' }
    await updates.checkNow()
    await settle()
    expect(updates.status()).toEqual({ state: 'idle', lastCheckedAt: '2025-06-01T10:00:00.000Z' })
    expect(info).toContainEqual([
      'no newer update',
      { offered: '0.1.0', feedReleased: '2025-05-01T09:00:00.000Z' },
    ])
    // electron-updater's own logger reports the refused check as an error; the app does not repeat it as one.
    updater.logger?.error(
      'Error: FeedRefused: the update feed offers no newer version: it offers 0.1.0, this is 0.1.0',
    )
    expect(errors).toEqual([])
    expect(asked).toEqual([])
    expect(updater.installs).toEqual([])
  })

  it('refuses a downloaded AppImage that is not the one the signed feed names, and never installs it', async () => {
    const { updates, updater, asked } = await setup({ answer: true })
    updater.scenario = { kind: 'update', version: '0.2.0' }
    updater.host = linuxRelease('0.2.0')
    updater.host.set('operately-tray-0.2.0-x86_64.AppImage', Buffer.from('another AppImage'))
    await updates.checkNow()
    await settle()
    expect(updates.status()).toEqual({
      state: 'error',
      message:
        'The downloaded update is not the one the signed update feed describes, so it was not installed. Tell your IT department.',
      lastCheckedAt: '2025-06-01T10:00:00.000Z',
    })
    // electron-updater installs on quit only while this is true, and reads it when the download ends.
    expect(updater.autoInstallOnAppQuit).toBe(false)
    expect(asked).toEqual([])
    expect(updates.restartToUpdate()).toBe(false)
    expect(updater.installs).toEqual([])
  })

  it('does not update with an updater that cannot be given the verified feed', async () => {
    const updater = new FakeUpdater([])
    Object.defineProperty(updater, 'setFeedURL', { value: undefined })
    const { updates } = await setup({ updater })
    updater.scenario = { kind: 'update', version: '0.2.0' }
    await updates.checkNow()
    expect(updates.status()).toMatchObject({ state: 'error' })
    expect(updater.checks).toBe(0)
  })
})

describe('updates are always verified', () => {
  const nsis: UpdateSupport = { supported: true, kind: 'nsis' }
  const policyFeed = { ...emptyPolicy, machine: { updateFeedUrl: 'https://updates.acme.example/tray/' } }

  it('a Windows copy that names no publisher refuses to update, and logs why', async () => {
    const { updates, loads, warnings, timers } = await setup({ platform: 'win32', support: nsis })
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'unverifiable' })
    expect(timers.pending.size).toBe(0)
    await updates.checkNow()
    expect(loads()).toBe(0)
    expect(warnings).toEqual([
      [
        'automatic updates are off because updates could not be verified',
        { reason: expect.stringContaining('names no publisher') },
      ],
    ])
  })

  it("refuses IT's policy feed on Windows when the build has no app-update.yml and no publisher built in", async () => {
    const { updates, loads } = await setup({
      platform: 'win32',
      support: nsis,
      builtInFeed: null,
      policy: policyFeed,
    })
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'unverifiable' })
    await updates.checkNow()
    expect(loads()).toBe(0)
  })

  it.each([
    ['win32', nsis, ['CN=Acme Ltd, O=Acme Ltd, C=GB']],
    ['darwin', { supported: true, kind: 'mac-zip' } as UpdateSupport, []],
  ] as const)(
    'on %s too, reads the feed only through the verified provider, with differential downloads off',
    async (platform, support, publisherNames) => {
      const { updates, updater } = await setup({ platform, support, publisherNames })
      updater.scenario = { kind: 'update', version: '0.2.0' }
      await updates.checkNow()
      expect(updater.feed).toMatchObject({ provider: 'custom', url: 'https://updates.example/built-in/' })
      expect(updater.disableDifferentialDownload).toBe(true)
      expect(updater.allowDowngrade).toBe(false)
    },
  )

  it('with a publisher built in, updates from the policy feed and demands that signer', async () => {
    const { updater, timers } = await setup({
      platform: 'win32',
      support: nsis,
      builtInFeed: null,
      policy: policyFeed,
      publisherNames: ['CN=Acme Ltd, O=Acme Ltd, C=GB'],
    })
    await timers.fire()
    expect(updater.checks).toBe(1)
    expect(updater.config()).toEqual({
      provider: 'generic',
      url: 'https://updates.acme.example/tray/',
      updaterCacheDirName: 'operately-tray-updater',
      publisherName: ['CN=Acme Ltd, O=Acme Ltd, C=GB'],
    })
  })

  it('takes the publisher from app-update.yml too', async () => {
    const { updater, timers } = await setup({
      platform: 'win32',
      support: nsis,
      builtInFeed: { ...builtInFeed, publisherName: ['Acme Ltd'] },
    })
    await timers.fire()
    expect(updater.config()).toMatchObject({ publisherName: ['Acme Ltd'] })
  })

  it("replaces the Windows updater's signature check with one that refuses what it cannot check", async () => {
    // electron-updater's own check answers null ("signed by the publisher") when PowerShell cannot be
    // run, after logging a warning: on this machine there is no PowerShell, and that is what it answers.
    const updater = new FakeUpdater([])
    updater.verifyUpdateCodeSignature = async () => null
    const { timers } = await setup({
      platform: 'win32',
      support: nsis,
      publisherNames: ['Acme Ltd'],
      updater,
      // The real check, with a Windows folder that holds no PowerShell (on any system).
      createWindowsSignatureCheck: (options) =>
        createWindowsSignatureCheck({ ...options, env: { SystemRoot: join(tmpdir(), 'no-windows-here') } }),
    })
    await timers.fire()
    const verify = updater.verifyUpdateCodeSignature
    if (!verify) throw new Error('the check is gone')
    expect(await verify(['Acme Ltd'], 'C:/Temp/installer.exe')).toMatch(
      /^refused: the signature could not be checked \(PowerShell: /,
    )
  })

  it('checks the installer against the names it decided, whatever electron-updater hands it', async () => {
    const updater = new FakeUpdater([])
    const asked: { names: readonly string[]; file: string }[] = []
    const { timers } = await setup({
      platform: 'win32',
      support: nsis,
      publisherNames: ['Acme Ltd'],
      builtInFeed: { ...builtInFeed, publisherName: ['Acme Ltd'] },
      updater,
      createWindowsSignatureCheck:
        ({ publisherNames }) =>
        async (file) => {
          asked.push({ names: publisherNames, file })
          return null
        },
    })
    await timers.fire()
    const verify = updater.verifyUpdateCodeSignature
    if (!verify) throw new Error('the check is gone')
    expect(await verify(['Someone Else'], 'C:/Temp/installer.exe')).toBeNull()
    expect(asked).toEqual([{ names: ['Acme Ltd'], file: 'C:/Temp/installer.exe' }])
  })

  it('refuses a built-in feed that is not https://', async () => {
    const { updates } = await setup({ builtInFeed: { ...builtInFeed, url: 'http://updates.example/' } })
    expect(updates.status()).toMatchObject({ state: 'disabled', reason: 'unverifiable' })
  })
})

describe('the restart question', () => {
  it('offers "Restart now" and "Later", and restarts only for the first', async () => {
    const shown: Electron.MessageBoxOptions[] = []
    let response = 0
    Object.assign(dialog, {
      showMessageBox: async (options: Electron.MessageBoxOptions) => {
        shown.push(options)
        return { response, checkboxChecked: false }
      },
    })
    expect(await askToRestartWithDialog('0.2.0')).toBe(true)
    response = 1
    expect(await askToRestartWithDialog('0.2.0')).toBe(false)
    expect(shown[0]).toMatchObject({ buttons: ['Restart now', 'Later'], defaultId: 0, cancelId: 1 })
    expect(shown[0]?.message).toContain('0.2.0')
  })
})
