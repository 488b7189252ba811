import type { NumberSettingsSource } from './app/number-settings'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { AppFailure, appError } from '@shared/errors'
import { createDispatcher, type Dispatch, type OperationHandlers } from './ipc/dispatcher'
import { createLogger, type Logger } from './log/logger'
import { canonicalLocale, createAppHandlers } from './app/handlers'
import {
  createLinkService,
  type AskBeforeOpening,
  type LinkService,
  type OpenExternal,
} from './app/link-service'
import { createCheckInHistoryHandlers } from './check-in-history/handlers'
import { createCheckInHistoryService } from './check-in-history/check-in-history-service'
import { createCheckInService } from './check-ins/check-in-service'
import { createDraftHandlers } from './drafts/handlers'
import { createDraftsService } from './drafts/drafts-service'
import { createServedTexts } from './drafts/served-texts'
import { createGoalHandlers } from './goals/handlers'
import { createGoalsService } from './goals/goals-service'
import { createWebUrls } from './goals/web-urls'
import { createPeopleHandlers } from './people/handlers'
import { createKnownPeople } from './people/known-people'
import { createPeopleService } from './people/people-service'
import { createProjectHandlers } from './projects/handlers'
import { createProjectsService } from './projects/projects-service'
import { servingDescriptions } from './projects/served-descriptions'
import { createSessionHandlers } from './session/handlers'
import { createSessionService, type SessionService } from './session/session-service'
import { createSessionStore } from './session/session-store'
import { createTokenVault, type KeytarLike } from './vault/token-vault'
// Due check-ins inbox and reminders (issue 7).
import { defaultWorkingTime, type WorkingTime } from '@shared/domain/working-time'
import { createAssignmentsService, type AssignmentsService } from './assignments/assignments-service'
import { createAssignmentHandlers } from './assignments/handlers'
import type { Timers } from './assignments/timers'
import { createPendingNavigation, type PendingNavigationBox } from './reminders/pending-navigation'
import type { ReminderScheduler } from './reminders/reminder-scheduler'
import { createReminders } from './reminders/reminders-service'
// Offline-first: cache, connectivity, outbox and sync (issue 4).
import { createCache } from './cache/cache'
import { clearCacheWithAccount } from './cache/follow-session'
import { createCheckInSubmitter } from './check-ins/submit-or-queue'
import { createServerDrafts, recordServerDrafts } from './check-ins/server-drafts'
import { createConnectivity, type Connectivity } from './connectivity/connectivity'
import { reportingFetch } from './connectivity/reporting-fetch'
import { createDescriptionSaver } from './projects/save-or-queue'
import { followDeliveries } from './sync/after-delivery'
import { createSyncHandlers } from './sync/handlers'
import { createSyncService, type SyncService, type SyncTiming } from './sync/sync-service'
import type { DurableFiles } from './outbox/durable-files'
// Managed configuration, settings and the About view (issue 5).
import { loadPolicy, type PolicyReaders } from './policy/load-policy'
import { createReviewHandlers, createReviewsService } from './reviews/reviews-service'
import { createSettingsHandlers } from './settings/handlers'
import { createSettingsService, type SettingsService } from './settings/settings-service'
import { createSystemIntegrationSlot, type SystemIntegrationSlot } from './settings/system-integration'

export interface MainServicesOptions {
  /** Where the app keeps its files (Electron's userData in the app; a temp dir in tests). */
  dataDir: string
  keytar: KeytarLike
  fetch?: typeof fetch
  /** Defaults to a redacting file logger under `<dataDir>/logs`. */
  log?: Logger
  requestTimeoutMs?: number
  /** Keychain service name; tests use their own so they never meet a real entry. */
  vaultService?: string
  /** Opens a web page in the default browser (Electron's shell.openExternal in the app). */
  openExternal?: OpenExternal
  /**
   * Main's own question before a link to another site or a mail link opens (a native dialog in the
   * app, shell/link-dialog.ts; the e2e fixtures' stand-in in the harness). Without one, such links are
   * refused: nothing here may open them unasked.
   */
  askBeforeOpening?: AskBeforeOpening
  /** Hides the popup window (the shell's; a no-op where there is no window, as in the harness). */
  hidePopup?: () => void
  /**
   * The locale the OS writes numbers in (Electron's `app.getSystemLocale()`); none by default, and the
   * page's own language stands (the browser harness).
   */
  numberLocale?: () => string | null
  /** The person's own number settings (Windows' regional settings, macOS's); none by default. */
  numberSettings?: NumberSettingsSource
  /** Whether check-in reminders are on until the user decides (an administrator's policy may say no). */
  remindersDefaultEnabled?: boolean
  /** The clock, timers and time zone of the inbox's polling and reminders; tests pass a manual clock. */
  inboxClock?: { now: () => number; timers: Timers; timeZone: () => string }
  /** Where IT's policy is read from: the OS readers in the app (shell/policy-sources.ts); none by default. */
  policyReaders?: PolicyReaders
  /** Which OS's policy sources apply; process.platform by default. */
  platform?: NodeJS.Platform
  /** The version the About view shows (Electron's app.getVersion() in the app). */
  appVersion?: string
  /**
   * Whether the operating system says there is a network (Electron's `net.isOnline()` in the app). Online
   * by default; the app is still offline until a real request to the server succeeds.
   */
  isOsOnline?: () => boolean
  /**
   * The clock of answers main keeps in memory for a while (who the company knows); Date.now by default.
   * Tests move it instead of waiting.
   */
  now?: () => number
  /** The outbox's backoff, how long an unanswered request may still land, failures before "Needs you". */
  syncTiming?: SyncTiming
  /** How soon connectivity asks the server again after a failure (2 s, doubling up to a minute). */
  probeTiming?: { baseMs: number; capMs: number }
  /** How the outbox and the drafts write to disk; the durable writes by default (tests watch them). */
  files?: DurableFiles
}

