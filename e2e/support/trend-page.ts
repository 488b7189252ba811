import { serveBundledPage, type PageServer } from './bundled-page'

const pageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<title>Target trends</title>
<link rel="stylesheet" href="/page.css">
</head>
<body>
<div id="root"></div>
<script type="module" src="/page.js"></script>
</body>
</html>
`

/**
 * Serves the trend page (the check-in form's targets with a goal's history, bundled in memory from the
 * working tree's sources with the app's styles) on a random port of 127.0.0.1.
 */
export function startTrendPage(): Promise<PageServer> {
  return serveBundledPage({
    entry: 'src/renderer/src/features/check-in/test-support/trend-page.tsx',
    html: pageHtml,
  })
}
