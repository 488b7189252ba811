import { bridgeScriptPath } from './bridge-script'

/**
 * Prepares the built index.html for the browser: the bridge script goes in before the first script of
 * the page (the app bundle), as a classic script, so `window.operately` exists before any app code runs,
 * as it does with the preload. The page's CSP is not in the file: like the app:// scheme, the harness
 * sends it as a response header (content-security-policy.ts).
 */
export function prepareIndexHtml(html: string): string {
  if (/<meta\s+http-equiv="Content-Security-Policy"/i.test(html)) {
    // A second, different policy in the page would make the header no longer the whole story.
    throw new Error(
      'The built index.html has its own Content-Security-Policy; the policy belongs in content-security-policy.ts.',
    )
  }
  const tag = `<script src="${bridgeScriptPath}"></script>`
  const firstScript = html.search(/<script\b/i)
  if (firstScript >= 0) return html.slice(0, firstScript) + tag + '\n    ' + html.slice(firstScript)
  const headEnd = html.search(/<\/head>/i)
  if (headEnd < 0) throw new Error('The built index.html has no </head>; cannot add the bridge.')
  return html.slice(0, headEnd) + tag + '\n  ' + html.slice(headEnd)
}
