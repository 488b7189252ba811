import { writeFileSync } from 'node:fs'
import { app, dialog } from 'electron'
import type { Logger } from '../services/log/logger'
import type { EffectiveSettings } from '../services/policy/effective-settings'
import type { SettingsService } from '../services/settings/settings-service'
import { feedPublicKeys } from '../services/updates/feed-keys'
import { fileMatchesFeed, notNewerFeed, type VerifiedFeed } from '../services/updates/feed-signature'
import { updaterConfig, type BuiltInFeed, type UpdaterConfig } from '../services/updates/update-config'
import { createUpdateSchedule, type Timers } from '../services/updates/update-schedule'
import { createUpdateStatusStore, type UpdateStatus } from '../services/updates/update-status'
import {
  createWindowsSignatureCheck,
  type WindowsSignatureCheck,
  type WindowsSignatureCheckOptions,
} from '../services/updates/windows-signature'
import {
  updateDisabledMessages,
  updatePlan,
  type UpdatePlan,
  type UpdateSupport,
} from '../services/updates/update-support'
import { FeedRefused, verifiedFeedProvider, type VerifiedFeedProvider } from './verified-feed'

/**
 * Updates through electron-updater on a generic feed: quiet checks shortly after start and every few
 * hours, downloads in the background, and a question before restarting ("Restart now" / "Later"; later
 * means the update installs when the app next quits). Whether it runs at all is decided in
 * services/updates (install type, policy, the user's setting, a feed to use, and a way to verify what
 * it downloads: update-config.ts). electron-updater always runs on the configuration decided there,
 * written to a file of ours, never on its own defaults, which skip the Windows signature check when the
 * build has no app-update.yml; and on Windows the installer's signature is checked by our own check,
 * which refuses when it cannot check (electron-updater's lets the installer through). On every system
 * the feed itself must carry the project's signature and offer a newer version than this one
 * (verified-feed.ts), and the downloaded file must match the verified feed before it is offered or
 * installed: so an update never moves anyone to an older version, whoever writes the feed.
 */

/** The part of electron-updater's AppUpdater this module uses. */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  allowPrerelease: boolean
  allowDowngrade: boolean
  disableWebInstaller: boolean
  /** Off: a differential download is assembled from blockmaps the feed's signature does not cover. */
  disableDifferentialDownload?: boolean
  logger: UpdaterLogger | null
  /** Where electron-updater reads its configuration (provider, feed, publisherName) instead of app-update.yml. */
  updateConfigPath: string | null
  /** NsisUpdater only: checks an installer's signer against the publisher names; null means it passed. */
  verifyUpdateCodeSignature?: (publisherNames: string[], path: string) => Promise<string | null>
  /** Replaces the provider electron-updater would make from the configuration file: the verified feed. */
  setFeedURL?: (options: { provider: 'custom'; url: string; updateProvider: VerifiedFeedProvider }) => void
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
  on(event: 'checking-for-update', listener: () => void): unknown
  on(
    event: 'update-available' | 'update-not-available',
    listener: (info: { version: string }) => void,
  ): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(
    event: 'update-downloaded',
    listener: (info: { version: string; downloadedFile?: string }) => void,
  ): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

interface UpdaterLogger {
  info(message?: unknown): void
  warn(message?: unknown): void
  error(message?: unknown): void
  debug?(message: string): void
}

export interface AutoUpdateOptions {
  support: UpdateSupport
  settings: Pick<SettingsService, 'current' | 'subscribe'>
  platform: NodeJS.Platform
  /** The feed the installer built in (resources/app-update.yml, parsed), or null when it has none. */
  builtInFeed: BuiltInFeed | null
  /** Windows: the signer names built into the app (windows-publisher.ts). */
  publisherNames: readonly string[]
  /** Where the updater's configuration is written before the updater is loaded (in the app's data folder). */
  configPath: string
  log: Logger
  /** electron-updater's autoUpdater, loaded only when updates are actually on. */
  loadUpdater?: () => Promise<UpdaterLike>
  /** Asks whether to restart now to install `version`; true for "Restart now". */
  askToRestart?: (version: string) => Promise<boolean>
  /** Windows: how a downloaded installer's signature is checked (windows-signature.ts by default). */
  createWindowsSignatureCheck?: (options: WindowsSignatureCheckOptions) => WindowsSignatureCheck
  /** The public keys the update feed may be signed with (feed-keys.ts by default). */
  feedPublicKeys?: readonly string[]
  /** The running version; the feed must offer a newer one (app.getVersion() by default). */
  currentVersion?: string
  /** Runs just before the app quits to install: lets the popup really close instead of hiding. */
  beforeRestart?: () => void
  timers?: Timers
  now?: () => Date
}

export interface AutoUpdater {
  status(): UpdateStatus
  subscribe(listener: (status: UpdateStatus) => void): () => void
  /** "Check for updates" in the About view; resolves with the status once the check is over. */
  checkNow(): Promise<UpdateStatus>
  /** Installs a downloaded update now ("Restart now" in the About view); false when none is ready. */
  restartToUpdate(): boolean
  stop(): void
}

