import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import keytar from 'keytar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import { createCache } from '../cache/cache'
import { createConnectivity } from '../connectivity/connectivity'
import { createMainServices } from '../create-services'
import { openOutboxStore } from '../outbox/outbox-store'
import { createDeliverers } from './deliverers'
import { createSyncEngine } from './sync-engine'
import { checkInSubmission, descriptionSave, doc } from './testing/entries'
import { filesContaining } from './testing/disk'

// The outbox, cache and sync engine as the app wires them: the client comes from the signed-in session
// (token in the real keychain, a throwaway one under `npm test`), everything else on a real data dir.
const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)

describe.skipIf(!hasSecretService)('outbox and sync with a signed-in session', () => {
  let emulator: Emulator
  const vaultService = `Operately Tray test ${randomUUID()}`

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await keytar.deletePassword(vaultService, emulator.url)
    await emulator.close()
  })

  it('delivers what was queued before a restart, and no file in the data directory holds the token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'signed-in-'))
    const first = await createMainServices({ dataDir, keytar, vaultService })
    await first.dispatch('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    const client = await first.session.client()
    const cache = createCache({ dir: join(dataDir, 'cache'), log: first.log })
    const project = await cache.cachedRead(`project:${wireId(emulator, SEED_IDS.projects.officeMove)}`, () =>
      client.getProject(wireId(emulator, SEED_IDS.projects.officeMove)),
    )

    // Offline: both go into the outbox, nothing is sent.
    const outbox = await openOutboxStore({ dir: join(dataDir, 'outbox'), log: first.log })
    await outbox.append(
      descriptionSave(project.value.id, doc('moving on the 3rd'), project.value.description),
    )
    const message = doc('queued check-in')
    await outbox.append(checkInSubmission(wireId(emulator, SEED_IDS.goals.shipEngine), message))

    // The app restarts, online.
    const again = await createMainServices({ dataDir, keytar, vaultService })
    const connectivity = createConnectivity({
      isOsOnline: () => true,
      probe: async () => (await again.session.client()).getMe(),
      log: again.log,
    })
    const engine = createSyncEngine({
      outbox: await openOutboxStore({ dir: join(dataDir, 'outbox'), log: again.log }),
      deliverers: createDeliverers({ client: () => again.session.client() }),
      connectivity,
      log: again.log,
    })
    connectivity.start()
    engine.start()
    await connectivity.idle()
    await engine.idle()
    await engine.stop()
    connectivity.stop()

    expect(engine.status()).toMatchObject({ pending: 0, failed: 0, conflicts: 0, needsAttention: 0 })
    const officeMove = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.officeMove)!
    expect(JSON.stringify(officeMove.description)).toBe(doc('moving on the 3rd'))
    expect(emulator.state.checkIns.filter((c) => JSON.stringify(c.message) === message)).toHaveLength(1)

    // Signing out forgets the cache but never the outbox (it may hold unsent work).
    await cache.clearAll()
    await again.dispatch('session.signOut', {})
    again.log.info('after sign-out')
    expect(filesContaining(dataDir, [emulator.tokens.write])).toEqual([])
  })
})
