import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startHarness } from './index'

/**
 * `npm run preview:web [-- --data-dir DIR] [--port N]`: the built renderer in any browser, backed by
 * the real main services (and the real keychain). Build the renderer first: npx electron-vite build.
 */
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log(`Usage: npm run preview:web -- [--data-dir DIR] [--port N]

Serves the built renderer (out/renderer) on 127.0.0.1 and forwards window.operately to the real main
services. --data-dir defaults to $OPERATELY_TRAY_DATA_DIR, else a folder in the system temp directory.`)
  process.exit(0)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".`)
  process.exit(2)
}

const dataDir = resolve(
  values['data-dir'] ?? process.env.OPERATELY_TRAY_DATA_DIR ?? join(tmpdir(), 'operately-tray-web'),
)
mkdirSync(dataDir, { recursive: true, mode: 0o700 })

try {
  const harness = await startHarness({ dataDir, port })
  console.log(`Operately Tray (browser harness) is running at ${harness.url}`)
  console.log(`Data folder: ${dataDir}`)
  console.log('Press Ctrl+C to stop.')
  const stop = () => {
    harness.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
}
