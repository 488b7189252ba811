/**
 * The one rule for every way a link can leave the app's window — a navigation of the page, a navigation
 * inside a frame, window.open or a target=_blank link, and the page's `app.openExternal` call:
 *
 * - a page of the Operately server the person is signed in to opens in the default browser at once;
 * - any other http(s) address, and a mailto: link to well-formed addresses, is opened only after the
 *   person said Open in main's own dialog ("Open example.com in your browser?"), because a description
 *   can link anywhere and the page itself must not be able to approve its own links;
 * - everything else (file:, javascript:, custom protocol handlers that `shell.openExternal` would launch,
 *   addresses with a user name or password, mailto: with odd fields, anything unparsable) is refused and
 *   logged.
 *
 * Pure, so each path can be tested with the same cases.
 */

/** What main's dialog asks about: a web page (by its host) or an e-mail (by its recipients). */
/**
 * What main's dialog asks. `server`: a page of the Operately server signed in to now, asked about once
 * (the page chose that server itself, through sign-in, so it is not trusted until the person says so).
 * `to`: every recipient of a mail link, cc and bcc named as such, never only the visible one.
 */
export type LinkQuestion =
  { kind: 'web'; url: string; host: string; server?: true } | { kind: 'mail'; url: string; to: string }

export type LinkDecision =
  | { action: 'open'; url: string }
  | { action: 'ask'; question: LinkQuestion }
  | { action: 'refuse'; reason: string }

export type LinkVia = 'navigation' | 'frame-navigation' | 'new-window' | 'open-external'

export function decideLink(raw: string, serverOrigin: string | null): LinkDecision {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { action: 'refuse', reason: 'it is not a web or e-mail address' }
  }
  if (url.protocol === 'mailto:') return decideMail(url)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { action: 'refuse', reason: `links to ${url.protocol} addresses are never opened` }
  }
  // https://app.operately.com@evil.example/ goes to evil.example: a classic disguise, never worth opening.
  if (url.username !== '' || url.password !== '') {
    return { action: 'refuse', reason: 'the address contains a user name or password' }
  }
  if (serverOrigin !== null && url.origin === serverOrigin) return { action: 'open', url: url.href }
  // url.host is the punycode form (xn--…), so a look-alike name shows as what it really is.
  return { action: 'ask', question: { kind: 'web', url: url.href, host: url.host } }
}

// One address as people write them: no spaces, quotes, brackets or commas, and a dotted domain.
const MAIL_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/
// Only the fields every mail program reads the same way. Some have honoured others such as `attach=`
// (a local file attached to the new mail), so any other field refuses the link.
const MAIL_FIELDS = new Set(['subject', 'body', 'cc', 'bcc'])

// Query syntax and escapes inside an address, legal as they are, are how a field such as `attach=` is
// smuggled past this check to a mail program that decodes the address again before splitting it.
const SMUGGLING = /[?&=%]/

const addresses = (text: string): string[] | null => {
  const list = text.split(',').map((part) => part.trim())
  return list.every((address) => MAIL_ADDRESS.test(address) && !SMUGGLING.test(address)) ? list : null
}

function decideMail(url: URL): LinkDecision {
  const refuse = (why: string): LinkDecision => ({ action: 'refuse', reason: `the e-mail link ${why}` })
  let to: string[] | null
  try {
    to = addresses(decodeURIComponent(url.pathname))
  } catch {
    return refuse('is not written correctly')
  }
  if (!to) return refuse('needs one or more addresses such as ann@example.com')
  const copies: string[] = []
  for (const [field, value] of url.searchParams) {
    const name = field.toLowerCase()
    if (!MAIL_FIELDS.has(name)) return refuse(`carries a field mail links never need (${field})`)
    if (name === 'cc' || name === 'bcc') {
      const list = addresses(value)
      if (!list) return refuse(`has a ${field} that is not an address`)
      copies.push(...list.map((address) => `${name}: ${address}`))
    }
  }
  const recipients = copies.length > 0 ? `${to.join(', ')} (${copies.join(', ')})` : to.join(', ')
  return { action: 'ask', question: { kind: 'mail', url: url.href, to: recipients } }
}

/**
 * A link as the log may show it: scheme, host and path, never a user name, password, query or fragment
 * (where links carry credentials, tickets and tokens). A mail link shows its scheme only: its path is
 * someone's address. Something that is not an address shows its length.
 */
export function addressForLog(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return `(not an address, ${raw.length} characters)`
  }
  if (url.protocol === 'mailto:') return 'mailto:(an address)'
  url.username = ''
  url.password = ''
  url.search = ''
  url.hash = ''
  return url.href.slice(0, 200)
}
