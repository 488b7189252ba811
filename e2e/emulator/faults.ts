import type { Faults } from './types'

/** Fault switches for tests: what real networks and servers do to a client. */

export function defaultFaults(): Faults {
  return {
    latencyMs: 0,
    serverErrors: 0,
    htmlBadGateway: 0,
    revokeTokens: false,
    dropAfterCommit: 0,
    hangAfterCommitMs: 0,
    omitDescription: true,
    retryAfterSeconds: null,
  }
}

const COUNTS = [
  'latencyMs',
  'serverErrors',
  'htmlBadGateway',
  'dropAfterCommit',
  'hangAfterCommitMs',
] as const
const SWITCHES = ['revokeTokens', 'omitDescription'] as const

/** Checks a partial Faults object from outside (the control API); returns it or a sentence saying what is wrong. */
export function parseFaults(
  value: unknown,
): { ok: true; faults: Partial<Faults> } | { ok: false; message: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'Send a JSON object of fault switches.' }
  }
  const out: Partial<Faults> = {}
  for (const [key, v] of Object.entries(value)) {
    if ((COUNTS as readonly string[]).includes(key)) {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
        return { ok: false, message: `${key} must be a number of 0 or more.` }
      }
      out[key as (typeof COUNTS)[number]] = v
    } else if ((SWITCHES as readonly string[]).includes(key)) {
      if (typeof v !== 'boolean') return { ok: false, message: `${key} must be true or false.` }
      out[key as (typeof SWITCHES)[number]] = v
    } else if (key === 'retryAfterSeconds') {
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) {
        return { ok: false, message: 'retryAfterSeconds must be a number of 0 or more, or null.' }
      }
      out.retryAfterSeconds = v as number | null
    } else {
      return { ok: false, message: `Unknown fault switch: ${key}.` }
    }
  }
  return { ok: true, faults: out }
}

/** Timers that `close()` can cut short, so a held answer never keeps the process alive. */
export class Sleeper {
  private readonly pending = new Map<NodeJS.Timeout, () => void>()

  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(timer)
        resolve()
      }, ms)
      this.pending.set(timer, resolve)
    })
  }

  wakeAll(): void {
    for (const [timer, resolve] of this.pending) {
      clearTimeout(timer)
      resolve()
    }
    this.pending.clear()
  }
}
