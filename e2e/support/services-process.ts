import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { SyncTiming } from '../../src/main/services/sync/sync-service'
import { harnessKeyHeader } from '../harness/bridge-script'

/**
 * The app's services in a child process (services-child.ts): what an end-to-end test needs to kill them
 * mid-request like a crash, and start them again on the same data folder, keychain entry and port.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const childScript = fileURLToPath(new URL('./services-child.ts', import.meta.url))

export interface ServicesProcess {
  /** The harness's address; the same after a restart. */
  url: string
  /** Kills the process at once (SIGKILL: nothing gets to finish) and waits until it is gone. */
  kill(): Promise<void>
  /** Starts it again on the same folder and port. */
  restart(): Promise<void>
  /** Calls an operation as the page would (same origin). */
  call(operation: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: unknown }>
  stop(): Promise<void>
}

function launch(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      // An IPC channel only so that the child notices when this process is gone.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    let out = ''
    let err = ''
    child.stdout!.setEncoding('utf8')
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (chunk: string) => (err += chunk))
    child.stdout!.on('data', (chunk: string) => {
      out += chunk
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url })
    })
    child.on('exit', (code) => reject(new Error(`the services process exited (${code}): ${err}`)))
  })
}

export async function startServicesProcess(options: {
  dataDir: string
  vaultService: string
  syncTiming?: SyncTiming
}): Promise<ServicesProcess> {
  const env: Record<string, string> = {
    E2E_DATA_DIR: options.dataDir,
    E2E_VAULT_SERVICE: options.vaultService,
    E2E_SYNC_TIMING: JSON.stringify(options.syncTiming ?? {}),
    E2E_PORT: '0',
    E2E_HARNESS_KEY: randomBytes(32).toString('base64url'),
  }
  const launched = await launch(env)
  let child = launched.child
  const url = launched.url
  env['E2E_PORT'] = new URL(url).port

  const gone = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve()
      c.once('exit', () => resolve())
    })

  const call: ServicesProcess['call'] = (operation, input) => {
    const { hostname, port, origin, host, searchParams } = new URL(url)
    const body = JSON.stringify(input)
    return new Promise((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          path: `/__harness/call/${operation}`,
          headers: {
            origin,
            host,
            'content-type': 'application/json',
            // The harness answers only the holder of the key in the address it printed.
            [harnessKeyHeader]: searchParams.get('key') ?? '',
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve(JSON.parse(text) as { ok: boolean }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  return {
    url,
    async kill() {
      child.removeAllListeners('exit')
      child.kill('SIGKILL')
      await gone(child)
    },
    async restart() {
      ;({ child } = await launch(env))
    },
    call,
    async stop() {
      await call('session.signOut', {}).catch(() => undefined)
      child.removeAllListeners('exit')
      child.kill('SIGTERM')
      await gone(child)
    },
  }
}
