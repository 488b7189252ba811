import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { AppFailure, appError } from '@shared/errors'
import { createDispatcher, type Dispatch, type OperationHandlers } from './ipc/dispatcher'
import { createLogger, type Logger } from './log/logger'
import { createAppHandlers, type OpenExternal } from './app/handlers'
import { createSessionHandlers } from './session/handlers'
import { createSessionService, type SessionService } from './session/session-service'
import { createSessionStore } from './session/session-store'
import { createTokenVault, type KeytarLike } from './vault/token-vault'

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
}

export interface MainServices {
  dispatch: Dispatch
  session: SessionService
  log: Logger
  dataDir: string
}

const noBrowser: OpenExternal = () =>
  Promise.reject(new AppFailure(appError('internal', 'This build of the app cannot open a web browser.')))

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
  const session = createSessionService({
    vault,
    store: createSessionStore(dataDir, log),
    log,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  })
  secretSource.current = () => session.secrets()
  const handlers: OperationHandlers = {
    ...createSessionHandlers(session),
    ...createAppHandlers({ session, log, openExternal: options.openExternal ?? noBrowser }),
  }
  return { dispatch: createDispatcher(handlers, log), session, log, dataDir }
}
