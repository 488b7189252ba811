import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAppServices } from './shell/app-services'
import { startShell } from './shell/start-shell'

// The main entry: no Electron import here; the shell owns Electron, the services own everything else.
startShell({
  // out/main once bundled: the preload, the page and the icons are found relative to it.
  mainDir: dirname(fileURLToPath(import.meta.url)),
  createServices: ({ dataDir, hidePopup }) => createAppServices({ dataDir, hidePopup }),
}).catch((err: unknown) => {
  // A bug in start-up itself: say so and leave, rather than linger as an invisible process.
  console.error('Operately Tray failed to start:', err)
  process.exit(1)
})
