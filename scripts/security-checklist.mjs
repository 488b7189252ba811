// Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), item by
// item: how Operately Tray meets it and which tests prove it, then what the app adds beyond it.
// `npm run security` (scripts/security.mjs) checks that every named test ran and passed, in the JSON
// reports of the same test run.
//
// A proof is { file, test }: `test` is the title exactly as written in the file's it(…)/test(…) call
// (it.each templates included, e.g. '%s: …'; every case must pass). `hostedOnly: true` marks a proof
// that needs a real Electron and a display, which only the hosted workflows have (installers.yml runs it
// on macOS, Windows and Linux): on this machine it is reported as not run, in hosted CI it must pass.

const secureWindow = {
  file: 'src/main/shell/start-shell.test.ts',
  test: 'pre-creates the popup hidden, with the secure preferences, and loads the bundled page',
}
const noInsecureOptions = {
  file: 'src/main/shell/start-shell.test.ts',
  test: 'never allows insecure content, experimental or Blink features, <webview>, or Node in workers and frames',
}
// The real app:// handler in a real Electron, CSP header and all (hosted CI only).
const servedFromAppScheme = {
  file: 'e2e/electron.spec.ts',
  test: 'serves the page from app://, where an injected inline script does not run',
  hostedOnly: true,
}
const webviewBlocked = {
  file: 'src/main/shell/security.test.ts',
  test: 'blocks redirects away from the app and embedded web views',
}

