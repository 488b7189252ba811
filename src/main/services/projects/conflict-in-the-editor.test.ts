import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator, type RichDoc } from '../../../../e2e/emulator'
import type { SaveDescriptionResult } from '@shared/domain/projects'
import type { OutboxEntry } from '../outbox/entry'
import { hasSecretService, signedInServices, type SignedIn } from '../check-ins/testing/signed-in'

// A conflict met by a save the editor waits for is the editor's to decide: it shows both versions and holds
// the text. The chaos soak (seed 1911366700, on a loaded machine) found a moment when the same conflict
// also waited in the outbox, where Sync offers it to the person: "Keep mine" chosen there sent the text
// the editor was showing as a conflict, and the person's "Take theirs" in the editor came too late.

const LAUNCH = 'launch-site-FTjZweJIkc6RtMHf1SwQI3'
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] })
const doc = (text: string) => JSON.stringify({ type: 'doc', content: [paragraph(text)] })

describe.skipIf(!hasSecretService)('a conflict the editor shows', () => {
  let emulator: Emulator
  let session: SignedIn

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    emulator.reset()
    session = await signedInServices(emulator)
  })
  afterEach(async () => {
    await session.cleanup()
  })

  const launchSite = () => emulator.state.projects.find((p) => p.name === 'Launch site')!

  it('never waits in Sync, so nothing there can send it while the person decides in the editor', async () => {
    const { services } = session
    const base = JSON.stringify(launchSite().description)
    const theirs: RichDoc = { type: 'doc', content: [paragraph('Grace rewrote this in the web app.')] }
    launchSite().description = theirs
    const mine = doc('My rewrite, which meets hers.')

    // The person in Sync, as fast as can be: the moment a conflict shows there, they open it and keep
    // theirs over the version shown (the editor panel's "Keep mine", the soak's simulated person).
    const seenInSync: OutboxEntry[] = []
    const keptFromSync: Array<Promise<unknown>> = []
    const unsubscribe = services.sync.outbox.subscribe(({ entry }) => {
      if (entry.kind !== 'description' || entry.state !== 'conflict') return
      seenInSync.push(entry)
      keptFromSync.push(
        services.dispatch('projects.saveDescription', {
          projectId: LAUNCH,
          description: entry.payload.description,
          baseDescription: entry.conflict!.serverDescription,
          overwrite: true,
        }),
      )
    })
    try {
      const saved = await services.dispatch('projects.saveDescription', {
        projectId: LAUNCH,
        description: mine,
        baseDescription: base,
        overwrite: false,
      })
      expect(saved.ok && (saved.value as SaveDescriptionResult).outcome, JSON.stringify(saved)).toBe(
        'conflict',
      )
      await Promise.all(keptFromSync)
      await services.sync.engine.idle()
    } finally {
      unsubscribe()
    }

    // The editor shows both versions; until the person chooses there, Operately keeps Grace's text.
    expect(launchSite().description).toEqual(theirs)
    expect(seenInSync).toEqual([])
    expect(services.sync.outbox.list()).toEqual([])
  })
})