export interface MainServices {
  dispatch: Dispatch
  session: SessionService
  log: Logger
  dataDir: string
  /** What the person owes; the shell starts its polling and feeds it the popup / wake / online hooks. */
  assignments: AssignmentsService
  /** Check-in reminders; the shell starts them with its notifications. */
  reminders: ReminderScheduler
  /** The goal a clicked notification asked to open, until the popup page takes it. */
  navigation: PendingNavigationBox
  /** The person's settings merged with IT's policy (read once, here). */
  settings: SettingsService
  /** Where the shell attaches the login item and the updater; a development stand-in until it does. */
  system: SystemIntegrationSlot
  /** The outbox and its sync engine; the shell shows their state in the tray and in notifications. */
  sync: SyncService
  /** Whether the server can be reached; the shell tells it when the OS's network state changes. */
  connectivity: Connectivity
  /** The one link policy: the shell sends navigations and new windows here, the page its link clicks. */
  links: LinkService
  /** Stops background work (sync, probes) and waits for writes under way: before quitting, in tests. */
  close(): Promise<void>
}

const noBrowser: OpenExternal = () =>
  Promise.reject(new AppFailure(appError('internal', 'This build of the app cannot open a web browser.')))
const nobodyToAsk: AskBeforeOpening = () =>
  Promise.reject(
    new AppFailure(appError('internal', 'This build of the app cannot ask before opening a link.')),
  )

/**
 * Builds every main-process service with its real dependencies. Both the Electron shell and the browser
 * harness call this, so the harness exercises exactly the code the app runs.
 */
