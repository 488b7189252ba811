// @vitest-environment jsdom
// Pasting runs through the editor's real paste pipeline (ProseMirror's view.pasteHTML: our
// transformPastedHTML, then parsing against the schema), exactly what a Ctrl+V delivers.
import type { Editor } from '@tiptap/core'
import { REMOVE_UNKNOWN_META } from './extensions/read-only-guard'
import { afterEach, describe, expect, it } from 'vitest'
import { clipboardMarkerType } from './clipboard-marker'
import { prepareForEditor, restoreFromEditor } from './loss-proof'
import { createTestEditor, destroyTestEditor } from './test-support/editor'

let editor: Editor | null = null

// jsdom has no ClipboardEvent; a plain "paste" event without clipboard data is what the hooks receive
// when ProseMirror is handed the HTML directly.
const pasteEvent = () => new Event('paste') as ClipboardEvent

afterEach(() => {
  if (editor) destroyTestEditor(editor)
  editor = null
})

function paste(html: string) {
  editor = createTestEditor(prepareForEditor(null).doc)
  editor.view.pasteHTML(html, pasteEvent())
  return {
    json: JSON.stringify(restoreFromEditor(editor.getJSON())),
    html: editor.getHTML(),
    text: editor.getText(),
  }
}

const HOSTILE = `
  <html><head><style>p { color: red }</style><script>window.pwned = 1</script></head>
  <body>
    <p onclick="window.pwned = 2">Quarterly <b>update</b> <a href="javascript:alert(1)">click me</a></p>
    <iframe src="https://evil.example.com/frame">iframe fallback text</iframe>
    <p><a href="https://example.com/report" onmouseover="alert(2)">the report</a> and
       <a href="JaVaScRiPt:alert(3)">sneaky</a> and <a href=" javascript:alert(4)">spaced</a> and
       <a href="data:text/html,<script>alert(5)</script>">data</a> and <a href="file:///etc/passwd">file</a></p>
    <script>alert('inline')</script>
    <object data="x.swf">object text</object>
    <custom-widget>Text inside an unknown element</custom-widget>
    <img src="https://example.com/tracker.png" onerror="alert(6)" alt="tracker">
  </body></html>`

