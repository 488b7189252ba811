import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerApi, endpointName, loggedBody, type ApiRequest } from './api'
import { findBlob } from './blobs'
import { CONTROL_PREFIX, handleControl, type ControlTarget } from './control'
import { isoTimestamp } from './dates'
import { defaultFaults, Sleeper } from './faults'
import {
  afterCommitBySwitches,
  afterCommitReply,
  createChaos,
  plannedBySwitches,
  type AfterFault,
  type FaultPlan,
} from './fault-plan'
import { replies, type Reply } from './replies'
import { addProjectCheckInsDue, buildSeed } from './seed'
import { growToBigCompany } from './seed-big'
import { DEFAULT_TOKENS } from './tokens'
import { versionHeader } from './version-header'
import type { Emulator, EmulatorOptions, EmulatorState, Faults, RequestLogEntry, SeedName } from './types'

/**
 * The HTTP server: API requests go through the fault switches and then `answerApi`; the control API
 * and the seeded blobs are served beside it.
 */

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const version = options.version ?? '1.8.0'
  // Behaviour follows `version`; the header is what a real server of that version sends.
  const headerValue = versionHeader(version, options.header)
  const host = options.host ?? '127.0.0.1'
  const baseClock = options.now ?? (() => new Date())
  let frozenClock: Date | null = null
  const now = (): Date => frozenClock ?? baseClock()

  let faults: Faults = defaultFaults()
  let paused = false
  const sleeper = new Sleeper()
  const chaos = createChaos()
  let url = ''
  const state = {} as EmulatorState
  let seed: SeedName = options.seed ?? 'usual'

  const reset = (next?: SeedName): void => {
    if (next) seed = next
    Object.assign(state, buildSeed(now(), url))
    if (seed === 'big') growToBigCompany(state, now())
    if (seed === 'project-check-ins') addProjectCheckInsDue(state, now())
    faults = defaultFaults()
    chaos.reset()
    paused = false
  }

  const control: ControlTarget = {
    state,
    faults: () => ({ ...faults }),
    setFaults: (partial) => {
      faults = { ...faults, ...partial }
    },
    reset,
    seed: () => seed,
    pause: () => {
      paused = true
    },
    resume: () => {
      paused = false
    },
    isPaused: () => paused,
    setClock: (when) => {
      frozenClock = when
    },
  }

  function send(res: ServerResponse, reply: Reply, entry?: RequestLogEntry): void {
    if (res.destroyed || res.writableEnded) return
    const headers: Record<string, string | number> = {
      'cache-control': 'max-age=0, private, must-revalidate',
      'content-length': Buffer.byteLength(reply.body),
    }
    if (!reply.fromProxy) headers['x-operately-version'] = headerValue
    if (reply.contentType) headers['content-type'] = reply.contentType
    if (reply.retryAfter !== undefined) headers['retry-after'] = reply.retryAfter
    else if (reply.status >= 500 && faults.retryAfterSeconds !== null)
      headers['retry-after'] = faults.retryAfterSeconds
    res.writeHead(reply.status, headers)
    res.end(reply.body)
    if (entry) entry.status = reply.status
  }

  /** What this request meets: a switch that is set, else the chaos draw, else nothing. */
  function planFor(method: string, url: URL, rawBody: string): FaultPlan {
    const isMutation = method === 'POST'
    const bySwitch = plannedBySwitches(faults, isMutation)
    if (bySwitch) return bySwitch
    if (!faults.chaos) return { name: null, before: { kind: 'none' }, after: null }
    const inputs = isMutation ? rawBody : url.search
    const endpoint = url.pathname.replace(/^\/api\/external\/v1\//, '')
    return chaos.plan(faults.chaos, `${method} ${url.pathname} ${inputs}`, isMutation, endpoint)
  }

  async function onApiRequest(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    rawBody: string,
  ): Promise<void> {
    const entry: RequestLogEntry = {
      method: req.method ?? '',
      path: url.pathname,
      endpoint: endpointName(url.pathname),
      query: Object.fromEntries(
        [...new Set(url.searchParams.keys())].map((k) => {
          const all = url.searchParams.getAll(k)
          return [k, all.length === 1 ? all[0]! : all]
        }),
      ),
      body: loggedBody(rawBody),
      status: null,
      committed: false,
      fault: null,
      at: isoTimestamp(now()),
    }
    state.requests.push(entry)

    const dropConnection = (): void => {
      req.socket.destroy()
    }
    if (paused) return dropConnection()
    const plan = planFor(req.method ?? '', url, rawBody)
    entry.fault = plan.name
    const before = plan.before
    await sleeper.sleep(faults.latencyMs + (before.kind === 'latency' ? before.ms : 0))
    if (before.kind === 'hold') await sleeper.sleep(before.ms)
    if (paused) return dropConnection()
    // A client that gave up while the request waited is gone before anything was processed:
    // like a real server whose request process dies with the connection, nothing is applied.
    if (req.socket.destroyed) return
    if (before.kind === 'answer') return send(res, before.reply, entry)
    if (before.kind === 'drop') return dropConnection()
    if (before.kind === 'commit-after-give-up') {
      // Held until the client closes the connection, as a server behind a slow queue or a proxy that has
      // already answered the client; applied a moment later, when nobody is left to tell.
      await sleeper.until((done) => {
        if (req.socket.destroyed) return done()
        res.once('close', done)
      })
      await sleeper.sleep(before.lateMs)
    }

    const request: ApiRequest = {
      method: req.method ?? '',
      pathname: url.pathname,
      search: url.searchParams,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      contentType: req.headers['content-type'],
      rawBody,
    }
    const { reply, committed } = answerApi(request, { state, version, now: now(), faults })
    entry.committed = committed
    const endpoint = entry.endpoint ?? ''
    if (committed && (before.kind === 'commit-after-give-up' || plan.after)) chaos.tookPlace(endpoint)
    if (before.kind === 'commit-after-give-up') return
    let after: AfterFault = { kind: 'none' }
    // A fault drawn for after a commit that did not happen (a refused request) never took place.
    if (!committed && plan.before.kind === 'none') entry.fault = null
    if (committed) {
      const bySwitch = afterCommitBySwitches(faults)
      if (bySwitch) {
        entry.fault = bySwitch.name
        after = bySwitch.after
      } else if (plan.after) {
        after = plan.after
      }
    }
    switch (after.kind) {
      case 'drop':
        return dropConnection()
      case 'reset':
        // An RST instead of an orderly close: the client sees ECONNRESET.
        req.socket.resetAndDestroy()
        return
      case 'answer':
        // With both set, a gateway that waited for the slow server, then gave up on it.
        if (entry.fault?.startsWith('failAfterCommit')) await sleeper.sleep(faults.hangAfterCommitMs)
        return send(res, afterCommitReply(after.answer), entry)
      case 'hang':
        await sleeper.sleep(after.ms)
        break
      case 'none':
        break
    }
    send(res, reply, entry)
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = new URL(req.url ?? '/', 'http://emulator.invalid')
    const rawBody = await readBody(req)
    if (parsed.pathname.startsWith(CONTROL_PREFIX))
      return handleControl(req, res, parsed.pathname, rawBody, control)
    const blob = req.method === 'GET' ? findBlob(parsed.pathname) : null
    if (blob) {
      res.writeHead(200, { 'content-type': blob.filetype, 'content-length': blob.content.length })
      res.end(blob.content)
      return
    }
    if (!parsed.pathname.startsWith('/api/')) return send(res, replies.pathNotFound())
    await onApiRequest(req, res, parsed, rawBody)
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      console.error('[emulator] request failed:', error)
      if (!res.headersSent) send(res, replies.crash())
    })
  })
  // Operately's server (Cowboy) keeps an idle connection 60 s; Node's 5 s default made a client busy with
  // a large document reuse a connection the emulator was closing, a failure real servers rarely give.
  // (Connections cut for real are faults the tests ask for.)
  server.keepAliveTimeout = 60_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
  reset()

  return {
    url,
    tokens: { ...DEFAULT_TOKENS },
    state,
    setFaults: control.setFaults,
    clearFaults: () => {
      faults = defaultFaults()
    },
    faults: control.faults,
    pause: control.pause,
    resume: control.resume,
    reset,
    seed: () => seed,
    close: () =>
      new Promise<void>((resolve, reject) => {
        sleeper.wakeAll()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