export const checklist = [
  {
    title: 'Only load secure content',
    how: 'The window loads only the bundled page from app://operately-tray (a packaged app ignores ELECTRON_RENDERER_URL); the page itself loads nothing from the network (CSP default-src none), and main talks to Operately over https only (plain http is accepted for loopback alone).',
    proofs: [
      {
        file: 'src/main/shell/app-location.test.ts',
        test: 'ignores ELECTRON_RENDERER_URL in a packaged app, so an environment variable cannot swap the page holding the bridge',
      },
      {
        file: 'e2e/bridge.spec.ts',
        test: 'the page cannot reach the server itself: only main talks to the network',
      },
      { file: 'src/main/services/operately/base-url.test.ts', test: 'names a valid host where that helps' },
    ],
  },
  {
    title: 'Do not enable Node.js integration for remote content',
    how: 'nodeIntegration, nodeIntegrationInWorker and nodeIntegrationInSubFrames are off; the page sees window.operately and nothing of Node or Electron.',
    proofs: [
      secureWindow,
      noInsecureOptions,
      {
        file: 'e2e/electron.spec.ts',
        test: 'gives the page the bridge and nothing of Node or Electron',
        hostedOnly: true,
      },
    ],
  },
  {
    title: 'Enable context isolation',
    how: 'contextIsolation is on; the preload exposes one frozen object through contextBridge.',
    proofs: [
      secureWindow,
      { file: 'src/preload/index.test.ts', test: 'exposes exactly one thing, window.operately' },
    ],
  },
  {
    title: 'Enable process sandboxing',
    how: 'app.enableSandbox() before ready sandboxes every renderer, whatever a window asks; the popup also sets sandbox: true.',
    proofs: [
      {
        file: 'src/main/shell/start-shell.test.ts',
        test: 'sandboxes every renderer and declares app:// a standard, secure scheme, both before ready',
      },
      secureWindow,
    ],
  },
  {
    title: 'Handle session permission requests from remote content',
    how: 'The permission request handler, the permission check handler and the device handler all answer no.',
    proofs: [
      { file: 'src/main/shell/security.test.ts', test: 'denies a %s permission request' },
      {
        file: 'src/main/shell/security.test.ts',
        test: 'answers a %s permission check from the app page with no',
      },
      { file: 'src/main/shell/security.test.ts', test: 'answers every device request with no' },
    ],
  },
  {
    title: 'Do not disable webSecurity',
    how: 'webSecurity is true.',
    proofs: [secureWindow],
  },
  {
    title: 'Define a Content-Security-Policy',
    how: "A response header on every app:// answer (and the harness's page): default-src 'none', scripts and styles from the app only, no inline anything, no connect-src, frame-ancestors, form-action and base-uri 'none'. Every e2e test fails if the page trips it.",
    proofs: [
      {
        file: 'src/main/shell/content-security-policy.test.ts',
        test: "refuses everything by default, and allows scripts and styles only from the app's own files",
      },
      {
        file: 'src/main/shell/app-request-handler.test.ts',
        test: 'puts the CSP and the other protective headers on every answer: %s',
      },
      {
        file: 'e2e/security.spec.ts',
        test: 'arrives as a response header on the page, the same policy the app:// scheme sends',
      },
      {
        file: 'e2e/security.spec.ts',
        test: 'an inline script, an inline event handler and an inline style injected into the page do not run',
      },
      servedFromAppScheme,
    ],
  },
  {
    title: 'Do not enable allowRunningInsecureContent',
    how: 'allowRunningInsecureContent is false.',
    proofs: [noInsecureOptions],
  },
  {
    title: 'Do not enable experimental features',
    how: 'experimentalFeatures is never set.',
    proofs: [noInsecureOptions],
  },
  {
    title: 'Do not use enableBlinkFeatures',
    how: 'enableBlinkFeatures is never set.',
    proofs: [noInsecureOptions],
  },
  {
    title: '<webview>: Do not use allowpopups',
    how: 'The app has no <webview>: webviewTag is false and will-attach-webview is refused in every webContents.',
    proofs: [noInsecureOptions, webviewBlocked],
  },
  {
    title: '<webview>: Verify options and params',
    how: 'No <webview> can be attached at all (see above).',
    proofs: [webviewBlocked],
  },
  {
    title: 'Disable or limit navigation',
    how: "will-navigate and will-frame-navigate stop every navigation off the app's page; the link goes through the one link policy instead (web and mail links are asked about in main's dialog, the signed-in server's pages once, the rest refused and logged). Redirects away are blocked, and so are downloads (not navigations, but a way out all the same).",
    proofs: [
      {
        file: 'src/main/shell/security.test.ts',
        test: "%s: a page of the signed-in server is asked about once in main's dialog, then opens at once",
      },
      {
        file: 'src/main/shell/security.test.ts',
        test: 'lets the page download nothing: a download is refused and logged, like any other way out',
      },
      {
        file: 'src/main/shell/security.test.ts',
        test: "%s: another site is asked about in main's dialog, and opened only on Open",
      },
      {
        file: 'src/main/shell/security.test.ts',
        test: '%s: %s… is refused and logged, never handed to the OS',
      },
    ],
  },
  {
    title: 'Disable or limit creation of new windows',
    how: 'setWindowOpenHandler denies every window in every webContents; the address goes through the link policy.',
    proofs: [
      {
        file: 'src/main/shell/security.test.ts',
        test: 'hardens every webContents the app creates, not only the popup',
      },
      {
        file: 'src/main/shell/security.test.ts',
        test: "%s: another site is asked about in main's dialog, and opened only on Open",
      },
    ],
  },
  {
    title: 'Do not use shell.openExternal with untrusted content',
    how: "Only http(s) without credentials and well-formed mailto: ever reach shell.openExternal: each only after the person chose Open in main's own native dialog (Cancel is the default), which the page can neither show nor answer; the signed-in server's pages are asked about once, since the page chooses that server itself when it signs in.",
    proofs: [
      { file: 'src/main/services/app/link-policy.test.ts', test: 'refuses %j' },
      {
        file: 'src/main/services/app/handlers.test.ts',
        test: "a page-side call opens a link to another site only once main's dialog is answered Open",
      },
      {
        file: 'e2e/security.spec.ts',
        test: "a link in a description waits for main's question, which the page neither shows nor answers; Cancel opens nothing, Open opens it",
      },
    ],
  },
  {
    title: 'Use a current version of Electron',
    how: 'Checked live by this script: the installed Electron against the newest on the npm registry (Electron supports the latest three major versions).',
    proofs: [],
    live: 'electron-version',
  },
  {
    title: 'Validate the sender of all IPC messages',
    how: "Every handler first checks the sender is the popup's top frame showing the app's page; every input is validated by the contract's zod schema, every output too.",
    proofs: [
      {
        file: 'src/main/shell/ipc-handlers.test.ts',
        test: 'ignores a call from another window: nothing reaches the services, the caller gets nothing',
      },
      {
        file: 'src/main/shell/ipc-handlers.test.ts',
        test: 'ignores a call from a frame inside the popup page, even one showing the app page',
      },
      {
        file: 'src/main/services/ipc/dispatcher.test.ts',
        test: 'refuses to return anything the contract does not declare, such as a token',
      },
    ],
  },
  {
    title: 'Avoid usage of the file:// protocol and prefer usage of custom protocols',
    how: 'The page is served from the privileged app:// scheme by protocol.handle, from the built renderer only: traversal and unknown paths answer 404.',
    proofs: [
      {
        file: 'src/main/shell/popup-window.test.ts',
        test: 'loads the bundled page from app://, never from file://, or the dev server URL in development',
      },
      {
        file: 'src/main/shell/app-request-handler.test.ts',
        test: 'refuses the traversal %s with a 404, never the file outside',
      },
      {
        file: 'src/main/shell/app-request-handler.test.ts',
        test: 'answers %s, which is not a file of the build, with a 404',
      },
      servedFromAppScheme,
    ],
  },
  {
    title: 'Check which fuses you can change',
    how: 'RunAsNode, NODE_OPTIONS, --inspect, browser-specific V8 snapshots and file:// extra privileges off; cookie encryption, asar integrity and asar-only loading on.',
    proofs: [{ file: 'scripts/electron-builder-config.test.ts', test: 'sets the production fuses' }],
  },
  {
    title: 'Do not expose Electron APIs to untrusted web content',
    how: 'The preload exposes one function per contract operation and nothing else: no ipcRenderer, no generic invoke or listener; main sends the page nothing: the page hears main only through the answers to its own calls.',
    proofs: [
      {
        file: 'src/preload/index.test.ts',
        test: 'offers no generic channel to main: no invoke, send, on or ipcRenderer anywhere',
      },
      {
        file: 'src/preload/index.test.ts',
        test: 'listens to nothing main sends: the page hears main only through the answers to its own calls',
      },
    ],
  },
]

