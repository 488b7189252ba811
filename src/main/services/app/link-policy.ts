/**
 * The one rule for every way a link can leave the app's window — a navigation of the page, a navigation
 * inside a frame, window.open or a target=_blank link, and the page's `app.openExternal` call:
 *
 * - a page of the Operately server the person is signed in to opens in the default browser at once;
 * - any other http(s) address is opened only after the person said yes in the popup
 *   ("Open example.com in your browser?"), because a description can link anywhere;
 * - everything else (file:, javascript:, custom protocol handlers that `shell.openExternal` would launch,
 *   addresses with a user name or password, anything unparsable) is refused and logged.
 *
 * Pure, so each path can be tested with the same cases.
 */

export type LinkDecision =
  | { action: 'open'; url: string }
  | { action: 'ask'; url: string; host: string }
  | { action: 'refuse'; reason: string }

export type LinkVia = 'navigation' | 'frame-navigation' | 'new-window' | 'open-external'

export function decideLink(raw: string, serverOrigin: string | null): LinkDecision {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { action: 'refuse', reason: 'not a web address' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { action: 'refuse', reason: `${url.protocol} addresses are never opened` }
  }
  // https://app.operately.com@evil.example/ goes to evil.example: a classic disguise, never worth opening.
  if (url.username !== '' || url.password !== '') {
    return { action: 'refuse', reason: 'the address contains a user name or password' }
  }
  if (serverOrigin !== null && url.origin === serverOrigin) return { action: 'open', url: url.href }
  // url.host is the punycode form (xn--…), so a look-alike name shows as what it really is.
  return { action: 'ask', url: url.href, host: url.host }
}

/**
 * A link as the log may show it: scheme, host and path, never a user name, password, query or fragment
 * (where links carry credentials, tickets and tokens). Something that is not an address shows its length.
 */
export function addressForLog(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return `(not an address, ${raw.length} characters)`
  }
  url.username = ''
  url.password = ''
  url.search = ''
  url.hash = ''
  return url.href.slice(0, 200)
}
