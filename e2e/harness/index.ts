import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { OPERATELY_MAX_BODY_BYTES } from '@shared/domain/operately-limits'
import { appError, type AppError, type Result } from '@shared/errors'
import { createMainServices, type MainServices } from '../../src/main/services/create-services'
import { browserHarnessPolicy } from '../../src/main/shell/content-security-policy'
import { mimeTypeFor, rendererHeaders, resolveStaticFile } from '../../src/main/shell/renderer-files'
import {
  bridgeScript,
  bridgeScriptPath,
  callPathPrefix,
  harnessKeyHeader,
  harnessKeyParam,
} from './bridge-script'
import { prepareIndexHtml } from './html'
import { isOwnHost, isSameOriginCall } from './same-origin'

export interface HarnessOptions {
  /** 0 (the default) picks a free port. The harness listens on 127.0.0.1 only. */
  port?: number
  /** Where the main services keep their files; ignored when `services` is given. */
  dataDir: string
  /** The built renderer; defaults to `out/renderer` (run `npx electron-vite build` first). */
  rendererDir?: string
  /**
   * Services to forward to; by default built with createMainServices, the real keychain and the harness's
   * own keychain service name (harnessVaultService), so it never reads or overwrites the app's token.
   */
  services?: MainServices
  /** The largest request body taken; defaults to what Operately accepts (tests set a smaller one). */
  maxBodyBytes?: number
  /**
   * The capability key; a new random one by default. Given only by a test that restarts the harness
   * under a page that is already open (the page keeps the key it was opened with).
   */
  key?: string
}

export interface Harness {
  /**
   * The page to open, carrying the harness's capability key (`?key=…`): only a page opened at this
   * address can call the bridge. Print it to the person who started the harness, nowhere else.
   */
  url: string
  services: MainServices
  close(): Promise<void>
}

export const defaultRendererDir = fileURLToPath(new URL('../../out/renderer/', import.meta.url))

/** The keychain service the harness keeps tokens under when it builds its own services. */
export const harnessVaultService = 'Operately Tray (browser harness)'

/**
 * Operately accepts request bodies up to 256 MB, so a description the server would take must pass through
 * here too (the app's contract uses the same figure).
 */
export { OPERATELY_MAX_BODY_BYTES }

