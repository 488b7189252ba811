// Which web addresses a link may point to. Only http, https and mailto: anything else (javascript:,
// data:, file:, vbscript:, custom app schemes) could run code or open local files when clicked.

export type LinkValidation = { ok: true; href: string } | { ok: false; message: string }

const ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// Browsers ignore tabs and line breaks inside addresses ("java\nscript:"), so such characters are
// refused outright rather than silently removed.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/u
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/
const HOST_LIKE = /^(?:www\.)?[^\s/?#:@]+\.[^\s/?#:@]{2,}(?::\d+)?(?:[/?#].*)?$/i

function schemeOf(href: string): string | null {
  return SCHEME.exec(href)?.[1]?.toLowerCase() ?? null
}

/** True when an href already stored or pasted uses a scheme this app lets people follow. */
export function isAllowedLinkHref(href: unknown): boolean {
  if (typeof href !== 'string' || href === '' || INVISIBLE.test(href)) return false
  const scheme = schemeOf(href)
  return scheme !== null && (ALLOWED_SCHEMES as readonly string[]).includes(scheme)
}

/**
 * Checks an address typed into the link field and completes the obvious cases: "example.com" becomes
 * "https://example.com", "ann@example.com" becomes "mailto:ann@example.com". Messages are meant for the
 * person typing.
 */
export function validateLinkUrl(input: string): LinkValidation {
  const text = input.trim()
  if (text === '') return { ok: false, message: 'Enter the address the link should open.' }
  if (INVISIBLE.test(text))
    return { ok: false, message: 'A link address cannot contain spaces or invisible characters.' }

  // "example.com:8080/page" is a host with a port, not a scheme called "example.com".
  const scheme = HOST_LIKE.test(text) && schemeOf(text)?.includes('.') ? null : schemeOf(text)
  if (scheme === null) {
    if (text.startsWith('//')) return validateLinkUrl(`https:${text}`)
    if (EMAIL.test(text)) return { ok: true, href: `mailto:${text}` }
    if (HOST_LIKE.test(text)) return validateLinkUrl(`https://${text}`)
    return {
      ok: false,
      message: 'This does not look like a web address. Use a full address such as https://example.com.',
    }
  }

  if (scheme === 'mailto') {
    const address = text.slice('mailto:'.length).split('?')[0] ?? ''
    if (!address.includes('@'))
      return { ok: false, message: 'An e-mail link needs an address, such as mailto:ann@example.com.' }
    return { ok: true, href: text }
  }

  if (scheme === 'http' || scheme === 'https') {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return { ok: false, message: 'This web address is not complete. Check it and try again.' }
    }
    if (url.hostname === '' || !/^https?:\/\//i.test(text)) {
      return { ok: false, message: 'This web address is not complete. Check it and try again.' }
    }
    return { ok: true, href: text }
  }

  return {
    ok: false,
    message: `Links to “${scheme}:” addresses are not allowed. Use an address that starts with https://, http:// or mailto:.`,
  }
}
