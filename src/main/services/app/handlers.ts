import type { appOperations } from '@shared/contract/app'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { LinkService } from './link-service'
import { noNumberSettings, type NumberSettingsSource } from './number-settings'

/**
 * The page's links go through the one link policy (link-policy.ts): web and e-mail addresses open only
 * after main's own dialog got Open (for the signed-in server, once: its later pages open at once),
 * anything else is refused. The page chooses the server itself (sign-in is a page call), so a compromised
 * page that signs in elsewhere still meets the dialog; it learns what happened, and cannot answer it.
 */
export function createAppHandlers(deps: {
  links: LinkService
  hidePopup: () => void
  /** The OS's locale for numbers (Electron's app.getSystemLocale()); none where there is none to ask. */
  numberLocale?: () => string | null
  /** The person's own number settings and, on macOS, the locale the OS formats in; absent in tests. */
  numberSettings?: NumberSettingsSource
}): AreaHandlers<typeof appOperations> {
  return {
    'app.hidePopup': async () => {
      deps.hidePopup()
      return {}
    },
    'app.openExternal': ({ url }) => deps.links.request(url, 'open-external'),
    'app.numberLocale': async () => {
      const source = deps.numberSettings
      // A reader that fails leaves the locale's defaults: numbers are still read, the locale's way.
      const [osLocale, settings] = await Promise.all([
        source?.locale().catch(() => null) ?? null,
        source?.settings().catch(() => noNumberSettings) ?? noNumberSettings,
      ])
      const locale = canonicalLocale(() => osLocale) ?? canonicalLocale(deps.numberLocale ?? (() => null))
      return { locale, settings }
    },
  }
}

/** The locale in its standard spelling (`de_CH` → `de-CH`), or null when there is none or it is no locale. */
export function canonicalLocale(read: () => string | null): string | null {
  try {
    const raw = read()?.trim().replace(/_/g, '-')
    return raw ? (Intl.getCanonicalLocales(raw)[0] ?? null) : null
  } catch {
    return null
  }
}
