import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createDispatcher, type Dispatch, type OperationHandlers } from './ipc/dispatcher'
import { createLogger, type Logger } from './log/logger'
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
}

export interface MainServices {
  dispatch: Dispatch
  session: SessionService
  log: Logger
  dataDir: string
}

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
  const services = session
  const handlers: OperationHandlers = {
    'session.get': () => services.get(),
    'session.signIn': (input) => services.signIn(input),
    'session.signOut': () => services.signOut(),
  }
  return { dispatch: createDispatcher(handlers, log), session, log, dataDir }
}
