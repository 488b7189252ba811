import type { IncomingHttpHeaders } from 'node:http'

/**
 * The harness drives a real keychain and real sign-ins, so only its own page may call the bridge. These
 * header checks stop a web page in a browser; they do not stop a local process, which can write any
 * header: the capability key (index.ts) does that. A request counts as the page's own when:
 * - `Host` names the harness itself (this also defeats DNS rebinding: a hostile name that resolves to
 *   127.0.0.1 still arrives with its own name in Host);
 * - `Origin` is present and is the harness's origin (browsers always send it on a POST fetch; a form
 *   or fetch from a page elsewhere carries that page's origin);
 * - `Sec-Fetch-Site`, when the browser sends it, says `same-origin`.
 */
export function isOwnHost(headers: IncomingHttpHeaders, port: number): boolean {
  const host = headers.host?.toLowerCase()
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

export function isSameOriginCall(headers: IncomingHttpHeaders, port: number): boolean {
  if (!isOwnHost(headers, port)) return false
  const origin = headers.origin?.toLowerCase()
  if (origin !== `http://${headers.host?.toLowerCase()}`) return false
  const site = headers['sec-fetch-site']
  return site === undefined || site === 'same-origin'
}
