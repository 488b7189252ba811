/**
 * The differential page's HTML, laid out like the popup's description page (measured there at 380×560):
 * 270 pixels above the editing surface (navigation, title, toolbar; here a heading and a control to Tab
 * from), 90 below it (word count, Save; here a footer line), 20 on each side. The surface takes the rest
 * of the window's height (200 pixels at 380×560, 240 at 420×600), is the scroll container, and is
 * `contain: strict` as on the description page. A drag can leave it at the top and at the bottom.
 */
export const pageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Editor differential</title>
<link rel="stylesheet" href="/page.css">
<style>
  html, body { height: 100%; margin: 0; }
  body {
    display: flex; flex-direction: column; box-sizing: border-box; padding: 0 20px;
    font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, Cantarell, 'Noto Sans', 'Liberation Sans', Arial, sans-serif;
  }
  header, footer { flex: none; display: flex; flex-direction: column; justify-content: flex-end; gap: 8px; }
  header { height: 270px; padding-bottom: 8px; box-sizing: border-box; }
  footer { height: 90px; color: #5b626d; font-size: 12px; justify-content: flex-start; padding-top: 6px; box-sizing: border-box; }
  header h1 { margin: 0; font-size: 20px; }
  header button { align-self: flex-start; }
  main, #editor-holder { display: flex; flex: 1 1 0; flex-direction: column; min-height: 0; }
  #editor-holder .ot-editor__surface { flex: 1 1 0; min-height: 0; max-height: none; contain: strict; }
</style>
</head>
<body>
<header><h1>Office move</h1><button type="button">Before the editor</button></header>
<main><div id="editor-holder" class="ot-editor"></div></main>
<footer>Below the editor</footer>
<script type="module" src="/page.js"></script>
</body>
</html>
`
