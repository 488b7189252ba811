import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { MAX_RICH_TEXT_CHARS } from '@shared/domain/operately-limits'
import { AppFailure, appError } from '@shared/errors'
import { applyTextEdit } from '@shared/text-edit'
import type { Logger } from '../log/logger'
import { durableFiles, type DurableFiles } from '../outbox/durable-files'
import { createJsonFile } from '../storage/json-file'
import { sha256Hex } from '../storage/sha256-hex'
import type { ServedTexts } from './served-texts'

/**
 * Drafts: what the user typed into a form, kept on disk in main so it survives closing the popup,
 * quitting and a crash. One file per key under `<dataDir>/drafts/`, as durable as the outbox: written to
 * a temp file, fsynced, renamed into place, and the folder fsynced so the rename survives a power cut.
 *
 * File names are the SHA-256 of the key in hex: safe on every file system (short ids are case-sensitive,
 * and macOS and Windows file names are not, so the key itself, or base64 of it, could collide), and short
 * enough for any key the contract allows. The key is stored inside and checked on reading.
 *
 * A draft holds what the user typed, never the API token: should the token turn up in a draft (pasted
 * by mistake), it is blanked out before anything is written.
 */

type Json = z.infer<ReturnType<typeof z.json>>

export interface Draft {
  value: Json | null
  savedAt: string | null
}

/**
 * One text field changed in place: `at` to `at + remove` becomes `insert`. The text edited is the stored
 * draft's `field` (of the write `revision` names), or with `from`, that field of the value being written.
 */
export interface DraftTextEdit {
  field: string
  at: number
  remove: number
  insert: string
  revision?: string | undefined
  from?: string | undefined
}

export interface DraftsService {
  get(key: string): Promise<Draft>
  /**
   * Writes `value` as the draft; `keep` names top-level fields of the stored draft to carry over as they
   * are, and `edit` one text field of it to change in place (both left out of `value`). Fails with
   * `not_found` when the stored draft lacks a field to keep, or is not the revision the edit follows, and
   * `invalid_input` when `value` is not an object: the caller then sends the whole draft. `served` names
   * a field main fills in with a text it served for this key (`not_found` when it served no such text).
   * The answer's
   * `revision` names this write.
   */
  save(
    key: string,
    value: Json,
    options?: { keep?: readonly string[]; edit?: DraftTextEdit; served?: ServedField },
  ): Promise<{ savedAt: string; revision: string }>
  clear(key: string): Promise<void>
  /** Resolves once every save and clear asked for so far is on disk (before quitting). */
  idle(): Promise<void>
}

// `revision` is absent from drafts written before edits existed: such a draft takes no edit.
const storedDraftSchema = z
  .object({ key: z.string(), value: z.json(), savedAt: z.string(), revision: z.string().optional() })
  .nullable()
type StoredDraft = z.infer<typeof storedDraftSchema>

/** The longest text a draft field may grow to by edits: what a whole draft may hold (the contract's bound). */
const MAX_DRAFT_CHARS = 3 * MAX_RICH_TEXT_CHARS

export const draftFileName = (key: string): string => `${sha256Hex(key)}.json`

/** Every occurrence of a secret inside the strings of a JSON value replaced, and whether there was one. */
function withoutSecrets(value: Json, secrets: string[]): { value: Json; found: boolean } {
  let found = false
  if (secrets.length === 0) return { value, found }
  const scrub = (v: Json): Json => {
    if (typeof v === 'string') {
      return secrets.reduce((text, secret) => {
        if (!text.includes(secret)) return text
        found = true
        return text.split(secret).join('[removed]')
      }, v)
    }
    if (Array.isArray(v)) return v.map(scrub)
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [scrub(k) as string, scrub(inner)]))
    }
    return v
  }
  return { value: scrub(value), found }
}

type JsonObject = { [field: string]: Json }

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function asObject(value: Json): JsonObject {
  if (!isObject(value))
    throw new AppFailure(appError('invalid_input', 'Only a draft that is an object can keep fields.'))
  return value
}

const notFound = (message: string) => new AppFailure(appError('not_found', message))

/** The fields `keep` of the stored draft (already scrubbed when they were written). */
function keptFields(value: Json | null, keep: readonly string[]): JsonObject {
  const kept: JsonObject = {}
  for (const field of keep) {
    if (!isObject(value) || !Object.hasOwn(value, field))
      throw notFound(`The stored draft has no "${field}" to keep; send the whole draft.`)
    kept[field] = value[field]!
  }
  return kept
}

/** The text an edit changes: the stored draft's field (of the revision it follows), or a field of `own`. */
function editedText(stored: StoredDraft, own: JsonObject, edit: DraftTextEdit): string {
  if (edit.from !== undefined) {
    const source = own[edit.from]
    if (typeof source !== 'string') {
      throw new AppFailure(
        appError('invalid_input', `The draft has no text "${edit.from}" to make "${edit.field}" from.`),
      )
    }
    return source
  }
  if (edit.revision === undefined) {
    throw new AppFailure(
      appError('invalid_input', 'An edit names the revision it follows or the field it is made from.'),
    )
  }
  if (stored?.revision !== edit.revision)
    throw notFound('The stored draft is not the one this edit follows; send the whole draft.')
  const value = stored.value
  const text = isObject(value) ? value[edit.field] : undefined
  if (typeof text !== 'string') throw notFound(`The stored draft has no text "${edit.field}" to edit.`)
  return text
}

