import { describe, expect, it } from 'vitest'
import { bridgeScriptPath } from './bridge-script'
import { prepareIndexHtml } from './html'

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"

const built = `<!doctype html>
<html lang="en">
  <head>
    <meta
      http-equiv="Content-Security-Policy"
      content="${csp}"
    />
    <title>Operately Tray</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`

describe('prepareIndexHtml', () => {
  it('relaxes connect-src to self and changes nothing else in the policy', () => {
    const html = prepareIndexHtml(built)
    expect(html).toContain(csp.replace("connect-src 'none'", "connect-src 'self'"))
    expect(html).not.toContain("connect-src 'none'")
  })

  it('loads the bridge before the app bundle', () => {
    const html = prepareIndexHtml(built)
    const bridge = html.indexOf(`<script src="${bridgeScriptPath}"></script>`)
    const app = html.indexOf('./assets/index-abc.js')
    expect(bridge).toBeGreaterThan(html.indexOf('Content-Security-Policy'))
    expect(bridge).toBeLessThan(app)
  })

  it('refuses a page whose CSP is not the strict one, rather than serving it unprotected', () => {
    expect(() => prepareIndexHtml(built.replace(csp, "default-src 'self'"))).toThrow(
      /Content-Security-Policy/,
    )
  })
})
