import type { RendererTarget } from './app-location'

/**
 * The Content-Security-Policy for the app's own pages, as defence in depth on top of the sandbox: even
 * if something got injected into the renderer it could not load scripts from elsewhere, talk to the
 * network (the renderer never does; main does), or be framed.
 */
const productionDirectives: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
}

export function contentSecurityPolicy(target: RendererTarget): string {
  const directives = structuredClone(productionDirectives)
  if (target.kind === 'dev-server') {
    // Development only: Vite's React refresh preamble is an inline script and hot reload talks to the dev
    // server over a WebSocket. A packaged app never takes this branch (see rendererTarget).
    const origin = new URL(target.url)
    const socket = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`
    directives['script-src'] = ["'self'", "'unsafe-inline'"]
    directives['connect-src'] = ["'self'", socket]
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
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
