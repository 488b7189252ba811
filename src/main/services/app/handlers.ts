import type { appOperations } from '@shared/contract/app'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { LinkService } from './link-service'

/**
 * The page's links go through the one link policy (link-policy.ts): pages of the signed-in server open
 * in the default browser, other web and e-mail addresses only after main's own dialog got Open, anything
 * else is refused. A compromised page can therefore open, unasked, only pages of the server it is signed
 * in to; the page learns what happened, and has no way to answer the question itself.
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
    'app.openExternal': ({ url }) => deps.links.request(url, 'open-external'),
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
