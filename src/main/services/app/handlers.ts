import type { appOperations } from '@shared/contract/app'
import { AppFailure, appError } from '@shared/errors'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { LinkService } from './link-service'

/**
 * The page's links go through the one link policy (link-policy.ts): pages of the signed-in server open
 * in the default browser, other web addresses come back as a question the popup asks, anything else is
 * refused. A compromised page can therefore open, unasked, only pages of the server it is signed in to.
 */
export function createAppHandlers(deps: {
  links: LinkService
  hidePopup: () => void
  /** The OS's locale for numbers (Electron's app.getSystemLocale()); none where there is none to ask. */
  numberLocale?: () => string | null
}): AreaHandlers<typeof appOperations> {
  return {
    'app.hidePopup': async () => {
      deps.hidePopup()
      return {}
    },
    'app.openExternal': async ({ url }) => {
      const outcome = await deps.links.request(url, 'open-external')
      if (outcome.status === 'refused') {
        throw new AppFailure(
          appError(
            'invalid_input',
            'Only web addresses (http:// or https://) can be opened from Operately Tray. This link was not opened.',
          ),
        )
      }
      return outcome
    },
    'app.takeLinkQuestion': async () => ({ question: deps.links.take() }),
    'app.answerLinkQuestion': ({ id, open }) => deps.links.answer(id, open),
    'app.numberLocale': async () => ({ locale: canonicalLocale(deps.numberLocale ?? (() => null)) }),
  }
}

/** The locale in its standard spelling (`de_CH` → `de-CH`), or null when there is none or it is no locale. */
function canonicalLocale(read: () => string | null): string | null {
  try {
    const raw = read()?.trim().replace(/_/g, '-')
    return raw ? (Intl.getCanonicalLocales(raw)[0] ?? null) : null
  } catch {
    return null
  }
}