export const beyond = [
  {
    title: 'The API token never leaves main',
    how: 'It lives in the OS keychain; no IPC answer, log line, file or page ever holds it.',
    proofs: [
      { file: 'e2e/token-secrecy.spec.ts', test: 'after sign-in the token is nowhere but the keychain' },
    ],
  },
  {
    title: 'Updates are always verified',
    how: 'The updater runs on a configuration of ours: an https feed, and on Windows a publisher name the installer must be signed by, or no update at all (logged); the Windows signature check is our own and refuses an installer it could not check. On every system the feed (latest.yml, latest-mac.yml, latest-linux.yml) is read only through its ed25519 signature by a key the app lists, naming that feed and its SHA-512, and only when it offers a newer version than the running one, so an update never goes backwards; a file that is not one the signed feed names is never installed.',
    proofs: [
      {
        file: 'src/main/services/updates/update-config.test.ts',
        test: 'on Windows, refuses to run without a publisher name: no app-update.yml and none built in',
      },
      {
        file: 'src/main/shell/auto-update.test.ts',
        test: 'a Windows copy that names no publisher refuses to update, and logs why',
      },
      {
        file: 'src/main/shell/auto-update.test.ts',
        test: "replaces the Windows updater's signature check with one that refuses what it cannot check",
      },
      {
        file: 'src/main/services/updates/windows-signature.test.ts',
        test: 'refuses when PowerShell cannot be started, instead of letting the installer through',
      },
      {
        file: 'src/main/shell/verified-feed.test.ts',
        test: "is refused, with nothing downloaded, when its signature names another file's SHA-512",
      },
      {
        file: 'src/main/shell/verified-feed.test.ts',
        test: 'is refused, with nothing downloaded, when signed by a key the app does not list',
      },
      {
        file: 'src/main/shell/verified-feed.test.ts',
        test: 'is refused, with nothing downloaded, when genuine but not newer than the running version (a replay)',
      },
      {
        file: 'src/main/shell/verified-feed.test.ts',
        test: 'refuses an installer changed after the feed was signed',
      },
      {
        file: 'src/main/shell/auto-update.test.ts',
        test: 'refuses a downloaded AppImage that is not the one the signed feed names, and never installs it',
      },
    ],
  },
  {
    title: "Pasted HTML is the editor's own only as one of our copies wrote it",
    how: 'data-pm-slice from a web page no longer smuggles mentions, files or slice context in: a paste keeps internal markup only where it carries the random marker of one of our copies, and only the elements that copy wrote (a page that read a marker cannot add mentions of its own).',
    proofs: [
      {
        file: 'e2e/security.spec.ts',
        test: "a web page's data-pm-slice HTML with a mention is pasted and saved as plain text",
      },
      {
        file: 'src/renderer/src/editor/clean-pasted-html.test.ts',
        test: "keeps the mentions our copy carried, and turns the page's own into plain text",
      },
      {
        file: 'e2e/security.spec.ts',
        test: 'Ctrl+C and Ctrl+V through the real clipboard keep the mention the copy carried',
      },
    ],
  },
  {
    title: 'The browser harness is a capability',
    how: 'A random key in the URL it prints, required on every bridge call (constant-time), loopback only, its own keychain service, a private data folder.',
    proofs: [
      {
        file: 'e2e/harness/index.test.ts',
        test: 'refuses a call without the key, with a wrong one, or with a forged Origin even when the key is right',
      },
      { file: 'e2e/harness/data-folder.test.ts', test: 'refuses a folder that belongs to another user' },
    ],
  },
  {
    title: 'Typed secrets are not echoed',
    how: 'Errors about the server address repeat at most a valid host.',
    proofs: [
      { file: 'src/main/services/operately/base-url.test.ts', test: 'does not repeat %j beyond its host' },
    ],
  },
]
