import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import { createConnectivity } from '../connectivity/connectivity'
import { createOperatelyClient, type OperatelyClient } from '../operately/client'
import { createFakeClock } from '../sync/testing/fake-clock'
import { filesContaining } from '../sync/testing/disk'
import { createCache, type Cache } from './cache'

// The cache in front of real reads from the emulator, on a real disk.

describe('cache', () => {
  let emulator: Emulator
  let client: OperatelyClient
  let dir: string
  let cache: Cache
  const clock = createFakeClock()
  const dataDirs: string[] = []

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
    for (const dataDir of dataDirs)
      expect(filesContaining(dataDir, Object.values(emulator.tokens))).toEqual([])
  })
  beforeEach(() => {
    emulator.reset()
    client = createOperatelyClient({
      baseUrl: emulator.url,
      getToken: () => emulator.tokens.write,
      timeoutMs: 2_000,
    })
    const dataDir = mkdtempSync(join(tmpdir(), 'cache-'))
    dataDirs.push(dataDir)
    dir = join(dataDir, 'cache')
    cache = createCache({ dir, clock })
  })

  const projectKey = () => `project:${wireId(emulator, SEED_IDS.projects.launchSite)}`
  const fetchProject = () => client.getProject(wireId(emulator, SEED_IDS.projects.launchSite))

  it('returns fresh data when the server answers, and keeps a copy', async () => {
    const fresh = await cache.cachedRead(projectKey(), fetchProject)
    expect(fresh).toMatchObject({ fromCache: false, fetchedAt: new Date(clock.now()).toISOString() })
    expect(fresh.value.name).toBe('Launch site')
    expect(await cache.read(projectKey())).toEqual({ value: fresh.value, fetchedAt: fresh.fetchedAt })
  })

  it('opens what was seen before when the server cannot be reached, saying when it was fetched', async () => {
    const seen = await cache.cachedRead(projectKey(), fetchProject)
    clock.advance(60 * 60_000)
    emulator.pause()
    const offline = await cache.cachedRead(projectKey(), fetchProject)
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: seen.fetchedAt, error: { kind: 'offline' } })
    expect(offline.value).toEqual(seen.value)
    emulator.resume()
    emulator.setFaults({ serverErrors: 1 })
    expect(await cache.cachedRead(projectKey(), fetchProject)).toMatchObject({
      fromCache: true,
      error: { kind: 'server_error' },
    })
  })

  it('gives the error when there is no copy to fall back on', async () => {
    emulator.pause()
    await expect(cache.cachedRead(projectKey(), fetchProject)).rejects.toMatchObject({
      error: { kind: 'offline' },
    })
  })

  it('never hides behind a copy when the server says the item is gone', async () => {
    const key = projectKey()
    const id = wireId(emulator, SEED_IDS.projects.launchSite)
    await cache.cachedRead(key, () => client.getProject(id))
    emulator.state.projects.splice(
      emulator.state.projects.findIndex((p) => p.id === SEED_IDS.projects.launchSite),
      1,
    )
    await expect(cache.cachedRead(key, () => client.getProject(id))).rejects.toMatchObject({
      error: { kind: 'not_found' },
    })
  })

  it('skips the network when it is known to be down, and tells connectivity what it learns', async () => {
    const os = { online: true }
    const connectivity = createConnectivity({
      isOsOnline: () => os.online,
      probe: () => client.getMe(),
      clock,
    })
    await cache.cachedRead('me', () => client.getMe(), { connectivity })
    expect(connectivity.isOnline()).toBe(true)

    os.online = false
    const before = emulator.state.requests.length
    expect(await cache.cachedRead('me', () => client.getMe(), { connectivity })).toMatchObject({
      fromCache: true,
      value: { full_name: 'Ada Lovelace' },
      error: { kind: 'offline' },
    })
    expect(emulator.state.requests).toHaveLength(before)

    os.online = true
    emulator.pause()
    await cache.cachedRead('me', () => client.getMe(), { connectivity })
    expect(connectivity.isOnline()).toBe(false)
  })

  it('survives a restart, and forgets everything on sign-out', async () => {
    await cache.cachedRead('goals', () => client.listGoals())
    await cache.cachedRead(projectKey(), fetchProject)
    const again = createCache({ dir, clock })
    expect((await again.read<unknown[]>('goals'))?.value).toHaveLength(5)
    await again.clearAll()
    expect(await again.read('goals')).toBeNull()
    expect(await cache.read(projectKey())).toBeNull()
    expect(readdirSync(dir)).toEqual([])
  })

  it('treats a damaged or outdated copy as no copy', async () => {
    await cache.write('people:recent', [{ id: 'x' }])
    const schema = z.array(z.object({ id: z.string(), fullName: z.string() }))
    expect(await cache.read('people:recent', schema)).toBeNull()
    writeFileSync(join(dir, 'people@recent.json'), '{"key":"people:recent","fetc')
    expect(await cache.read('people:recent')).toBeNull()
  })

  it('refuses names that are not cache keys, before any request goes out', async () => {
    const before = emulator.state.requests.length
    for (const key of ['../secrets', 'project:a/b', 'Project:x', '', 'project:', 'a:b:c']) {
      await expect(cache.cachedRead(key, fetchProject), key).rejects.toMatchObject({
        error: { kind: 'internal' },
      })
      await expect(cache.write(key, 1), key).rejects.toMatchObject({ error: { kind: 'internal' } })
    }
    expect(emulator.state.requests).toHaveLength(before)
  })
})
