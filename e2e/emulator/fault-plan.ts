import { createHash } from 'node:crypto'
import { replies, type Reply } from './replies'
import type { AfterCommitAnswer, ChaosFaults, Faults } from './types'

/**
 * What one API request meets, decided when it arrives: from the fault switches that are set (each used
 * up in turn), or else drawn from the chaos seed. `before` happens before the request is processed (so
 * nothing is applied); `after` only if the request then applied a mutation.
 */

export type BeforeFault =
  | { kind: 'none' }
  | { kind: 'latency'; ms: number }
  /** An answer instead of processing: nothing is applied. */
  | { kind: 'answer'; reply: Reply }
  /** The connection is lost before processing: nothing is applied. */
  | { kind: 'drop' }
  /** A query held this long before it is answered (a client with a shorter timeout has given up). */
  | { kind: 'hold'; ms: number }
  /** A mutation held until the client gives up, then applied `lateMs` later with nobody to answer. */
  | { kind: 'commit-after-give-up'; lateMs: number }

export type AfterFault =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: 'reset' }
  | { kind: 'hang'; ms: number }
  | { kind: 'answer'; answer: AfterCommitAnswer }

export interface FaultPlan {
  name: string | null
  before: BeforeFault
  /** Chaos decides this up front; switches decide it after the commit (`afterCommit`). */
  after: AfterFault | null
}

const none: FaultPlan = { name: null, before: { kind: 'none' }, after: null }

/** The answer a proxy or the server gives after the mutation was applied. */
export function afterCommitReply(answer: AfterCommitAnswer): Reply {
  const [statusText, body] = answer.split('-') as [string, 'html' | 'json']
  const status = Number(statusText)
  if (status === 500 && body === 'json') return replies.handlerFailure()
  return body === 'html' ? replies.proxyPage(status) : replies.proxyJson(status)
}

/** The switches that act before processing, used up in turn (the order is part of the README). */
export function plannedBySwitches(faults: Faults, isMutation: boolean): FaultPlan | null {
  if (faults.htmlBadGateway > 0) {
    faults.htmlBadGateway--
    return {
      name: 'htmlBadGateway',
      before: { kind: 'answer', reply: replies.badGatewayHtml() },
      after: null,
    }
  }
  if (faults.serverErrors > 0) {
    faults.serverErrors--
    return { name: 'serverErrors', before: { kind: 'answer', reply: replies.handlerFailure() }, after: null }
  }
  if (isMutation && faults.commitAfterGiveUp > 0) {
    faults.commitAfterGiveUp--
    return {
      name: 'commitAfterGiveUp',
      before: { kind: 'commit-after-give-up', lateMs: faults.lateCommitMs },
      after: null,
    }
  }
  return null
}

/** The switches that act once a mutation is applied, used up in turn. */
export function afterCommitBySwitches(faults: Faults): { name: string; after: AfterFault } | null {
  if (faults.dropAfterCommit > 0) {
    faults.dropAfterCommit--
    return { name: 'dropAfterCommit', after: { kind: 'drop' } }
  }
  if (faults.resetAfterCommit > 0) {
    faults.resetAfterCommit--
    return { name: 'resetAfterCommit', after: { kind: 'reset' } }
  }
  if (faults.failAfterCommit > 0) {
    faults.failAfterCommit--
    return {
      name: `failAfterCommit ${faults.failAfterCommitAnswer}`,
      after: { kind: 'answer', answer: faults.failAfterCommitAnswer },
    }
  }
  if (faults.hangAfterCommitMs > 0) {
    return { name: 'hangAfterCommitMs', after: { kind: 'hang', ms: faults.hangAfterCommitMs } }
  }
  return null
}

/** A small, fast PRNG (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Draw = (random: () => number, chaos: ChaosFaults, endpoint: string) => FaultPlan

const answerFirst =
  (name: string, reply: () => Reply): Draw =>
  () => ({
    name,
    before: { kind: 'answer', reply: reply() },
    after: null,
  })
const afterCommit =
  (name: string, after: AfterFault): Draw =>
  () => ({ name, before: { kind: 'none' }, after })

/** Faults any request can meet. */
const anyRequest: Record<string, Draw> = {
  latency: (random, chaos) => ({
    name: 'latency',
    before: { kind: 'latency', ms: Math.floor(random() * (chaos.holdMs / 2)) },
    after: null,
  }),
  'error-500': answerFirst('error-500', () => replies.handlerFailure()),
  'bad-gateway-502': answerFirst('bad-gateway-502', () => replies.badGatewayHtml()),
  'unavailable-503': answerFirst('unavailable-503', () => ({ ...replies.proxyPage(503), retryAfter: 1 })),
  'drop-before': () => ({ name: 'drop-before', before: { kind: 'drop' }, after: null }),
}

