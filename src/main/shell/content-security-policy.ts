import type { RendererTarget } from './app-location'

/**
 * The Content-Security-Policy of the app's page, sent as a response header (app-scheme.ts for the popup,
 * the browser harness for e2e tests), never as a <meta> tag: only a header can carry frame-ancestors,
 * and one source means the tests check the policy the app runs with. It is defence in depth on top of the
 * sandbox: even if something got injected into the page it could not run inline script, load code or
 * styles from anywhere but the app's own files, talk to the network (the renderer never does; main does),
 * submit forms, or be framed.
 */
const appDirectives: Record<string, string[]> = {
  // Everything not named below (connect, img, font, media, frame, worker, manifest, object) is refused.
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
}

const serialize = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')

export function contentSecurityPolicy(target: RendererTarget): string {
  if (target.kind === 'bundle') return serialize(appDirectives)
  // Development only: Vite's React refresh preamble is an inline script, its CSS arrives as <style>
  // elements, and hot reload talks to the dev server over a WebSocket. A packaged app never takes this
  // branch (see rendererTarget).
  const origin = new URL(target.url)
  const socket = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`
  return serialize({
    ...appDirectives,
    'script-src': ["'self'", "'unsafe-inline'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", socket],
  })
}

/**
 * The browser harness serves the same page with the same policy, plus one source: in a browser the bridge
 * is fetch() to the harness itself instead of Electron IPC, so connect-src allows the page's own origin.
 */
export function browserHarnessPolicy(): string {
  return serialize({ ...appDirectives, 'connect-src': ["'self'"] })
}

/** Response headers with our policy replacing any the server sent (header names are case-insensitive). */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value
  }
  out['Content-Security-Policy'] = [policy]
  return out
}
