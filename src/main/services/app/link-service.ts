import type { LinkOutcome } from '@shared/contract/app'
import type { Logger } from '../log/logger'
import type { SessionService } from '../session/session-service'
import { addressForLog, decideLink, type LinkQuestion, type LinkVia } from './link-policy'

export type OpenExternal = (url: string) => Promise<void>

/**
 * Main's own question before a link leaves the app (a native dialog in the app, shell/link-dialog.ts):
 * true only when the person chose Open. Nothing the page sends can answer it.
 */
export type AskBeforeOpening = (question: LinkQuestion) => Promise<boolean>

export interface LinkService {
  /**
   * Applies the link policy (link-policy.ts): asks main's dialog about a web or e-mail address and opens
   * it only on Open (the signed-in server's pages once: after Open they open at once), refuses the rest
   * (logged, with the way the link tried to leave).
   */
  request(url: string, via: LinkVia): Promise<LinkOutcome>
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

export function createLinkService(deps: {
  session: Pick<SessionService, 'get'>
  openExternal: OpenExternal
  ask: AskBeforeOpening
  log: Logger
}): LinkService {
  const { log } = deps
  // One dialog at a time: a page asking in a loop gets refusals, not a pile of dialogs to click away.
  let asking = false

  const open = async (url: string) => {
    try {
      await deps.openExternal(url)
    } catch (err) {
      // The browser could not be started: the person sees nothing happen, the log says why.
      log.warn('the default browser could not open a link', { url: addressForLog(url), error: message(err) })
      throw err
    }
  }

  const serverOrigin = async (): Promise<string | null> => {
    const state = await deps.session.get()
    return state.status === 'signed_in' ? new URL(state.baseUrl).origin : null
  }

  const refuse = (via: LinkVia, url: string, reason: string): LinkOutcome => {
    log.warn('refused to open a link', { via, reason, url: addressForLog(url) })
    return { status: 'refused', reason }
  }

  // The server the person said Open to: its pages open without asking again while it is the one signed in
  // to. The page picks the server itself (sign-in is a page call), so no server is trusted before that.
  let trustedOrigin: string | null = null

  return {
    async request(url, via) {
      const decision = decideLink(url, await serverOrigin())
      if (decision.action === 'refuse') return refuse(via, String(url), decision.reason)
      let question: LinkQuestion
      if (decision.action === 'open') {
        const server = new URL(decision.url)
        if (server.origin === trustedOrigin) {
          await open(decision.url)
          return { status: 'opened' }
        }
        question = { kind: 'web', url: server.href, host: server.host, server: true }
      } else {
        question = decision.question
      }
      if (asking) return refuse(via, question.url, 'a question about another link is still open')
      log.info('asking before opening a link', { via, kind: question.kind, url: addressForLog(question.url) })
      asking = true
      let yes: boolean
      try {
        yes = await deps.ask(question)
      } catch (err) {
        log.warn('the question before opening a link could not be shown', { error: message(err) })
        return { status: 'refused', reason: 'Operately Tray could not ask you about it' }
      } finally {
        asking = false
      }
      if (!yes) return { status: 'cancelled' }
      if (question.kind === 'web' && question.server) trustedOrigin = new URL(question.url).origin
      log.info('opening a link the person agreed to', {
        kind: question.kind,
        url: addressForLog(question.url),
      })
      // The address main decided on and showed, never anything the page sends later.
      await open(question.url)
      return { status: 'opened' }
    },
  }
}
