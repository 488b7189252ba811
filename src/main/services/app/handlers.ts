import type { appOperations } from '@shared/contract/app'
import { AppFailure, appError } from '@shared/errors'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { Logger } from '../log/logger'
import type { SessionService } from '../session/session-service'

export type OpenExternal = (url: string) => Promise<void>

/**
 * The renderer may ask for a page of the signed-in Operately server to be opened in the default browser
 * ("Open in Operately"). Anything else — another site, another scheme, a server we are not signed in to —
 * is refused: a compromised page must not be able to launch arbitrary URLs through us.
 */
export function createAppHandlers(deps: {
  session: SessionService
  openExternal: OpenExternal
  hidePopup: () => void
  log: Logger
}): AreaHandlers<typeof appOperations> {
  return {
    'app.hidePopup': async () => {
      deps.hidePopup()
      return {}
    },
    'app.openExternal': async ({ url }) => {
      const state = await deps.session.get()
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        throw new AppFailure(appError('invalid_input', 'That link is not a web address.'))
      }
      const onServer = state.status === 'signed_in' && parsed.origin === new URL(state.baseUrl).origin
      if (
        (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
        !onServer ||
        parsed.username ||
        parsed.password
      ) {
        deps.log.warn('refused to open a link outside the signed-in server', { url: url.slice(0, 200) })
        throw new AppFailure(
          appError('invalid_input', 'Only pages of your Operately server can be opened from here.'),
        )
      }
      await deps.openExternal(parsed.href)
      return {}
    },
  }
}