class BodyTooLarge extends Error {
  constructor(readonly bytes: number) {
    super('body too large')
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`

/**
 * The answer to a body over the limit: says "too large", how large, and that nothing happened. In bytes
 * when the two sizes would read the same in MB ("256 MB, at most 256 MB" tells nobody anything).
 */
export function tooLargeMessage(bytes: number, limit: number): string {
  const [size, most] =
    megabytes(bytes) === megabytes(limit)
      ? [bytes, limit].map((n) => `${n.toLocaleString('en-US')} bytes`)
      : [megabytes(bytes), megabytes(limit)]
  return `This request is too large for the app: ${size}, and Operately accepts at most ${most}. Nothing was saved or sent.`
}

/**
 * Reads the body, up to `limit` bytes. Past that the rest is read and dropped (not buffered), so the
 * browser gets the 413 answer instead of a cut connection it would report as "did not answer".
 */
const readBody = (req: IncomingMessage, limit: number): Promise<string> =>
  new Promise((resolvePromise, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN)
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else chunks.length = 0
    })
    req.on('end', () => {
      if (size > limit) reject(new BodyTooLarge(Number.isFinite(declared) ? declared : size))
      else resolvePromise(Buffer.concat(chunks).toString('utf8'))
    })
    req.on('error', reject)
  })

// Every answer carries the page's CSP and the other headers the app:// scheme sends (renderer-files.ts).
const policy = browserHarnessPolicy()
const headers = (contentType: string) => rendererHeaders(policy, contentType)

const sendResult = (res: ServerResponse, status: number, result: Result<unknown>) => {
  res.writeHead(status, headers('application/json; charset=utf-8'))
  res.end(JSON.stringify(result))
}

const failure = (error: AppError): Result<never> => ({ ok: false, error })

const sendText = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, headers('text/plain; charset=utf-8'))
  res.end(text)
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Compares the key a call carries with ours in constant time (equal-length digests, whatever was sent). */
const keyMatches = (sent: string | string[] | undefined, key: string): boolean =>
  typeof sent === 'string' && timingSafeEqual(digest(sent), digest(key))

/**
 * Serves the built renderer to a browser and stands in for Electron's preload and IPC: each bridge call
 * arrives as `POST /__harness/call/<operation>` and goes through the same dispatcher (same contract,
 * same validation) to the same main services the app runs.
 *
 * The harness drives a real keychain and a real signed-in token, so it is a capability: it makes a random
 * key, puts it in the one URL it hands out, and answers a bridge call only when the call carries that key
 * (and comes from its own origin, on loopback). Another local process can forge Host, Origin and
 * Sec-Fetch-Site, but not the key.
 */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = options.rendererDir ?? defaultRendererDir
  const indexPath = join(rendererDir, 'index.html')
  if (!existsSync(indexPath)) {
    throw new Error(`No renderer build at ${rendererDir}. Build it first with: npx electron-vite build`)
  }
  const services =
    options.services ??
    (await createMainServices({
      dataDir: options.dataDir,
      keytar: (await import('keytar')).default,
      vaultService: harnessVaultService,
    }))
  const log = services.log
  const maxBodyBytes = options.maxBodyBytes ?? OPERATELY_MAX_BODY_BYTES
  let port = 0
  const key = options.key ?? randomBytes(32).toString('base64url')

  // Bridge calls still being answered; close() waits for them.
  const inFlight = new Set<Promise<unknown>>()
  const handleCall = async (req: IncomingMessage, res: ServerResponse, name: string) => {
    if (req.method !== 'POST') {
      return sendResult(res, 405, failure(appError('invalid_input', 'Bridge calls are POST requests.')))
    }
    if (!isSameOriginCall(req.headers, port) || !keyMatches(req.headers[harnessKeyHeader], key)) {
      req.resume()
      log.warn('the browser harness refused a bridge call', { operation: name.slice(0, 80) })
      return sendResult(
        res,
        403,
        failure(appError('forbidden', 'This harness answers only the page it opened itself.')),
      )
    }
    let body: string
    try {
      body = await readBody(req, maxBodyBytes)
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        return sendResult(
          res,
          413,
          failure(appError('invalid_input', tooLargeMessage(err.bytes, maxBodyBytes))),
        )
      }
      throw err
    }
    const isJson = /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')
    let input: unknown = body
    if (isJson) {
      try {
        input = JSON.parse(body)
      } catch {
        input = body
      }
    }
    // Input that is not JSON reaches the dispatcher as the raw text, which no operation accepts: the
    // caller gets the dispatcher's own `invalid_input` answer, exactly as malformed IPC input would.
    const call = services.dispatch(name, input)
    inFlight.add(call)
    try {
      sendResult(res, 200, await call)
    } finally {
      inFlight.delete(call)
    }
  }

  const handleStatic = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed')
    if (pathname === bridgeScriptPath) {
      res.writeHead(200, headers('text/javascript; charset=utf-8'))
      return res.end(req.method === 'HEAD' ? undefined : bridgeScript())
    }
    if (pathname === '/' || pathname === '/index.html') {
      // Read on every request, so a rebuilt renderer shows up on reload.
      const html = prepareIndexHtml(await readFile(indexPath, 'utf8'))
      res.writeHead(200, headers('text/html; charset=utf-8'))
      return res.end(req.method === 'HEAD' ? undefined : html)
    }
    const file = await resolveStaticFile(rendererDir, pathname)
    if (!file) return sendText(res, 404, 'Not Found')
    const content = await readFile(file)
    res.writeHead(200, { ...headers(mimeTypeFor(file)), 'content-length': content.length })
    res.end(req.method === 'HEAD' ? undefined : content)
  }

  const server = createServer((req, res) => {
    const respond = async () => {
      if (!isOwnHost(req.headers, port))
        return sendText(res, 421, 'This harness answers only at its own address.')
      const pathname = new URL(req.url ?? '/', 'http://harness.invalid').pathname
      if (pathname.startsWith(callPathPrefix)) {
        let name: string
        try {
          name = decodeURIComponent(pathname.slice(callPathPrefix.length))
        } catch {
          name = pathname.slice(callPathPrefix.length)
        }
        return handleCall(req, res, name)
      }
      return handleStatic(req, res, pathname)
    }
    respond().catch((err: unknown) => {
      log.error('harness request failed', {
        // The path only: the page's own address carries the key in its query.
        path: (req.url ?? '/').split(/[?#]/)[0]?.slice(0, 200),
        error: err instanceof Error ? err.message : String(err),
      })
      if (res.headersSent) return res.destroy()
      sendResult(
        res,
        500,
        failure(appError('internal', 'The browser harness failed to answer this request.')),
      )
    })
  })

  // The page reuses its connection for each call. Node closes one idle for 5 s, and a call sent at that
  // moment fails ("did not answer"), which happened on a busy machine. Electron's IPC, which the harness
  // stands in for, never drops a call, so neither side of the harness closes an idle connection here:
  // the browser closes its own after minutes, and close() ends them all.
  server.keepAliveTimeout = 0

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolvePromise()
    })
  })
  port = (server.address() as AddressInfo).port

  // Closing twice (a test that restarts the app, then the fixture's teardown) closes once.
  let closing: Promise<void> | null = null
  const close = async () => {
    await new Promise<void>((resolvePromise, reject) => {
      server.close((err) => (err ? reject(err) : resolvePromise()))
      server.closeAllConnections()
    })
    // A call the page made just before it closed (a draft save, say) still finishes its disk write;
    // wait for it, so whoever removes the data folder next does not race it.
    await Promise.allSettled([...inFlight])
  }

  return {
    url: `http://127.0.0.1:${port}/?${harnessKeyParam}=${key}`,
    services,
    close: () => (closing ??= close()),
  }
}
