import { describe, expect, it } from 'vitest'
import type { SaveDescriptionInput } from '@shared/domain/projects'
import type { Cache } from '../cache/cache'
import { silentLogger } from '../log/logger'
import type { DescriptionEntry } from '../outbox/entry'
import type { DeliveryReport } from '../sync/sync-engine'
import type { SyncService } from '../sync/sync-service'
import type { ProjectsService } from './projects-service'
import { createDescriptionSaver } from './save-or-queue'

// What a save answers once its entry has left the outbox: "Saved" only for a delivery, never for an entry
// someone took out of Sync meanwhile (the chaos soak met it: a "Take theirs" decided on an older save
// discarded the entry a newer save had just merged into, and the newer one was told "Saved").

const input: SaveDescriptionInput = {
  projectId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
  description: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Mine"}]}]}',
  baseDescription: null,
  overwrite: false,
}

/** The saver over an outbox whose entry is gone by the time the save asks how it went. */
function saverWhoseEntryLeft(report: DeliveryReport) {
  const entry = { id: 'entry-1', kind: 'description', payload: input } as unknown as DescriptionEntry
  const sync = {
    enqueue: async () => entry,
    connectivity: { knownOffline: () => false },
    engine: { deliverNow: async () => report },
    queuedDescription: () => null,
  } as unknown as SyncService
  const projects = { assertCanSave: async () => {} } as unknown as ProjectsService
  const cache = { read: async () => null } as unknown as Cache
  return createDescriptionSaver({ projects, sync, cache, log: silentLogger })
}

describe('a save whose entry left the outbox', () => {
  it('says it was not sent when the entry was discarded, and keeps the text with the editor', async () => {
    const save = saverWhoseEntryLeft({ outcome: null, entry: null, released: false, discarded: true })
    await expect(save(input)).rejects.toMatchObject({
      error: {
        kind: 'invalid_input',
        message: expect.stringMatching(/taken out of Sync before it was sent/),
      },
    })
  })

  it('is saved when the entry left because it was delivered (by a pass that took it first)', async () => {
    const save = saverWhoseEntryLeft({ outcome: null, entry: null, released: false, discarded: false })
    await expect(save(input)).resolves.toMatchObject({ outcome: 'saved', description: input.description })
  })
})