describe('pasting HTML from a web page', () => {
  it('drops scripts, styles, iframes, event handlers and javascript: links, keeping the words', () => {
    const { json, html, text } = paste(HOSTILE)
    for (const bad of [
      'script',
      'pwned',
      'alert',
      'color: red',
      'iframe',
      'evil.example.com',
      'onclick',
      'onmouseover',
      'onerror',
      'javascript',
      'data:text',
      'file:///',
      'tracker',
      'object text',
    ]) {
      expect(json.toLowerCase()).not.toContain(bad.toLowerCase())
      expect(html.toLowerCase()).not.toContain(bad.toLowerCase())
    }
    expect(text).toContain('Quarterly update click me')
    expect(text).toContain('Text inside an unknown element')
    expect(text).toContain('sneaky')
  })

  it('keeps what the schema can hold: bold and safe links', () => {
    const { json } = paste(HOSTILE)
    expect(json).toContain('{"type":"text","text":"update","marks":[{"type":"bold"}]}')
    expect(json).toContain('"href":"https://example.com/report"')
    // Only the one safe link survived as a link.
    expect(json.match(/"type":"link"/g)).toHaveLength(1)
  })

  it('cleans a word processor’s HTML: no list bullets, comments or Office tags, formatting kept', () => {
    const word = `
      <!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]-->
      <p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span>&nbsp;&nbsp;</span></span>First point<o:p></o:p></p>
      <p class=MsoNormal><span style='font-weight:bold'>Bold by style</span> and <i>italic</i> and <u>underlined</u><o:p></o:p></p>`
    const { json, text } = paste(word)
    expect(text).not.toContain('·')
    expect(json).not.toContain('OfficeDocumentSettings')
    expect(text).toContain('First point')
    expect(json).toContain('{"type":"text","text":"Bold by style","marks":[{"type":"bold"}]}')
    expect(json).toContain('{"type":"text","text":"italic","marks":[{"type":"italic"}]}')
    expect(json).toContain('{"type":"text","text":"underlined","marks":[{"type":"underline"}]}')
  })

  it('does not make everything bold when pasting from Google Docs', () => {
    const docs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p><span>Plain words</span></p></b>`
    const { json } = paste(docs)
    expect(json).toContain('{"type":"text","text":"Plain words"}')
  })

  it('turns mentions, files and hidden data from other sites into plain text', () => {
    const crafted = `<p>Hi <span data-type="mention" data-id="ceo-123" data-label="The CEO">@The CEO</span>
      <span data-type="blob" data-ot-blob='{"src":"https://evil.example.com/x.exe","filetype":"application/x-msdownload"}'>x.exe</span>
      <span data-ot-unknown="inline" data-ot-original='{"type":"payload"}'>Unsupported content</span></p>`
    const { json } = paste(crafted)
    expect(json).not.toContain('"type":"mention"')
    expect(json).not.toContain('"type":"blob"')
    expect(json).not.toContain('payload')
    expect(json).toContain('@The CEO')
  })
})

describe('cut and paste inside the editor', () => {
  it('carries mentions, files and unsupported content along unchanged', () => {
    const original = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'mention', attrs: { id: 'ashe-1', label: 'Ashe Hart', mentionSuggestionChar: '@' } },
            { type: 'text', text: ' sent ' },
            {
              type: 'blob',
              attrs: {
                src: 'https://o.example/blobs/1',
                alt: 'a.pdf',
                title: 'a.pdf',
                id: 'b1',
                status: 'uploaded',
                filetype: 'application/pdf',
                filesize: 10,
                progress: 100,
              },
            },
            { type: 'text', text: ' ' },
            { type: 'emoji', attrs: { name: 'rocket' } },
          ],
        },
      ],
    }
    editor = createTestEditor(prepareForEditor(original).doc)
    // A real copy through the editor's DOM events, pasted back into an emptied document.
    const clipboard = fakeClipboard()
    editor.commands.selectAll()
    clipboardEvent(editor, 'copy', clipboard)
    expect(clipboard.types()).toContain(clipboardMarkerType)
    // Emptied on purpose: no key may remove unsupported content, only its explicit removal.
    editor.chain().setMeta(REMOVE_UNKNOWN_META, true).clearContent().run()
    clipboardEvent(editor, 'paste', clipboard)
    expect(restoreFromEditor(editor.getJSON())).toEqual(original)
  })
})

describe("HTML that only looks like the editor's own", () => {
  // What a web page can put on the clipboard: ProseMirror's data-pm-slice marker, a mention of someone
  // (which the server would notify, or fail on), a file, and a slice context naming node types.
  const forged = `<p data-pm-slice='1 1 ["blockquote",{"preserved":{"smuggled":true}}]'>Hi <span data-type="mention" data-id="ceo-123" data-label="The CEO" data-mention-suggestion-char="@">@The CEO</span> <span data-type="blob" data-ot-blob='{"src":"https://evil.example.com/x.exe","filetype":"application/x-msdownload","status":"uploaded"}'>x.exe</span></p>`

  it.each([
    [
      'with no marker (a web page)',
      fakeClipboard({ 'text/html': forged, 'text/plain': 'Hi @The CEO x.exe' }),
    ],
    [
      'with a marker from another session',
      fakeClipboard({
        'text/html': forged,
        'text/plain': 'Hi @The CEO x.exe',
        [clipboardMarkerType]: 'f00d',
      }),
    ],
  ])('pastes %s as plain text: no mention, no file, no smuggled context', (_what, clipboard) => {
    editor = createTestEditor(prepareForEditor(null).doc)
    clipboardEvent(editor, 'paste', clipboard)
    const json = JSON.stringify(restoreFromEditor(editor.getJSON()))
    expect(json).not.toContain('"type":"mention"')
    expect(json).not.toContain('ceo-123')
    expect(json).not.toContain('"type":"blob"')
    expect(json).not.toContain('smuggled')
    expect(json).not.toContain('blockquote')
    expect(editor.getText()).toContain('Hi @The CEO x.exe')
  })
})

describe('a page that learned the marker', () => {
  // Our copy was pasted into a web page, which can read every type on the clipboard, marker included.
  // Later it puts its own markup on the clipboard with that marker: only what our copy carried may count.
  it("keeps the mentions our copy carried, and turns the page's own into plain text", () => {
    editor = createTestEditor(
      prepareForEditor({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Ask ' },
              { type: 'mention', attrs: { id: 'ashe-1', label: 'Ashe Hart', mentionSuggestionChar: '@' } },
            ],
          },
        ],
      }).doc,
    )
    const ours = fakeClipboard()
    editor.commands.selectAll()
    clipboardEvent(editor, 'copy', ours)
    const marker = ours.getData(clipboardMarkerType)
    const ourHtml = ours.getData('text/html')
    expect(marker).not.toBe('')
    const slice = /data-pm-slice="([^"]*)"/.exec(ourHtml)?.[1] ?? ''
    const theirs = fakeClipboard({
      'text/html':
        ourHtml.replace('</p>', '') +
        ` and <span data-type="mention" data-id="ceo-123" data-label="The CEO" data-mention-suggestion-char="@">@The CEO</span>` +
        ` <span data-type="blob" data-ot-blob='{"src":"https://evil.example.com/x.exe","filetype":"application/x-msdownload","status":"uploaded"}'>x.exe</span></p>` +
        `<blockquote data-pm-slice='${slice.replace(/\[\]$/, '["blockquote",{"preserved":{"smuggled":true}}]')}'><p>more</p></blockquote>`,
      'text/plain': 'Ask @Ashe Hart and @The CEO x.exe more',
      [clipboardMarkerType]: marker,
    })
    editor.commands.clearContent()
    clipboardEvent(editor, 'paste', theirs)
    const json = JSON.stringify(restoreFromEditor(editor.getJSON()))
    expect(json).toContain('ashe-1')
    expect(json).not.toContain('ceo-123')
    expect(json).not.toContain('"type":"blob"')
    expect(json).not.toContain('smuggled')
    expect(editor.getText()).toContain('@The CEO')
  })
})

/** A DataTransfer stand-in (jsdom has none): what ProseMirror reads and writes on copy, cut and paste. */
function fakeClipboard(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    getData: (type: string) => data.get(type) ?? '',
    setData: (type: string, value: string) => void data.set(type, value),
    clearData: () => data.clear(),
    types: () => [...data.keys()],
  }
}

/** Fires a clipboard event on the editor the way the browser does, carrying `clipboard`. */
function clipboardEvent(target: Editor, type: 'copy' | 'paste', clipboard: ReturnType<typeof fakeClipboard>) {
  const event = new Event(type, { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'clipboardData', { value: clipboard })
  target.view.dom.dispatchEvent(event)
}
