import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, type RichDoc } from '../../../../e2e/emulator'
import type { SaveDescriptionResult } from '@shared/domain/projects'
import type { OutboxEntry } from '../outbox/entry'
import { hasSecretService, observingFetch, type SignedIn } from '../check-ins/testing/signed-in'
import { signedInForEachTest, type SignedInTest } from '../check-ins/testing/signed-in-each-test'

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
  let again: SignedInTest['again']
  signedInForEachTest((signed) => ({ emulator, session, again } = signed))

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

  describe('when the disk would not let its file go', () => {
    // The entry's file turns, once the server's text has been read, into something that cannot be
    // unlinked (a non-empty directory, as a file held open by another program can be on some systems):
    // the hand-over cannot remove it, nor can the editor's withdrawal a moment later. Then the disk lets
    // go (the directory goes), before the engine's pause after the failure is over.
    const shown = () => launchSite().description
    let base: string
    let entryId: string
    let seenInSync: OutboxEntry[]
    let unsubscribe: () => void
    const fileOf = (id: string) => join(session.dataDir, 'outbox', `${id}.json`)

    beforeEach(async () => {
      let block: (() => void) | null = null
      session = await again({
        fetch: observingFetch(
          () => undefined,
          (endpoint, method, outcome) => {
            if (endpoint === 'projects/get' && method === 'GET' && outcome === 'answered') block?.()
          },
        ),
      })
      const { services } = session
      base = JSON.stringify(shown())
      seenInSync = []
      let appended: string | null = null
      unsubscribe = services.sync.outbox.subscribe(({ type, entry }) => {
        if (entry.kind !== 'description') return
        if (type === 'appended' && appended === null) {
          appended = entry.id
          block = () => {
            block = null
            const file = fileOf(entry.id)
            renameSync(file, `${file}.moved`)
            mkdirSync(file)
            writeFileSync(join(file, 'held'), 'x')
          }
        }
        if (entry.state === 'conflict') seenInSync.push(entry)
      })

      const original = launchSite().description
      launchSite().description = { type: 'doc', content: [paragraph('Grace rewrote this in the web app.')] }
      const saved = await services.dispatch('projects.saveDescription', {
        projectId: LAUNCH,
        description: doc('My rewrite, which meets hers.'),
        baseDescription: base,
        overwrite: false,
      })
      expect(saved.ok && (saved.value as SaveDescriptionResult).outcome, JSON.stringify(saved)).toBe(
        'conflict',
      )
      expect(appended).not.toBeNull()
      entryId = appended!
      expect(services.sync.outbox.get(entryId), 'the file was meant to stay').not.toBeNull()

      // While the editor shows both versions, Grace puts back the text the person started from, and the
      // disk lets go of the file. The person has not chosen "Keep mine": nothing may send their text.
      launchSite().description = original
      rmSync(fileOf(entryId), { recursive: true })
    })
    afterEach(() => unsubscribe())

    const nothingSent = async () => {
      await session.services.sync.engine.idle()
      expect(JSON.stringify(launchSite().description)).toBe(base)
      expect(seenInSync).toEqual([])
      expect(session.services.sync.outbox.list()).toEqual([])
      expect(existsSync(fileOf(entryId))).toBe(false)
    }

    it('is taken out on the next pass, never sent', async () => {
      await session.services.dispatch('sync.now', {})
      await nothingSent()
    })

    it('is taken out, not sent, by "Retry now" in Sync, where it still shows as waiting', async () => {
      await session.services.dispatch('sync.retry', { id: entryId })
      await nothingSent()
    })

    it('goes with the person\'s "Keep mine" from the editor, which merges into it', async () => {
      const { services } = session
      // Over the text Operately has now (the panel came back with it): a save of the person's own, merged
      // into the entry the disk kept, which must go rather than be taken out with it.
      const mine = doc('Mine after all, over what Grace put back.')
      const kept = await services.dispatch('projects.saveDescription', {
        projectId: LAUNCH,
        description: mine,
        baseDescription: base,
        overwrite: true,
      })
      expect(kept.ok && (kept.value as SaveDescriptionResult).outcome, JSON.stringify(kept)).toBe('saved')
      await services.sync.engine.idle()
      expect(launchSite().description).toEqual(JSON.parse(mine))
      expect(services.sync.outbox.list()).toEqual([])
    })
  })
})
