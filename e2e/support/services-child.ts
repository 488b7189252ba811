/**
 * The main services and the browser harness in a process of their own, so that an end-to-end test can
 * kill them the way a crash does (SIGKILL) and start them again on the same data folder and port, while
 * the page stays open. Configured through environment variables (see services-process.ts); prints one
 * JSON line `{"url": …}` once it serves.
 */
import keytar from 'keytar'
import { createMainServices } from '../../src/main/services/create-services'
import { startHarness } from '../harness'

const env = process.env
const services = await createMainServices({
  dataDir: env['E2E_DATA_DIR']!,
  keytar,
  vaultService: env['E2E_VAULT_SERVICE']!,
  syncTiming: JSON.parse(env['E2E_SYNC_TIMING'] ?? '{}') as never,
})
const harness = await startHarness({
  dataDir: env['E2E_DATA_DIR']!,
  services,
  port: Number(env['E2E_PORT'] ?? 0),
  // The same key across restarts: the page the test keeps open holds it.
  key: env['E2E_HARNESS_KEY']!,
})
process.stdout.write(`${JSON.stringify({ url: harness.url })}\n`)
// The test process went away: so does this one (never left serving on its own).
process.on('disconnect', () => process.exit(0))