/** The field `edit` names, changed as it says. */
function editedField(stored: StoredDraft, own: JsonObject, edit: DraftTextEdit): JsonObject {
  const text = editedText(stored, own, edit)
  if (edit.at + edit.remove > text.length) {
    throw new AppFailure(
      appError('invalid_input', `The edit reaches past the end of its text (${text.length} characters).`),
    )
  }
  const edited = applyTextEdit(text, edit)
  if (edited.length > MAX_DRAFT_CHARS) throw new AppFailure(appError('invalid_input', 'draft is too large'))
  return { [edit.field]: edited }
}

/** A field of the draft that main fills in with the text it served for the key, named by its hash. */
export interface ServedField {
  field: string
  sha256: string
}

export function createDraftsService(deps: {
  dataDir: string
  log: Logger
  /** Texts main served to a window, which a draft may name instead of sending (ServedField). */
  served?: Pick<ServedTexts, 'find'>
  /** Secrets that must never reach the disk (the session's token). */
  secrets?: () => string[]
  now?: () => Date
  /** How draft files are written and removed; the durable writes by default. */
  files?: DurableFiles
}): DraftsService {
  const files = deps.files ?? durableFiles
  const dir = join(deps.dataDir, 'drafts')
  const now = deps.now ?? (() => new Date())
  const secrets = () => (deps.secrets?.() ?? []).filter((s) => s.length >= 8)
  // One queue per key, so a save and a clear of the same draft land in the order they were asked.
  const queues = new Map<string, Promise<unknown>>()

  const fileFor = (key: string) => {
    const name = draftFileName(key)
    const path = join(dir, name)
    return { name, path, json: createJsonFile(path, storedDraftSchema, null, deps.log) }
  }

  function inOrder<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve()
    const next = previous.then(task, task)
    const settled = next.catch(() => undefined)
    queues.set(key, settled)
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key)
    })
    return next
  }

  /** The text `served` names, for a draft that leaves it out. */
  const servedText = (key: string, value: Json, served: ServedField): string => {
    if (Object.hasOwn(asObject(value), served.field)) {
      throw new AppFailure(appError('invalid_input', `"${served.field}" is both sent and named as served.`))
    }
    const text = deps.served?.find(key, served.sha256)
    if (text == null)
      throw notFound(`No text of that hash was served for this draft; send "${served.field}".`)
    return text
  }

  return {
    get: (key) =>
      inOrder(key, async () => {
        const { path, json } = fileFor(key)
        const stored = await json.read()
        if (!stored) return { value: null, savedAt: null }
        if (stored.key !== key) {
          deps.log.warn('draft file belongs to another key; ignoring it', { path })
          return { value: null, savedAt: null }
        }
        return { value: stored.value, savedAt: stored.savedAt }
      }),

    save: (key, value, options = {}) =>
      inOrder(key, async () => {
        await mkdir(dir, { recursive: true, mode: 0o700 })
        const file = fileFor(key)
        const { keep = [], edit, served } = options
        let draft = value
        if (served) draft = { ...asObject(value), [served.field]: servedText(key, value, served) }
        if (keep.length > 0 || edit) {
          const own = asObject(draft)
          // Kept fields come from the stored draft, which is only the caller's when its revision says so
          // (the edit's): another window may have written its own draft, over another base, since.
          if (keep.length > 0 && (edit?.revision === undefined || edit.from !== undefined)) {
            throw new AppFailure(
              appError('invalid_input', 'Fields are kept only with an edit naming the revision it follows.'),
            )
          }
          if (edit && Object.hasOwn(own, edit.field)) {
            throw new AppFailure(appError('invalid_input', `"${edit.field}" is both sent and edited.`))
          }
          const read = keep.length > 0 || edit?.from === undefined ? await file.json.read() : null
          const stored = read?.key === key ? read : null
          const kept = { ...own, ...keptFields(stored?.value ?? null, keep) }
          draft = { ...kept, ...(edit ? editedField(stored, kept, edit) : {}) }
        }
        // Scrubbed whole, after any edit: a secret may have been typed across an edit's edges.
        const written = withoutSecrets(draft, secrets())
        const savedAt = now().toISOString()
        const revision = randomUUID()
        // With a secret taken out, the stored text is not the one the window holds: an edit worked out
        // against the window's text would land in the wrong place. No later edit may follow this write
        // (its revision is not stored), so the next write sends the whole draft again.
        const stored = { key, value: written.value, savedAt, ...(written.found ? {} : { revision }) }
        await files.write(dir, file.name, JSON.stringify(stored))
        return { savedAt, revision }
      }),

    async idle() {
      while (queues.size > 0) await Promise.all([...queues.values()])
    },

    clear: (key) =>
      inOrder(key, async () => {
        await mkdir(dir, { recursive: true, mode: 0o700 })
        await files.remove(dir, fileFor(key).name)
      }),
  }
}
