import type { Logger } from '../services/log/logger'

/**
 * Links from the popup open in the user's browser, never inside the app. Only http(s) addresses are
 * handed to the OS: `file:`, `javascript:`, custom protocol handlers and anything unparsable are
 * dropped, because `shell.openExternal` would happily launch them.
 */
export function externalHttpUrl(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  return url.href
}

export type OpenExternal = (url: string) => Promise<void>

export function createLinkOpener(openExternal: OpenExternal, log: Logger): (raw: string) => boolean {
  return (raw) => {
    const url = externalHttpUrl(raw)
    if (!url) {
      log.warn('refused to open a link that is not a web address', { url: String(raw).slice(0, 200) })
      return false
    }
    openExternal(url).catch((err: unknown) =>
      log.warn('the default browser could not open a link', {
        url,
        error: err instanceof Error ? err.message : String(err),
      }),
    )
    return true
  }
}
