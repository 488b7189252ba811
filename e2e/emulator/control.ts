import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseFaults } from './faults'
import { SEED_NAMES, type EmulatorState, type Faults, type SeedName } from './types'

/**
 * The control API under /__emulator/, for tests in another process (Playwright) that cannot hold
 * the Emulator object. It is never under /api/, needs no token, and answers JSON.
 */

export const CONTROL_PREFIX = '/__emulator/'

export interface ControlTarget {
  state: EmulatorState
  faults(): Faults
  setFaults(faults: Partial<Faults>): void
  /** With a seed name, switches the company that this and later resets seed. */
  reset(seed?: SeedName): void
  seed(): SeedName
  pause(): void
  resume(): void
  isPaused(): boolean
  /** Freeze the server clock at this time, or null to follow the configured clock again. */
  setClock(now: Date | null): void
}

function send(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  if (raw.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(raw) }
  } catch {
    return { ok: false }
  }
}

/** Everything in the state except the API tokens. */
export function publicState(state: EmulatorState): Omit<EmulatorState, 'apiTokens'> {
  const { apiTokens: _tokens, ...rest } = state
  return rest
}

export function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  rawBody: string,
  target: ControlTarget,
): void {
  const route = `${req.method} ${pathname.slice(CONTROL_PREFIX.length)}`
  const body = parseJson(rawBody)
  if (!body.ok) return send(res, 400, { error: 'The request body is not valid JSON.' })

  switch (route) {
    case 'GET state':
      return send(res, 200, publicState(target.state))
    case 'GET faults':
      return send(res, 200, { faults: target.faults(), paused: target.isPaused() })
    case 'POST faults': {
      const parsed = parseFaults(body.value)
      if (!parsed.ok) return send(res, 400, { error: parsed.message })
      target.setFaults(parsed.faults)
      return send(res, 200, { faults: target.faults(), paused: target.isPaused() })
    }
    case 'POST reset': {
      const seed = (body.value as { seed?: unknown }).seed
      if (seed !== undefined && !SEED_NAMES.includes(seed as SeedName)) {
        return send(res, 400, { error: `"seed" is one of ${SEED_NAMES.join(', ')}, or left out.` })
      }
      target.reset(seed as SeedName | undefined)
      return send(res, 200, { ok: true, seed: target.seed() })
    }
    case 'POST pause':
      target.pause()
      return send(res, 200, { ok: true, paused: true })
    case 'POST resume':
      target.resume()
      return send(res, 200, { ok: true, paused: false })
    case 'POST clock': {
      const value = (body.value as { now?: unknown }).now
      if (value === null) {
        target.setClock(null)
        return send(res, 200, { ok: true, now: null })
      }
      const when = typeof value === 'string' ? new Date(value) : null
      if (!when || Number.isNaN(when.getTime())) {
        return send(res, 400, { error: 'Send {"now": "<ISO-8601 time>"} or {"now": null}.' })
      }
      target.setClock(when)
      return send(res, 200, { ok: true, now: when.toISOString() })
    }
    default:
      return send(res, 404, {
        error: `No control endpoint ${route}. Try GET state, GET/POST faults, POST reset|pause|resume|clock.`,
      })
  }
}
