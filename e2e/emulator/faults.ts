import { afterCommitAnswers, type AfterCommitAnswer, type ChaosFaults, type Faults } from './types'

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
    failAfterCommit: 0,
    failAfterCommitAnswer: '504-html',
    resetAfterCommit: 0,
    commitAfterGiveUp: 0,
    lateCommitMs: 100,
    chaos: null,
  }
}

const COUNTS = [
  'latencyMs',
  'serverErrors',
  'htmlBadGateway',
  'dropAfterCommit',
  'hangAfterCommitMs',
  'failAfterCommit',
  'resetAfterCommit',
  'commitAfterGiveUp',
  'lateCommitMs',
] as const
const SWITCHES = ['revokeTokens', 'omitDescription'] as const

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0

function parseChaos(v: unknown): { ok: true; chaos: ChaosFaults | null } | { ok: false; message: string } {
  if (v === null) return { ok: true, chaos: null }
  const bad = {
    ok: false as const,
    message:
      'chaos must be null or {"seed": <whole number>, "rate": <0 to 1>, "holdMs": <ms>, "lateCommitMs": <ms>}.',
  }
  if (typeof v !== 'object' || Array.isArray(v)) return bad
  const {
    seed,
    rate,
    holdMs,
    lateCommitMs,
    lateCommitMaxMs,
    lateCommitMaxMsFor,
    afterCommitFirstAt,
    ...rest
  } = v as Record<string, unknown>
  if (Object.keys(rest).length > 0) return bad
  if (!Number.isSafeInteger(seed) || !isCount(rate) || rate > 1) return bad
  if (!isCount(holdMs) || !isCount(lateCommitMs)) return bad
  if (lateCommitMaxMs !== undefined && (!isCount(lateCommitMaxMs) || lateCommitMaxMs < lateCommitMs))
    return bad
  const byEndpoint = lateCommitMaxMsFor ?? {}
  if (typeof byEndpoint !== 'object' || byEndpoint === null || Array.isArray(byEndpoint)) return bad
  if (!Object.values(byEndpoint).every((ms) => isCount(ms))) return bad
  const first = afterCommitFirstAt ?? []
  if (!Array.isArray(first) || !first.every((e) => typeof e === 'string')) return bad
  return {
    ok: true,
    chaos: {
      seed: seed as number,
      rate,
      holdMs,
      lateCommitMs,
      ...(lateCommitMaxMs !== undefined ? { lateCommitMaxMs } : {}),
      ...(lateCommitMaxMsFor !== undefined
        ? { lateCommitMaxMsFor: byEndpoint as Record<string, number> }
        : {}),
      ...(afterCommitFirstAt !== undefined ? { afterCommitFirstAt: first as string[] } : {}),
    },
  }
}

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
      if (!isCount(v)) return { ok: false, message: `${key} must be a number of 0 or more.` }
      out[key as (typeof COUNTS)[number]] = v
    } else if ((SWITCHES as readonly string[]).includes(key)) {
      if (typeof v !== 'boolean') return { ok: false, message: `${key} must be true or false.` }
      out[key as (typeof SWITCHES)[number]] = v
    } else if (key === 'retryAfterSeconds') {
      if (v !== null && !isCount(v)) {
        return { ok: false, message: 'retryAfterSeconds must be a number of 0 or more, or null.' }
      }
      out.retryAfterSeconds = v as number | null
    } else if (key === 'failAfterCommitAnswer') {
      if (!(afterCommitAnswers as readonly unknown[]).includes(v)) {
        return {
          ok: false,
          message: `failAfterCommitAnswer must be one of ${afterCommitAnswers.join(', ')}.`,
        }
      }
      out.failAfterCommitAnswer = v as AfterCommitAnswer
    } else if (key === 'chaos') {
      const parsed = parseChaos(v)
      if (!parsed.ok) return parsed
      out.chaos = parsed.chaos
    } else {
      return { ok: false, message: `Unknown fault switch: ${key}.` }
    }
  }
  return { ok: true, faults: out }
}

/** Timers that `close()` can cut short, so a held answer never keeps the process alive. */
export class Sleeper {
  private readonly pending = new Map<NodeJS.Timeout, () => void>()
  private readonly waiters = new Set<() => void>()

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

  /** Resolves when `subscribe` calls back, or when everything is woken (the emulator closes). */
  until(subscribe: (done: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (!this.waiters.delete(done)) return
        resolve()
      }
      this.waiters.add(done)
      subscribe(done)
    })
  }

  wakeAll(): void {
    for (const [timer, resolve] of this.pending) {
      clearTimeout(timer)
      resolve()
    }
    this.pending.clear()
    for (const done of [...this.waiters]) done()
  }
}
