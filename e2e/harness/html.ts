import { bridgeScriptPath } from './bridge-script'

/**
 * Prepares the built index.html for the browser.
 *
 * The one difference from Electron: the CSP's `connect-src 'none'` becomes `connect-src 'self'`, because
 * in the browser the bridge is fetch() to this harness instead of Electron IPC. Every other directive is
 * served exactly as built, so a renderer that breaks the real CSP breaks here too.
 *
 * The bridge script goes in before the first script of the page (the app bundle), as a classic script,
 * so `window.operately` exists before any app code runs, as it does with the preload.
 */
export function prepareIndexHtml(html: string): string {
  // The content attribute is double-quoted because the CSP itself contains single quotes.
  const csp = /(<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*)connect-src 'none'/i
  if (!csp.test(html)) {
    throw new Error(
      "The built index.html has no Content-Security-Policy with connect-src 'none'; refusing to serve it.",
    )
  }
  const relaxed = html.replace(csp, "$1connect-src 'self'")
  const tag = `<script src="${bridgeScriptPath}"></script>`
  const firstScript = relaxed.search(/<script\b/i)
  if (firstScript >= 0) return relaxed.slice(0, firstScript) + tag + '\n    ' + relaxed.slice(firstScript)
  const headEnd = relaxed.search(/<\/head>/i)
  if (headEnd < 0) throw new Error('The built index.html has no </head>; cannot add the bridge.')
  return relaxed.slice(0, headEnd) + tag + '\n  ' + relaxed.slice(headEnd)
}
