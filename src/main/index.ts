import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAppServices } from './shell/app-services'
import { refuseRemoteDebugging } from './shell/refuse-remote-debugging'
import { startShell } from './shell/start-shell'
import { versionAnswer } from './version-flag'

// The main entry: no Electron import here; the shell owns Electron, the services own everything else.

// out/main once bundled: the preload, the page and the icons are found relative to it.
const mainDir = dirname(fileURLToPath(import.meta.url))

// First of all: a packaged build started with remote debugging leaves before Chromium opens the port.
refuseRemoteDebugging({ mainDir })

const version = versionAnswer(process.argv, mainDir)
if (version !== null) {
  // Exit once the line is out: stdout may be a pipe, which Node writes asynchronously on some systems.
  process.stdout.write(`${version}\n`, () => process.exit(0))
} else {
  startShell({
    mainDir,
    createServices: ({ dataDir, hidePopup, askBeforeOpening }) =>
      createAppServices({ dataDir, hidePopup, askBeforeOpening }),
  }).catch((err: unknown) => {
    // A bug in start-up itself: say so and leave, rather than linger as an invisible process.
    console.error('Operately Tray failed to start:', err)
    process.exit(1)
  })
}
