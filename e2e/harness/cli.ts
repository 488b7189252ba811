import { rm } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { prepareDataFolder } from './data-folder'
import { startHarness } from './index'

/**
 * `npm run preview:web [-- --data-dir DIR] [--port N]`: the built renderer in any browser, backed by
 * the real main services (and the real keychain, under the harness's own service name). Build the
 * renderer first: npx electron-vite build.
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
services. Open the address it prints: it carries the key without which the harness answers no call.
--data-dir defaults to $OPERATELY_TRAY_DATA_DIR, else a fresh private folder in the system temp
directory, removed (after signing out) when the harness stops. A folder you give must be yours and
closed to other users (chmod 700).`)
  process.exit(0)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".`)
  process.exit(2)
}

const folder = await prepareDataFolder({
  given: values['data-dir'] ?? process.env.OPERATELY_TRAY_DATA_DIR,
  prefix: 'operately-tray-web-',
})
if (!folder.ok) {
  console.error(folder.problem)
  process.exit(2)
}

try {
  const harness = await startHarness({ dataDir: folder.dir, port })
  console.log(
    `Operately Tray (browser harness) is running. Open this address (it is the key; keep it to yourself):`,
  )
  console.log(`  ${harness.url}`)
  console.log(`Data folder: ${folder.dir}${folder.temporary ? ' (removed when the harness stops)' : ''}`)
  console.log('Press Ctrl+C to stop.')
  const stop = async () => {
    await harness.close()
    if (folder.temporary) {
      // A throwaway folder leaves nothing behind: not its files, not a token in the keychain.
      await harness.services.dispatch('session.signOut', {})
      await harness.services.close()
      await rm(folder.dir, { recursive: true, force: true })
    }
  }
  const exit = () => {
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err instanceof Error ? err.message : String(err))
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', exit)
  process.once('SIGTERM', exit)
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
}
