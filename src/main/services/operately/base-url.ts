import { AppFailure, appError } from '@shared/errors'

const example = 'for example app.operately.com, or https://operately.example.com for your own server'

const invalid = (message: string): AppFailure =>
  new AppFailure(appError('invalid_input', message, { field: 'baseUrl' }))

// A scheme is letters followed by ':'. `localhost:4000` also looks like that, so a colon followed by a port
// number is read as host:port, not as a scheme.
const schemePrefix = /^([a-z][a-z0-9+.-]*):(?!\d+(?:[/?#]|$))/i
const knownSchemes = new Set([
  'http',
  'https',
  'javascript',
  'data',
  'file',
  'ftp',
  'mailto',
  'about',
  'blob',
  'vbscript',
  'ws',
  'wss',
])
const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** Loopback hosts are the only ones where plain http is acceptable: the traffic never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

function isValidHostname(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return true // IPv6, already checked by URL
  const labels = hostname.split('.')
  if (labels.at(-1) === '') labels.pop() // a trailing dot (fully qualified name) is legal
  return labels.length > 0 && labels.every((label) => hostLabel.test(label))
}

/**
 * Turns whatever a person typed or pasted as their Operately address into the server's origin
 * (`https://app.operately.com`). A full page URL is fine: only its origin is kept.
 *
 * Its errors never repeat what was typed beyond a valid host: people paste their API token into the
 * wrong field, and the message is shown on screen (and may be read out, or end up in a screenshot).
 */
export function normalizeBaseUrl(input: string): string {
  const text = input.trim()
  if (text === '') throw invalid(`Enter the address of your Operately server, ${example}.`)
  if (/\s/.test(text)) {
    throw invalid(`An address cannot contain spaces. Enter just the address, ${example}.`)
  }

  let scheme = schemePrefix.exec(text)?.[1]?.toLowerCase()
  // `name:password@host` also starts like a scheme; unless the prefix is a well-known scheme, read it as
  // credentials so that the message below can say what is actually wrong.
  if (scheme !== undefined && !text.slice(scheme.length + 1).startsWith('//') && !knownSchemes.has(scheme)) {
    if (/^[^/?#]*@/.test(text)) scheme = undefined
  }
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    // Only a well-known scheme is named back: anything else before a colon may be a pasted secret.
    throw invalid(
      knownSchemes.has(scheme)
        ? `“${scheme}:” addresses cannot be used. Enter a web address starting with https://, ${example}.`
        : `That is not a web address. Enter one starting with https://, ${example}.`,
    )
  }

  let url: URL
  try {
    // Without a scheme we assume https; a local test server on this machine usually speaks plain http.
    const withScheme = scheme !== undefined ? text : `${looksLikeLoopback(text) ? 'http' : 'https'}://${text}`
    url = new URL(withScheme)
  } catch {
    throw invalid(`That is not a web address. Enter the address of your Operately server, ${example}.`)
  }

  if (url.username !== '' || url.password !== '') {
    throw invalid(
      'The address must not contain a user name or password (the “name:password@” part). Remove it: the app signs in with your API token.',
    )
  }
  if (url.hostname === '' || !isValidHostname(url.hostname)) {
    throw invalid(
      `That is not a valid server address: a server name has only letters, digits, hyphens and dots. Enter the address of your Operately server, ${example}.`,
    )
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid(
      `The address must start with https:// so your token travels encrypted. Enter https://${url.host} instead.`,
    )
  }
  return url.origin
}

function looksLikeLoopback(text: string): boolean {
  try {
    return isLoopbackHost(new URL(`http://${text}`).hostname)
  } catch {
    return false
  }
}