/** Faults only a query meets: its answer comes after the client's timeout. */
const queryOnly: Record<string, Draw> = {
  'slow-answer': (_random, chaos) => ({
    name: 'slow-answer',
    before: { kind: 'hold', ms: chaos.holdMs },
    after: null,
  }),
}

/** Faults only a mutation meets: it is applied, and then the client hears something else. */
const mutationOnly: Record<string, Draw> = {
  ...Object.fromEntries(
    (
      [
        '500-json',
        '500-html',
        '502-json',
        '502-html',
        '503-json',
        '503-html',
        '504-json',
        '504-html',
      ] as const satisfies AfterCommitAnswer[]
    ).map((answer) => [
      `commit-then-${answer}`,
      afterCommit(`commit-then-${answer}`, { kind: 'answer', answer }),
    ]),
  ),
  'commit-then-hang': (_random, chaos) => ({
    name: 'commit-then-hang',
    before: { kind: 'none' },
    after: { kind: 'hang', ms: chaos.holdMs },
  }),
  'commit-then-drop': afterCommit('commit-then-drop', { kind: 'drop' }),
  'commit-then-reset': afterCommit('commit-then-reset', { kind: 'reset' }),
  'commit-after-give-up': (random, chaos, endpoint) => {
    const max = Math.min(
      chaos.lateCommitMaxMs ?? chaos.lateCommitMs,
      chaos.lateCommitMaxMsFor?.[endpoint] ?? Infinity,
    )
    return {
      name: 'commit-after-give-up',
      before: {
        kind: 'commit-after-give-up',
        lateMs:
          max <= chaos.lateCommitMs
            ? chaos.lateCommitMs
            : chaos.lateCommitMs + Math.floor(random() * (max - chaos.lateCommitMs)),
      },
      after: null,
    }
  },
}

/** Every fault the chaos mix can draw, by name (README lists them). */
export const chaosFaultNames = {
  query: [...Object.keys(anyRequest), ...Object.keys(queryOnly)],
  mutation: [...Object.keys(anyRequest), ...Object.keys(mutationOnly)],
}

/**
 * The seeded mix. Each request is identified by its method, endpoint and inputs and by how many such
 * requests came before it; its fault depends only on that and the seed, not on what else is going on,
 * so a replay with the same seed meets the same faults even when other requests interleave differently.
 */
export function createChaos() {
  const seen = new Map<string, number>()
  /** Endpoints of `afterCommitFirstAt` where an after-the-commit fault has taken place. */
  const met = new Set<string>()
  return {
    reset: () => {
      seen.clear()
      met.clear()
    },
    /** A mutation at `endpoint` was applied and then met its after-the-commit fault. */
    tookPlace: (endpoint: string) => met.add(endpoint),
    plan(chaos: ChaosFaults, identity: string, isMutation: boolean, endpoint: string): FaultPlan {
      const occurrence = seen.get(identity) ?? 0
      seen.set(identity, occurrence + 1)
      const digest = createHash('sha256').update(`${chaos.seed}\n${identity}\n${occurrence}`).digest()
      const random = mulberry32(digest.readUInt32LE(0))
      if (isMutation && chaos.afterCommitFirstAt?.includes(endpoint) && !met.has(endpoint)) {
        const names = Object.keys(mutationOnly)
        return mutationOnly[names[Math.floor(random() * names.length)]!]!(random, chaos, endpoint)
      }
      if (random() >= chaos.rate) return none
      const table = isMutation ? { ...anyRequest, ...mutationOnly } : { ...anyRequest, ...queryOnly }
      const names = Object.keys(table)
      const draw = table[names[Math.floor(random() * names.length)]!]!
      return draw(random, chaos, endpoint)
    },
  }
}
