import { mkdir, readFile, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'
import type { Freshness } from '@shared/domain/freshness'
import { AppFailure, appError, type AppError, type ErrorKind } from '@shared/errors'
import { silentLogger, type Logger } from '../log/logger'
import { isoAt, systemClock, type Clock } from '../sync/clock'
import { cacheFileName } from './cache-key'

/**
 * What the app has seen from the server, on disk, so every screen that was opened once still opens
 * offline: the signed-in person, goals and projects lists, goal and project details (descriptions
 * included), recently used people. One JSON file per key, replaced atomically. Cleared on sign-out.
 * Never holds the token: only what the server answered.
 */

export interface Cached<T> {
  value: T
  fetchedAt: string
}

export type CachedRead<T> =
  | { value: T; fromCache: false; fetchedAt: string }
  /** The server could not be reached: the last copy, with why. */
  | { value: T; fromCache: true; fetchedAt: string; error: AppError }

/** The part of Connectivity a cached read uses. */
export interface ConnectivityReporter {
  knownOffline(): boolean
  reportSuccess(): void
  reportFailure(kind: ErrorKind): void
}

export interface CachedReadOptions<T> {
  connectivity?: ConnectivityReporter
  /** Checks what comes back from disk (a file from an older version of the app may differ). */
  schema?: z.ZodType<T>
}

/** How fresh a cached read is, as the renderer's screens show it. */
export function freshnessOf(read: CachedRead<unknown>): Freshness {
  return {
    fetchedAt: read.fetchedAt,
    fromCache: read.fromCache,
    lastError: read.fromCache ? read.error : null,
  }
}

export interface Cache {
  read<T = unknown>(key: string, schema?: z.ZodType<T>): Promise<Cached<T> | null>
  write(key: string, value: unknown): Promise<Cached<unknown>>
  /** Forgets everything (sign-out). */
  clearAll(): Promise<void>
  /**
   * Fresh data when the fetch succeeds (and it is cached); the cached copy when the server cannot be
   * reached (offline, timeout, 5xx); the error when there is no copy. Errors that say something about
   * the item (not found, no access, signed out) are thrown as they are, never hidden behind a copy.
   */
  cachedRead<T>(
    key: string,
    fetcher: () => Promise<T>,
    options?: CachedReadOptions<T>,
  ): Promise<CachedRead<T>>
}

export interface CacheOptions {
  /** `<dataDir>/cache` */
  dir: string
  log?: Logger
  clock?: Clock
}

/** Failures a cached copy can stand in for: the server could not be reached or could not answer. */
const unreachableKinds: readonly ErrorKind[] = ['offline', 'timeout', 'server_error']

const offlineError = appError(
  'offline',
  'This computer is offline, so this is the copy from the last time the app could reach Operately.',
)

export function createCache(options: CacheOptions): Cache {
  const { dir } = options
  const log = options.log ?? silentLogger
  const clock = options.clock ?? systemClock
  // Bumped by clearAll: a write that started before a sign-out must not leave the old account's data.
  let generation = 0
  let ready: Promise<unknown> | null = null
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }))

  async function read<T>(key: string, schema?: z.ZodType<T>): Promise<Cached<T> | null> {
    const path = join(dir, cacheFileName(key))
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn('cache: could not read', { key, error: String(err) })
      return null
    }
    try {
      const stored = JSON.parse(text) as { key?: unknown; fetchedAt?: unknown; value?: unknown }
      if (stored.key !== key || typeof stored.fetchedAt !== 'string' || !('value' in stored))
        throw new Error('shape')
      if (!schema) return { value: stored.value as T, fetchedAt: stored.fetchedAt }
      const parsed = schema.safeParse(stored.value)
      if (!parsed.success) throw new Error('schema')
      return { value: parsed.data, fetchedAt: stored.fetchedAt }
    } catch {
      log.warn('cache: ignoring a damaged or outdated copy', { key })
      return null
    }
  }

  async function write(key: string, value: unknown): Promise<Cached<unknown>> {
    const name = cacheFileName(key)
    const started = generation
    await ensureDir()
    const fetchedAt = isoAt(clock)
    await writeFileAtomic(join(dir, name), JSON.stringify({ key, fetchedAt, value }), { mode: 0o600 })
    if (generation !== started) await unlink(join(dir, name)).catch(() => undefined)
    return { value, fetchedAt }
  }

  async function clearAll(): Promise<void> {
    generation++
    await rm(dir, { recursive: true, force: true })
    ready = null
    await ensureDir()
  }

  async function cachedRead<T>(
    key: string,
    fetcher: () => Promise<T>,
    opts: CachedReadOptions<T> = {},
  ): Promise<CachedRead<T>> {
    cacheFileName(key) // a bad key is a bug: say so before any request goes out
    const { connectivity, schema } = opts
    if (connectivity?.knownOffline()) {
      const copy = await read(key, schema)
      if (copy) return { ...copy, fromCache: true, error: offlineError }
    }
    let value: T
    try {
      value = await fetcher()
    } catch (err) {
      if (!(err instanceof AppFailure)) throw err
      if (!unreachableKinds.includes(err.error.kind)) {
        // The server answered (404, 403, 401…): the network is fine and the answer stands.
        if (err.error.status !== undefined) connectivity?.reportSuccess()
        throw err
      }
      connectivity?.reportFailure(err.error.kind)
      const copy = await read(key, schema)
      if (!copy) throw err
      return { ...copy, fromCache: true, error: err.error }
    }
    connectivity?.reportSuccess()
    try {
      const saved = await write(key, value)
      return { value, fromCache: false, fetchedAt: saved.fetchedAt }
    } catch (err) {
      log.warn('cache: could not save a copy', { key, error: String(err) })
      return { value, fromCache: false, fetchedAt: isoAt(clock) }
    }
  }

  return { read, write, clearAll, cachedRead }
}
