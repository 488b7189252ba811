import { describe, expect, it } from 'vitest'
import { bridgeScriptPath } from './bridge-script'
import { prepareIndexHtml } from './html'

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Operately Tray</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`

describe('prepareIndexHtml', () => {
  it('loads the bridge before the app bundle and changes nothing else', () => {
    const html = prepareIndexHtml(built)
    const bridge = html.indexOf(`<script src="${bridgeScriptPath}"></script>`)
    const app = html.indexOf('./assets/index-abc.js')
    expect(bridge).toBeGreaterThan(0)
    expect(bridge).toBeLessThan(app)
    expect(html.replace(`<script src="${bridgeScriptPath}"></script>\n    `, '')).toBe(built)
  })

  it('refuses a page that brings its own CSP, which would no longer be the one the app sends', () => {
    const withMeta = built.replace(
      '<title>',
      `<meta http-equiv="Content-Security-Policy" content="default-src *" /><title>`,
    )
    expect(() => prepareIndexHtml(withMeta)).toThrow(/Content-Security-Policy/)
  })
})