async function loadElectronUpdater(): Promise<UpdaterLike> {
  // Imported lazily: electron-updater reads the app's files and Electron's net module as soon as it loads,
  // which is wasted (and, in development, noisy) when updates are off.
  // It is CommonJS whose autoUpdater is a getter Node's ESM loader cannot see, hence `default`.
  const loaded = (await import('electron-updater')) as unknown as {
    default?: { autoUpdater?: unknown }
    autoUpdater?: unknown
  }
  const instance = loaded.default?.autoUpdater ?? loaded.autoUpdater
  if (!instance) throw new Error('electron-updater has no autoUpdater for this platform')
  return instance as UpdaterLike
}

export async function askToRestartWithDialog(version: string): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'info',
    title: 'Update ready',
    message: `Operately Tray ${version} is ready to install.`,
    detail:
      'Restart Operately Tray now to use it. If you choose Later, it is installed the next time you quit.',
    buttons: ['Restart now', 'Later'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  })
  return response === 0
}

const text = (value: unknown) => (value instanceof Error ? value.message : String(value))

export function startAutoUpdate(options: AutoUpdateOptions): AutoUpdater {
  const { support, settings, log } = options
  const now = options.now ?? (() => new Date())
  const askToRestart = options.askToRestart ?? askToRestartWithDialog
  const loadUpdater = options.loadUpdater ?? loadElectronUpdater
  const createCheck = options.createWindowsSignatureCheck ?? createWindowsSignatureCheck

  const hasBuiltInFeed = options.builtInFeed !== null
  // The plan, plus the configuration that makes it verifiable; a plan that cannot be verified is off.
  let config: UpdaterConfig | null = null
  const planFor = (values: EffectiveSettings): UpdatePlan => {
    const next = updatePlan(support, values, hasBuiltInFeed)
    if (!next.enabled) return next
    const decided = updaterConfig({
      platform: options.platform,
      policyFeedUrl: next.feedUrl,
      builtIn: options.builtInFeed,
      embeddedPublisherNames: options.publisherNames,
    })
    if (!decided.ok) {
      log.warn('automatic updates are off because updates could not be verified', { reason: decided.detail })
      return { enabled: false, reason: 'unverifiable' }
    }
    config = decided.config
    return next
  }
  let plan: UpdatePlan = planFor(settings.current())
  const store = createUpdateStatusStore(
    plan.enabled
      ? { state: 'idle', lastCheckedAt: null }
      : { state: 'disabled', reason: plan.reason, message: updateDisabledMessages[plan.reason] },
  )

  let updater: UpdaterLike | null = null
  let loading: Promise<UpdaterLike | null> | null = null
  const asked = new Set<string>()

  const restartToUpdate = () => {
    const status = store.get()
    if (status.state !== 'downloaded' || !updater) return false
    log.info('restarting to install an update', { version: status.version })
    options.beforeRestart?.()
    // Silent: the NSIS installer shows no wizard; force-run: the app comes back after installing.
    updater.quitAndInstall(true, true)
    return true
  }

  // A check ends here when it fails: electron-updater emits 'error' (logged) and rejects the check (not
  // logged again). A genuine feed that offers nothing newer (also an older feed replayed by the host) is
  // no error: the app is as up to date as anyone can prove. The log says when that feed was released, so
  // a feed held in the past by whoever serves it shows there.
  const failed = (err: unknown, report: boolean) => {
    if (err instanceof FeedRefused && err.verdict.kind === 'not-newer') {
      if (report) {
        log.info('no newer update', {
          offered: err.verdict.version,
          feedReleased: err.verdict.releaseDate ?? 'not stated',
        })
      }
      store.apply({ type: 'not-available', at: now().toISOString() })
      return
    }
    if (report) log.warn('update failed', { error: text(err) })
    store.apply({ type: 'error', error: err })
  }

  // The feed the current download came from, as verified; the downloaded file must match it.
  let verifiedFeed: VerifiedFeed | null = null

  const configure = (instance: UpdaterLike, decided: UpdaterConfig) => {
    // Before anything is set up: an updater that cannot be configured is not kept, and is loaded again.
    if (!instance.setFeedURL) {
      throw new Error('this updater cannot be given a verified feed')
    }
    instance.autoDownload = true
    instance.autoInstallOnAppQuit = true
    instance.allowPrerelease = false
    instance.allowDowngrade = false
    instance.disableWebInstaller = true
    instance.disableDifferentialDownload = true
    instance.logger = {
      info: (message) => log.debug(`updater: ${text(message)}`),
      warn: (message) => log.warn(`updater: ${text(message)}`),
      // electron-updater logs every failed check as an error, the feed that offers nothing newer too: that
      // is the ordinary "up to date", logged once as such by `failed` below.
      error: (message) =>
        text(message).includes(notNewerFeed)
          ? log.debug(`updater: ${text(message)}`)
          : log.error(`updater: ${text(message)}`),
    }
    // JSON is YAML: electron-updater reads this file as it would read app-update.yml. Written once, when
    // the updater is first needed; a few hundred bytes.
    writeFileSync(options.configPath, JSON.stringify(decided, null, 2), { mode: 0o600 })
    instance.updateConfigPath = options.configPath
    if (options.platform === 'win32') {
      // Our check replaces electron-updater's, which lets an installer through unchecked whenever
      // PowerShell cannot run (windows-signature.ts). It demands the names decided above, whatever
      // electron-updater read back from the file.
      const check = createCheck({ publisherNames: decided.publisherName ?? [] })
      instance.verifyUpdateCodeSignature = (_names, path) => check(path)
    }
    // After updateConfigPath, which drops any provider set before it. The file still gives
    // electron-updater its download folder (updaterCacheDirName) and, on Windows, the publisher; the
    // feed comes only from here.
    instance.setFeedURL?.({
      provider: 'custom',
      url: decided.url,
      updateProvider: verifiedFeedProvider({
        publicKeys: options.feedPublicKeys ?? feedPublicKeys,
        currentVersion: options.currentVersion ?? app.getVersion(),
        onVerified: (feed) => (verifiedFeed = feed),
      }),
    })
    instance.on('checking-for-update', () => store.apply({ type: 'checking' }))
    instance.on('update-not-available', () => store.apply({ type: 'not-available', at: now().toISOString() }))
    instance.on('update-available', (info) =>
      store.apply({ type: 'available', version: info.version, at: now().toISOString() }),
    )
    instance.on('download-progress', (progress) =>
      store.apply({ type: 'progress', percent: progress.percent }),
    )
    instance.on('error', (error) => failed(error, true))
    instance.on('update-downloaded', (info) => {
      // Decided within the event, before electron-updater (right after it) registers the install on
      // quit, which it skips while autoInstallOnAppQuit is false: a refused file is never installed.
      const refusal =
        verifiedFeed && info.downloadedFile
          ? fileMatchesFeed(verifiedFeed, info.downloadedFile)
          : 'refused: the download does not come from a verified update feed'
      instance.autoInstallOnAppQuit = refusal === null
      if (refusal !== null) {
        log.error('the downloaded update was refused', { version: info.version, reason: refusal })
        store.apply({ type: 'error', error: new Error(refusal) })
        return
      }
      store.apply({ type: 'downloaded', version: info.version })
      if (asked.has(info.version) || !plan.enabled) return
      asked.add(info.version)
      askToRestart(info.version).then(
        (restart) => {
          if (restart) restartToUpdate()
          else log.info('update will be installed when the app quits', { version: info.version })
        },
        (err: unknown) => log.warn('could not ask about restarting for the update', { error: text(err) }),
      )
    })
  }

  const ready = (): Promise<UpdaterLike | null> => {
    if (updater) return Promise.resolve(updater)
    if (!loading) {
      const decided = config
      if (!decided) return Promise.resolve(null)
      loading = loadUpdater()
        .then((instance) => {
          configure(instance, decided)
          updater = instance
          return instance
        })
        .catch((err: unknown) => {
          loading = null
          log.error('the updater could not be loaded', { error: text(err) })
          store.apply({ type: 'error', error: err })
          return null
        })
    }
    return loading
  }

  const check = async () => {
    if (!plan.enabled || store.get().state === 'downloaded') return
    const instance = await ready()
    if (!instance || !plan.enabled) return
    try {
      const result = await instance.checkForUpdates()
      // The download reports its own failure through 'error'; this only keeps it from going unhandled.
      result?.downloadPromise?.catch(() => undefined)
    } catch (err) {
      failed(err, false)
    }
  }

  const schedule = createUpdateSchedule({ check, ...(options.timers ? { timers: options.timers } : {}) })
  if (plan.enabled) {
    log.info('automatic updates are on', { feed: plan.feedUrl ?? 'built into the installer' })
    schedule.start()
  } else {
    log.info('automatic updates are off', { reason: plan.reason })
  }

  // The user may switch updates on or off while the app runs (policy is read once, at start).
  const unsubscribe = settings.subscribe((next: EffectiveSettings) => {
    const nextPlan = planFor(next)
    if (nextPlan.enabled === plan.enabled) return
    plan = nextPlan
    if (nextPlan.enabled) {
      store.apply({ type: 'enabled' })
      schedule.start()
    } else {
      schedule.stop()
      store.apply({ type: 'disabled', reason: nextPlan.reason })
    }
  })

  return {
    status: () => store.get(),
    subscribe: (listener) => store.subscribe(listener),
    checkNow: async () => {
      await schedule.checkNow()
      return store.get()
    },
    restartToUpdate,
    stop: () => {
      schedule.stop()
      unsubscribe()
    },
  }
}
