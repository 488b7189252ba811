import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import keytar from 'keytar'
import type { TestServer } from '../../sync/testing/test-server'
import type { CreateCheckInInput } from '@shared/domain/check-ins'
import type { GoalDetail } from '@shared/domain/goals'
import { createMainServices, type MainServices } from '../../create-services'
import type { Logger } from '../../log/logger'
import type { SyncTiming } from '../../sync/sync-service'

/**
 * Main-process services signed in to an emulator the way the app signs in: real HTTP, the real keychain
 * (a throwaway one under scripts/with-keyring.sh) under a keychain service name of their own.
 */

export { hasSecretService } from '../../vault/testing/secret-service'

export interface SignedIn {
  services: MainServices
  dataDir: string
  /** The keychain entry's service name: a restart on the same data dir finds the token there. */
  vaultService: string
  /** Stops the services' background work and removes the keychain entry. */
  cleanup(): Promise<void>
}

export async function signedInServices(
  emulator: TestServer,
  options: {
    token?: string
    requestTimeoutMs?: number
    fetch?: typeof fetch
    log?: Logger
    syncTiming?: SyncTiming
    /** The clock of what main keeps in memory for a while (who the company knows). */
    now?: () => number
    /** The data folder (a small disk of the test's own, say); a fresh temp dir by default. */
    dataDir?: string
  } = {},
): Promise<SignedIn> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'operately-tray-'))
  // The test's fetch acts on the work after sign-in: the sign-in's own questions go over the plain network.
  let signingIn = true
  const testFetch = options.fetch
  const fetchAfterSignIn: typeof fetch | undefined = testFetch
    ? (input, init) => (signingIn ? fetch(input, init) : testFetch(input, init))
    : undefined
  const vaultService = `Operately Tray test ${randomUUID()}`
  const services = await createMainServices({
    dataDir,
    keytar,
    vaultService,
    ...(options.log ? { log: options.log } : {}),
    ...(fetchAfterSignIn ? { fetch: fetchAfterSignIn } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.syncTiming ? { syncTiming: options.syncTiming } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  const beforeSignIn = emulator.state.requests.length
  const signIn = await services.dispatch('session.signIn', {
    baseUrl: emulator.url,
    token: options.token ?? emulator.tokens.write,
  })
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error.message}`)
  // The sign-in's own requests (who am I, may I write, what does the server take) change nothing
  // (capabilities.test.ts, session-service.test.ts) and are not what the tests count.
  emulator.state.requests.splice(beforeSignIn)
  signingIn = false
  return {
    services,
    dataDir,
    vaultService,
    cleanup: async () => {
      await services.close()
      await keytar.deletePassword(vaultService, emulator.url)
    },
  }
}

/** The endpoints the emulator has been asked for since `from`, e.g. `POST goals/create_check_in`. */
export function requestsSince(emulator: TestServer, from: number): string[] {
  return emulator.state.requests.slice(from).map((r) => `${r.method} ${r.endpoint ?? r.path}`)
}

/**
 * A fetch that calls the real one, letting a test act at the moment a given endpoint is called (to
 * switch a fault on, or to send a second submission while the first is on the wire).
 */
export function observingFetch(
  hook: (endpoint: string, method: string) => void | Promise<void>,
  after?: (endpoint: string, method: string, outcome: 'answered' | 'failed') => void,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const endpoint = url.pathname.replace(/^\/api\/external\/v1\//, '')
    const method = init?.method ?? 'GET'
    await hook(endpoint, method)
    try {
      const response = await fetch(input, init)
      after?.(endpoint, method, 'answered')
      return response
    } catch (err) {
      after?.(endpoint, method, 'failed')
      throw err
    }
  }
}

/** A logger that keeps what was logged, for tests that check a warning was given. */
export function recordingLogger(): Logger & { lines: Array<{ level: string; message: string }> } {
  const lines: Array<{ level: string; message: string }> = []
  const at = (level: string) => (message: string) => void lines.push({ level, message })
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** A rich-text message document as the editor sends it. */
export const messageDoc = (text: string): string =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })

/** The goal as the form reads it, through the dispatcher. */
export async function readGoal(services: MainServices, id: string): Promise<GoalDetail> {
  const result = await services.dispatch('goals.get', { id })
  if (!result.ok) throw new Error(result.error.message)
  return result.value as GoalDetail
}

/** A check-in of `goal` saying `text` (status caution, due date kept, everyone notified), a new submission. */
export function checkInInput(
  goal: GoalDetail,
  text: string,
  over: Partial<CreateCheckInInput> = {},
): CreateCheckInInput {
  return {
    submissionId: randomUUID(),
    goalId: goal.id,
    status: 'caution',
    dueDate: { mode: 'keep' },
    targetValues: [],
    checklist: goal.checklist,
    message: messageDoc(text),
    notify: { mode: 'everyone' },
    ...over,
  }
}