export async function createMainServices(options: MainServicesOptions): Promise<MainServices> {
  const { dataDir } = options
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  // The logger is built before the session, so it asks for the session's secrets through this holder.
  const secretSource: { current: () => string[] } = { current: () => [] }
  const log =
    options.log ??
    createLogger({ file: join(dataDir, 'logs', 'main.log'), secrets: () => secretSource.current() })
  const vault = createTokenVault({
    keytar: options.keytar,
    ...(options.vaultService ? { service: options.vaultService } : {}),
  })
  const policy = await loadPolicy({
    platform: options.platform ?? process.platform,
    readers: options.policyReaders ?? {},
    log,
  })
  const settings = await createSettingsService({ dataDir, policy, log })
  const system = createSystemIntegrationSlot()
  // Online means the OS says so AND the server answered; every request the client makes reports to it.
  const connectivity = createConnectivity({
    isOsOnline: options.isOsOnline ?? (() => true),
    probe: async () => (await session.client()).getMe(),
    log,
    ...(options.probeTiming
      ? { probeBaseMs: options.probeTiming.baseMs, probeCapMs: options.probeTiming.capMs }
      : {}),
  })
  const session = createSessionService({
    vault,
    store: createSessionStore(dataDir, log),
    log,
    settings: () => settings.current(),
    fetch: reportingFetch(connectivity, options.fetch ?? globalThis.fetch),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  })
  secretSource.current = () => session.secrets()
  // Goals, check-ins, people and drafts (issue 8).
  // What main gave a window (a project's description), which a draft may name instead of sending back.
  const servedTexts = createServedTexts()
  const drafts = createDraftsService({
    dataDir,
    log,
    served: servedTexts,
    secrets: () => session.secrets(),
    ...(options.files ? { files: options.files } : {}),
  })
  // One instance: it asks the server for the company part of web addresses once, for goals and projects.
  const webUrls = createWebUrls({ session, log })
  const cache = createCache({ dir: join(dataDir, 'cache'), log })
  const initialSession = await session.get()
  const cacheFollower = clearCacheWithAccount(cache, session, initialSession, log)
  const goals = createGoalsService({ session, webUrls, cache, connectivity, log })
  const checkIns = createCheckInService({ session, webUrls, log })
  const projects = servingDescriptions(
    createProjectsService({ session, webUrls, cache, connectivity, log }),
    servedTexts,
  )
  const sync = await createSyncService({
    dataDir,
    log,
    connectivity,
    session,
    initialSession,
    client: () => session.client(),
    webUrls,
    ...(options.syncTiming ? { timing: options.syncTiming } : {}),
    ...(options.files ? { files: options.files } : {}),
  })
  // Due check-ins inbox and reminders (issue 7). Polling starts only when the shell calls start().
  // Polls follow the reminder settings' working days and quiet hours (the reminders are made next).
  let workingTime = (): WorkingTime => defaultWorkingTime
  const assignments = createAssignmentsService({
    session,
    dataDir,
    log,
    ...options.inboxClock,
    ...(options.isOsOnline ? { isOsOnline: options.isOsOnline } : {}),
    workingTime: () => workingTime(),
  })
  const reminders = createReminders({
    dataDir,
    log,
    assignments,
    onWorkingTimeChange: () => assignments.onWorkingTimeChanged(),
    ...options.inboxClock,
    ...(options.remindersDefaultEnabled !== undefined
      ? { defaultEnabled: options.remindersDefaultEnabled }
      : {}),
  })
  const serverDrafts = createServerDrafts({ dataDir, session, log })
  const stopRecordingDrafts = recordServerDrafts(sync.engine, serverDrafts, log)
  workingTime = () => reminders.workingTime()
  const navigation = createPendingNavigation(options.inboxClock ? { now: options.inboxClock.now } : {})
  const stopFollowing = followDeliveries(sync.engine, {
    clearDraft: (key) => drafts.clear(key),
    refreshAssignments: () => assignments.refresh(),
    rememberDescription: (projectId, description) => projects.rememberDescription(projectId, description),
    goalRefused: (goalId) => goals.refused(goalId),
    projectRefused: (projectId) => projects.refused(projectId),
    log,
  })
  const links = createLinkService({
    session,
    log,
    openExternal: options.openExternal ?? noBrowser,
    ask: options.askBeforeOpening ?? nobodyToAsk,
  })
  const handlers: OperationHandlers = {
    ...createSessionHandlers(session),
    ...createAppHandlers({
      links,
      hidePopup: options.hidePopup ?? (() => {}),
      ...(options.numberLocale ? { numberLocale: options.numberLocale } : {}),
      ...(options.numberSettings ? { numberSettings: options.numberSettings } : {}),
    }),
    ...createGoalHandlers({
      goals,
      checkIns: createCheckInSubmitter({
        checkIns,
        sync,
        cache,
        log,
        locale: () => canonicalLocale(options.numberLocale ?? (() => null)) ?? undefined,
      }),
      serverDrafts,
    }),
    // The last check-ins beside the form (issue 24).
    ...createCheckInHistoryHandlers(
      createCheckInHistoryService({
        session,
        cache,
        connectivity,
        knownPeople: createKnownPeople({ session, log, ...(options.now ? { now: options.now } : {}) }),
        webUrls,
      }),
    ),
    ...createPeopleHandlers(createPeopleService({ session, cache, connectivity, log })),
    ...createDraftHandlers(drafts),
    // Project descriptions (issue 3).
    ...createProjectHandlers({
      projects,
      sync,
      saveDescription: createDescriptionSaver({ projects, sync, cache, log }),
    }),
    ...createSyncHandlers(sync, { clearDraft: (key) => drafts.clear(key), log }),
    ...createReviewHandlers(createReviewsService({ session, cache, connectivity, sync, webUrls, log })),
    ...createAssignmentHandlers({ assignments, reminders, navigation }),
    ...createSettingsHandlers({ settings, system, dataDir, version: options.appVersion ?? 'development' }),
  }
  return {
    dispatch: createDispatcher(handlers, log),
    session,
    log,
    dataDir,
    assignments,
    reminders,
    navigation,
    settings,
    system,
    sync,
    connectivity,
    links,
    async close() {
      stopFollowing()
      stopRecordingDrafts()
      cacheFollower.stop()
      await sync.close()
      await drafts.idle()
      await cacheFollower.idle()
      await assignments.whenIdle()
    },
  }
}
