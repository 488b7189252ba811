import { randomUUID } from 'node:crypto'
import type { LinkQuestion, LinkOutcome } from '@shared/contract/app'
import type { Logger } from '../log/logger'
import type { SessionService } from '../session/session-service'
import { addressForLog, decideLink, type LinkVia } from './link-policy'

export type OpenExternal = (url: string) => Promise<void>

/** A question nobody answered within this long is forgotten: a late "Open" then opens nothing. */
export const questionTtlMs = 2 * 60_000
/** At most this many questions wait at once; a page asking in a loop only replaces its own. */
const maxWaiting = 5

export interface LinkService {
  /**
   * Applies the link policy (link-policy.ts): opens the server's own pages, keeps a question for any
   * other web address, refuses the rest (logged, with the way the link tried to leave).
   */
  request(url: string, via: LinkVia): Promise<LinkOutcome>
  /** The newest question the popup has not shown yet (one asked by a navigation main stopped). */
  take(): LinkQuestion | null
  /** The person's answer; "open" opens the address main kept for that question, never one sent now. */
  answer(id: string, open: boolean): Promise<{ opened: boolean }>
  /** Called when a navigation (not the page itself) left a question: the shell tells the popup to ask. */
  onQuestion(listener: () => void): () => void
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

export function createLinkService(deps: {
  session: Pick<SessionService, 'get'>
  openExternal: OpenExternal
  log: Logger
  now?: () => number
}): LinkService {
  const { log } = deps
  const now = deps.now ?? Date.now
  const waiting = new Map<string, LinkQuestion & { at: number; shown: boolean }>()
  const listeners = new Set<() => void>()

  const open = async (url: string) => {
    try {
      await deps.openExternal(url)
    } catch (err) {
      // The browser could not be started: the person sees nothing happen, the log says why.
      log.warn('the default browser could not open a link', { url: addressForLog(url), error: message(err) })
      throw err
    }
  }

  const prune = () => {
    for (const [id, question] of waiting) if (now() - question.at > questionTtlMs) waiting.delete(id)
    while (waiting.size >= maxWaiting) {
      const oldest = waiting.keys().next().value
      if (oldest === undefined) break
      waiting.delete(oldest)
    }
  }

  const serverOrigin = async (): Promise<string | null> => {
    const state = await deps.session.get()
    return state.status === 'signed_in' ? new URL(state.baseUrl).origin : null
  }

  return {
    async request(url, via) {
      const decision = decideLink(url, await serverOrigin())
      if (decision.action === 'refuse') {
        log.warn('refused to open a link', { via, reason: decision.reason, url: addressForLog(String(url)) })
        return { status: 'refused', reason: decision.reason }
      }
      if (decision.action === 'open') {
        await open(decision.url)
        return { status: 'opened' }
      }
      prune()
      const question = { id: randomUUID(), host: decision.host, url: decision.url }
      // The page's own call shows the question it gets back; only a navigation needs the popup told.
      waiting.set(question.id, { ...question, at: now(), shown: via === 'open-external' })
      log.info('asking before opening a link to another site', { via, host: decision.host })
      if (via !== 'open-external') for (const listener of listeners) listener()
      return { status: 'ask', question }
    },
    take() {
      prune()
      const unseen = [...waiting.values()].filter((question) => !question.shown).at(-1)
      if (!unseen) return null
      unseen.shown = true
      return { id: unseen.id, host: unseen.host, url: unseen.url }
    },
    async answer(id, yes) {
      const question = waiting.get(id)
      waiting.delete(id)
      if (!question || now() - question.at > questionTtlMs) return { opened: false }
      if (!yes) return { opened: false }
      log.info('opening a link to another site the person agreed to', { host: question.host })
      await open(question.url)
      return { opened: true }
    },
    onQuestion(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
