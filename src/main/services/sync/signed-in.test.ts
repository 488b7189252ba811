import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import keytar from 'keytar'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import type { GoalDetail } from '@shared/domain/goals'
import type { ProjectDetail } from '@shared/domain/projects'
import { createMainServices } from '../create-services'
import { silentLogger } from '../log/logger'
import { doc } from './testing/entries'
import { filesContaining } from './testing/disk'
import { hasSecretService } from '../vault/testing/secret-service'

// The outbox, cache and sync engine as createMainServices wires them: the client comes from the signed-in
// session (token in the real keychain, a throwaway one under `npm test`), everything on a real data dir.

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

  it('delivers what was queued offline after a restart, once; sign-out empties the cache; no file holds the token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'signed-in-'))
    const projectId = wireId(emulator, SEED_IDS.projects.officeMove)
    const goalId = wireId(emulator, SEED_IDS.goals.shipEngine)
    const first = await createMainServices({ dataDir, keytar, vaultService })
    await first.dispatch('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    const projectRead = await first.dispatch('projects.get', { id: projectId })
    const goalRead = await first.dispatch('goals.get', { id: goalId })
    if (!projectRead.ok || !goalRead.ok) throw new Error('the emulator did not answer')
    const project = { value: projectRead.value as ProjectDetail }
    const goal = { value: goalRead.value as GoalDetail }

    // Offline: the project still opens from the copy kept on disk, and both saves are queued.
    emulator.pause()
    expect(await first.dispatch('projects.get', { id: projectId })).toMatchObject({
      ok: true,
      value: { fromCache: true, description: project.value.description, lastError: { kind: 'offline' } },
    })
    const text = doc('moving on the 3rd')
    const saved = await first.dispatch('projects.saveDescription', {
      projectId,
      description: text,
      baseDescription: project.value.description,
      overwrite: false,
    })
    expect(saved).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    const message = doc('queued check-in')
    const submitted = await first.dispatch('checkIns.create', {
      submissionId: randomUUID(),
      goalId,
      status: 'caution',
      dueDate: { mode: 'keep' },
      targetValues: [],
      checklist: goal.value.checklist,
      message,
      notify: { mode: 'everyone' },
    })
    expect(submitted).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    // Opened again, the project shows the text waiting to be sent.
    expect(await first.dispatch('projects.get', { id: projectId })).toMatchObject({
      ok: true,
      value: { queued: { description: text, state: 'pending', base: project.value.description } },
    })
    await first.close()

    // The app restarts, and the server is back.
    emulator.resume()
    const again = await createMainServices({ dataDir, keytar, vaultService })
    await again.dispatch('sync.now', {})
    await again.sync.engine.idle()
    expect(await again.sync.view()).toMatchObject({
      status: { pending: 0, failed: 0, conflicts: 0 },
      items: [],
    })
    const officeMove = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.officeMove)!
    expect(JSON.stringify(officeMove.description)).toBe(text)
    expect(emulator.state.checkIns.filter((c) => JSON.stringify(c.message) === message)).toHaveLength(1)
    // The kept copy follows the delivered text, so the project opens offline as it now is.
    await vi.waitFor(async () => {
      emulator.pause()
      const offline = await again.dispatch('projects.get', { id: projectId })
      emulator.resume()
      expect(offline).toMatchObject({ ok: true, value: { fromCache: true, description: text, queued: null } })
    })

    // Signing out forgets the cache but never the outbox (it may hold unsent work).
    await again.dispatch('session.signOut', {})
    await again.close()
    const cacheDir = join(dataDir, 'cache')
    const kept = existsSync(cacheDir) ? readdirSync(cacheDir) : []
    // The inbox's own file stays, emptied (`null`); nothing else of the account is left.
    expect(kept.filter((f) => f !== 'assignments.json')).toEqual([])
    expect(filesContaining(cacheDir, ['moving on the 3rd', 'Office move'])).toEqual([])
    expect(filesContaining(dataDir, [emulator.tokens.write])).toEqual([])
  })
})

describe('queued work belongs to the account that queued it', () => {
  let mine: Emulator
  let other: Emulator
  beforeAll(async () => {
    mine = await startEmulator()
    other = await startEmulator()
  })
  afterAll(async () => {
    await mine.close()
    await other.close()
  })

  it('waits, untouched, while someone else is signed in, and is sent once its account is back', async () => {
    const keychain = new Map<string, string>()
    const services = await createMainServices({
      dataDir: mkdtempSync(join(tmpdir(), 'signed-in-accounts-')),
      log: silentLogger,
      keytar: {
        getPassword: async (service, account) => keychain.get(`${service}/${account}`) ?? null,
        setPassword: async (service, account, password) =>
          void keychain.set(`${service}/${account}`, password),
        deletePassword: async (service, account) => keychain.delete(`${service}/${account}`),
      },
    })
    const projectId = wireId(mine, SEED_IDS.projects.officeMove)
    await services.dispatch('session.signIn', { baseUrl: mine.url, token: mine.tokens.write })
    await services.dispatch('projects.get', { id: projectId })
    mine.pause()
    const text = doc('queued by Ada on her own server')
    expect(
      await services.dispatch('projects.saveDescription', {
        projectId,
        description: text,
        baseDescription: null,
        overwrite: false,
      }),
    ).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    mine.resume()

    // Someone signs in to another server on this computer: the item waits and says whose it is.
    await services.dispatch('session.signOut', {})
    await services.dispatch('session.signIn', { baseUrl: other.url, token: other.tokens.write })
    await services.dispatch('sync.now', {})
    expect((await services.sync.view()).items).toMatchObject([
      { state: 'pending', otherAccount: { baseUrl: mine.url, personName: 'Ada Lovelace' } },
    ])
    // One request each: sign-in's empty write probe. Nothing of Ada's reached either server.
    expect(other.state.requests.filter((r) => r.endpoint === 'projects/update_description')).toHaveLength(1)
    expect(mine.state.requests.filter((r) => r.endpoint === 'projects/update_description')).toHaveLength(1)

    // Back on her own server, it goes out, once.
    await services.dispatch('session.signOut', {})
    await services.dispatch('session.signIn', { baseUrl: mine.url, token: mine.tokens.write })
    await services.dispatch('sync.now', {})
    expect((await services.sync.view()).items).toEqual([])
    const stored = mine.state.projects.find((p) => p.id === SEED_IDS.projects.officeMove)!
    expect(JSON.stringify(stored.description)).toBe(text)
    await services.close()
  })
})
