import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMainServices } from '../create-services'
import { recordingLogger } from '../check-ins/testing/signed-in'
import { silentLogger } from '../log/logger'
import type { KeytarLike } from '../vault/token-vault'
import { createDurableFiles, syncDirectory } from '../outbox/durable-files'
import { createDraftsService, draftFileName } from './drafts-service'

const key = 'check-in:ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const draft = {
  status: 'caution',
  message: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Half way' }] }] },
  targets: { T1: 80 },
}

// Drafts never touch the keychain; this one fails loudly if they ever do.
const noKeychain: KeytarLike = {
  getPassword: () => Promise.reject(new Error('keychain not expected')),
  setPassword: () => Promise.reject(new Error('keychain not expected')),
  deletePassword: () => Promise.reject(new Error('keychain not expected')),
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'drafts-'))

/** The error a save was refused with, or null when it went through. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  )

describe('drafts', () => {
  it('keeps what was saved until it is cleared', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    expect(await drafts.get(key)).toEqual({ value: null, savedAt: null })
    const { savedAt } = await drafts.save(key, draft)
    expect(await drafts.get(key)).toEqual({ value: draft, savedAt })
    await drafts.clear(key)
    expect(await drafts.get(key)).toEqual({ value: null, savedAt: null })
    // Clearing what is not there is not an error.
    await drafts.clear(key)
  })

  it('keeps named fields of the stored draft when asked, so they need not be sent again', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    const base = 'x'.repeat(1000)
    const append = (revision: string, insert: string) => ({
      field: 'docText',
      at: 0,
      remove: 0,
      insert,
      revision,
    })
    const first = await drafts.save('description:abc', { v: 1, docText: 'first', base })
    const { savedAt } = await drafts.save(
      'description:abc',
      { v: 1 },
      { keep: ['base'], edit: append(first.revision, '2 ') },
    )
    expect(await drafts.get('description:abc')).toEqual({
      value: { v: 1, docText: '2 first', base },
      savedAt,
    })
    // A field that was null is kept as null.
    const third = await drafts.save('description:abc', { v: 1, docText: 'third', base: null })
    await drafts.save('description:abc', { v: 1 }, { keep: ['base'], edit: append(third.revision, '4 ') })
    expect((await drafts.get('description:abc')).value).toEqual({ v: 1, docText: '4 third', base: null })
  })

  it('refuses to keep what is not stored (not_found), or without naming the write it follows, leaving the stored draft as it was', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    const edit = (revision: string) => ({ field: 'docText', at: 0, remove: 0, insert: 'x', revision })
    const none = await refusal(drafts.save('description:abc', {}, { keep: ['base'], edit: edit('r1') }))
    expect(none).toMatchObject({ error: { kind: 'not_found' } })
    expect(await drafts.get('description:abc')).toEqual({ value: null, savedAt: null })
    const a = await drafts.save('description:abc', { docText: 'a' })
    const missing = await refusal(
      drafts.save('description:abc', {}, { keep: ['base'], edit: edit(a.revision) }),
    )
    expect(missing).toMatchObject({ error: { kind: 'not_found' } })
    const unnamed = await refusal(drafts.save('description:abc', { docText: 'b' }, { keep: ['docText'] }))
    expect(unnamed).toMatchObject({ error: { kind: 'invalid_input' } })
    const fromSent = { field: 'docText', from: 'base', at: 0, remove: 0, insert: 'x' }
    const notFollowing = await refusal(
      drafts.save('description:abc', { base: 'b' }, { keep: ['v'], edit: fromSent }),
    )
    expect(notFollowing).toMatchObject({ error: { kind: 'invalid_input' } })
    // Past the contract (which allows one or the other): a revision beside `from` names nothing checked.
    const both = await refusal(
      drafts.save(
        'description:abc',
        { base: 'b' },
        { keep: ['v'], edit: { ...fromSent, revision: a.revision } },
      ),
    )
    expect(both).toMatchObject({ error: { kind: 'invalid_input' } })
    expect((await drafts.get('description:abc')).value).toEqual({ docText: 'a' })
    await drafts.clear('description:abc')
    const cleared = await refusal(
      drafts.save('description:abc', {}, { keep: ['base'], edit: edit(a.revision) }),
    )
    expect(cleared).toMatchObject({ error: { kind: 'not_found' } })
    const notObject = await refusal(drafts.save('check-in:abc', 'text', { keep: ['base'] }))
    expect(notObject).toMatchObject({ error: { kind: 'invalid_input' } })
  })

  it("keeps fields only from the draft the write follows: not another window's base (not_found)", async () => {
    // Window A kept only a copy aside (no text, no edit), window B then wrote its draft over another
    // base; A's next write keeping "its" base must not take B's: a save would be checked against a
    // version A never saw, and the draft on disk would not be what A's editor held.
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    await drafts.save('description:abc', { v: 1, doc: null, base: 'A base', keptCopy: 'A copy' })
    const theirs = { v: 1, docText: 'B text', base: 'B base', keptCopy: null }
    await drafts.save('description:abc', theirs)
    const mine = drafts.save(
      'description:abc',
      { v: 1, docText: 'A text', keptCopy: 'A copy' },
      { keep: ['base'] },
    )
    await expect(mine).rejects.toMatchObject({ error: { kind: 'invalid_input' } })
    expect((await drafts.get('description:abc')).value).toEqual(theirs)
  })

  it('changes one text field in place from the revision the edit follows, keeping the rest', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    const base = 'x'.repeat(1000)
    const first = await drafts.save('description:abc', { v: 1, docText: 'hello world', base })
    const edit = { field: 'docText', at: 5, remove: 6, insert: ', there', revision: first.revision }
    const second = await drafts.save('description:abc', { v: 1 }, { keep: ['base'], edit })
    expect(second.revision).not.toBe(first.revision)
    expect(await drafts.get('description:abc')).toEqual({
      value: { v: 1, docText: 'hello, there', base },
      savedAt: second.savedAt,
    })
    // The next edit follows the newest write, and survives a restart (the revision is on disk).
    const dataDir = tempDir()
    const before = createDraftsService({ dataDir, log: silentLogger })
    const written = await before.save('description:abc', { docText: 'ab' })
    const after = createDraftsService({ dataDir, log: silentLogger })
    await after.save(
      'description:abc',
      {},
      { edit: { field: 'docText', at: 2, remove: 0, insert: 'c', revision: written.revision } },
    )
    expect((await after.get('description:abc')).value).toEqual({ docText: 'abc' })
  })

  it('refuses an edit of another revision (not_found) and a range past the end, storing nothing', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    const edit = (revision: string, at = 0, remove = 0) => ({
      field: 'docText',
      at,
      remove,
      insert: 'X',
      revision,
    })
    const none = await refusal(drafts.save('description:abc', {}, { edit: edit('r1') }))
    expect(none).toMatchObject({ error: { kind: 'not_found' } })
    const mine = await drafts.save('description:abc', { docText: 'mine' })
    // Another window wrote since: its draft is not the one this edit was computed against.
    await drafts.save('description:abc', { docText: 'theirs' })
    const stale = await refusal(drafts.save('description:abc', {}, { edit: edit(mine.revision) }))
    expect(stale).toMatchObject({ error: { kind: 'not_found' } })
    const latest = await drafts.save('description:abc', { docText: 'four' })
    const past = await refusal(drafts.save('description:abc', {}, { edit: edit(latest.revision, 3, 2) }))
    expect(past).toMatchObject({ error: { kind: 'invalid_input' } })
    const both = await refusal(
      drafts.save('description:abc', { docText: 'y' }, { edit: edit(latest.revision) }),
    )
    expect(both).toMatchObject({ error: { kind: 'invalid_input' } })
    const notText = await drafts.save('description:abc', { docText: 7 })
    const numeric = await refusal(drafts.save('description:abc', {}, { edit: edit(notText.revision) }))
    expect(numeric).toMatchObject({ error: { kind: 'not_found' } })
    expect((await drafts.get('description:abc')).value).toEqual({ docText: 7 })
  })

  it('makes a text field from another field of the same write (a first edit, as its difference from the base)', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    const base = '{"type":"doc","content":[]}'.padEnd(2000, ' ')
    const edit = { field: 'docText', from: 'base', at: 10, remove: 0, insert: 'typed' }
    await drafts.save('description:abc', { v: 1, base }, { edit })
    expect((await drafts.get('description:abc')).value).toEqual({
      v: 1,
      base,
      docText: `${base.slice(0, 10)}typed${base.slice(10)}`,
    })
    // The field it is made from must be text sent with it; an edit names one source or the other.
    const missing = await refusal(drafts.save('description:abc', { v: 1 }, { edit }))
    expect(missing).toMatchObject({ error: { kind: 'invalid_input' } })
    const neither = await refusal(
      drafts.save('description:abc', { v: 1 }, { edit: { field: 'docText', at: 0, remove: 0, insert: 'x' } }),
    )
    expect(neither).toMatchObject({ error: { kind: 'invalid_input' } })
    expect((await drafts.get('description:abc')).value).toMatchObject({
      docText: `${base.slice(0, 10)}typed${base.slice(10)}`,
    })
  })

  it('scrubs a token completed by an edit, and refuses an edit that grows a field past the bound', async () => {
    const token = 'opk_0123456789abcdef'
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger, secrets: () => [token] })
    const first = await drafts.save('description:abc', { docText: `my token is ${token.slice(0, 10)}` })
    const edit = { field: 'docText', at: 22, remove: 0, insert: token.slice(10), revision: first.revision }
    const scrubbed = await drafts.save('description:abc', {}, { edit })
    expect((await drafts.get('description:abc')).value).toEqual({ docText: 'my token is [removed]' })
    // The stored text is no longer the one the window holds: an edit worked out against the window's
    // text would land in the wrong place, so none may follow this write (the window sends it whole).
    const next = { field: 'docText', at: 32, remove: 0, insert: '!', revision: scrubbed.revision }
    await expect(drafts.save('description:abc', {}, { edit: next })).rejects.toMatchObject({
      error: { kind: 'not_found' },
    })
    // A whole draft holding the token, and one made from a base holding it: scrubbed, and not followed either.
    const whole = await drafts.save('description:abc', { docText: `again ${token}` })
    await expect(
      drafts.save('description:abc', {}, { edit: { ...next, at: 0, revision: whole.revision } }),
    ).rejects.toMatchObject({ error: { kind: 'not_found' } })
    const fromBase = { field: 'docText', from: 'base', at: 0, remove: 0, insert: 'x' }
    await drafts.save('description:abc', { base: `base ${token}` }, { edit: fromBase })
    expect((await drafts.get('description:abc')).value).toEqual({
      base: 'base [removed]',
      docText: 'xbase [removed]',
    })
  })

  it('keeps drafts of different goals apart, even ids that differ only in letter case', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    await drafts.save('check-in:abcDEF', { n: 1 })
    await drafts.save('check-in:abcdef', { n: 2 })
    await drafts.save('description:abcDEF', { n: 3 })
    expect((await drafts.get('check-in:abcDEF')).value).toEqual({ n: 1 })
    expect((await drafts.get('check-in:abcdef')).value).toEqual({ n: 2 })
    expect((await drafts.get('description:abcDEF')).value).toEqual({ n: 3 })
  })

  it('keeps the draft of a description as large as Operately takes, far over a long one (6 MB)', async () => {
    const dataDir = tempDir()
    const services = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    const words = 'Every detail of the move, written down. '.repeat(150_000)
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] }
    // As the description page stores it (description-draft.ts): the edit as exact text, and its base.
    const value = { v: 1, docText: JSON.stringify(doc), base: JSON.stringify(doc), keptCopy: null }
    const draftKey = 'description:HEwL7tvfVNFlSghDDCKYGY'
    expect(await services.dispatch('drafts.save', { key: draftKey, value })).toMatchObject({ ok: true })
    expect(await services.dispatch('drafts.get', { key: draftKey })).toMatchObject({
      ok: true,
      value: { value },
    })
  })

  it('survives a restart: new services on the same data directory find the draft', async () => {
    const dataDir = tempDir()
    const first = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    expect(await first.dispatch('drafts.save', { key, value: draft })).toMatchObject({ ok: true })
    const second = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    expect(await second.dispatch('drafts.get', { key })).toMatchObject({ ok: true, value: { value: draft } })
    expect(await second.dispatch('drafts.clear', { key })).toEqual({ ok: true, value: {} })
    const third = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    expect(await third.dispatch('drafts.get', { key })).toEqual({
      ok: true,
      value: { value: null, savedAt: null },
    })
  })

  it('writes one private file per key under drafts/, named so that no key can leave the folder', async () => {
    const dataDir = tempDir()
    const drafts = createDraftsService({ dataDir, log: silentLogger })
    await drafts.save(key, draft)
    const files = readdirSync(join(dataDir, 'drafts'))
    expect(files).toEqual([draftFileName(key)])
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/)
    const path = join(dataDir, 'drafts', files[0]!)
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ key, value: draft })
  })

  it('reads a damaged file as no draft and says so in the log, without failing', async () => {
    const dataDir = tempDir()
    const log = recordingLogger()
    const drafts = createDraftsService({ dataDir, log })
    await drafts.save(key, draft)
    const path = join(dataDir, 'drafts', draftFileName(key))
    for (const damage of ['{"key":"check-in:x","val', '', '[1,2,3]', '{"value":{"a":1}}']) {
      writeFileSync(path, damage)
      expect(await drafts.get(key)).toEqual({ value: null, savedAt: null })
    }
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(4)
    // A new save repairs it.
    await drafts.save(key, draft)
    expect((await drafts.get(key)).value).toEqual(draft)
  })

  it('ignores a file that holds another key', async () => {
    const dataDir = tempDir()
    const log = recordingLogger()
    const drafts = createDraftsService({ dataDir, log })
    await drafts.save('check-in:other', { n: 1 })
    const other = readFileSync(join(dataDir, 'drafts', draftFileName('check-in:other')), 'utf8')
    writeFileSync(join(dataDir, 'drafts', draftFileName(key)), other)
    expect(await drafts.get(key)).toEqual({ value: null, savedAt: null })
    expect(log.lines.some((l) => l.level === 'warn')).toBe(true)
  })

  it('applies a save and a clear of the same draft in the order they were asked', async () => {
    const drafts = createDraftsService({ dataDir: tempDir(), log: silentLogger })
    const saves = Array.from({ length: 5 }, (_, n) => drafts.save(key, { n }))
    const cleared = drafts.clear(key)
    const last = drafts.save(key, { n: 99 })
    await Promise.all([...saves, cleared, last])
    expect((await drafts.get(key)).value).toEqual({ n: 99 })
    await Promise.all([drafts.save(key, { n: 100 }), drafts.clear(key)])
    expect((await drafts.get(key)).value).toBeNull()
  })

  it('never writes the API token to disk, even when it was pasted into a draft', async () => {
    const dataDir = tempDir()
    const token = 'opk_-QbeE1ohkBz8Co8pZl6iQlEhlQi7gzZCfK9D9WXkWsc'
    const drafts = createDraftsService({ dataDir, log: silentLogger, secrets: () => [token] })
    await drafts.save(key, { message: `my token is ${token}`, [token]: [token] })
    const text = readFileSync(join(dataDir, 'drafts', draftFileName(key)), 'utf8')
    expect(text).not.toContain(token)
    expect((await drafts.get(key)).value).toEqual({
      message: 'my token is [removed]',
      '[removed]': ['[removed]'],
    })
  })

  it('is as durable as the outbox: the folder is fsynced after each write and each removal', async () => {
    const dataDir = tempDir()
    const synced: string[] = []
    const files = createDurableFiles(async (dir) => {
      synced.push(dir)
      await syncDirectory(dir)
    })
    const drafts = createDraftsService({ dataDir, log: silentLogger, files })
    await drafts.save(key, { typed: 'kept through a power cut' })
    expect(synced).toEqual([join(dataDir, 'drafts')])
    expect((await drafts.get(key)).value).toEqual({ typed: 'kept through a power cut' })
    await drafts.clear(key)
    expect(synced).toEqual([join(dataDir, 'drafts'), join(dataDir, 'drafts')])
    expect(readdirSync(join(dataDir, 'drafts'))).toEqual([])
  })

  it('refuses keys outside the two kinds of draft before touching the disk', async () => {
    const dataDir = tempDir()
    const services = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    for (const bad of [
      '../x',
      'check-in:../../etc/passwd',
      'check-in:',
      'settings:x',
      'check-in:a/b',
      'check-in:a b',
    ]) {
      for (const [op, input] of [
        ['drafts.save', { key: bad, value: 1 }],
        ['drafts.get', { key: bad }],
        ['drafts.clear', { key: bad }],
      ] as const) {
        const result = await services.dispatch(op, input)
        expect(result, `${op} ${bad}`).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
      }
    }
    expect(readdirSync(dataDir).includes('drafts')).toBe(false)
  })

  it('refuses malformed edits across the bridge (invalid_input), leaving the stored draft as it was', async () => {
    const services = await createMainServices({ dataDir: tempDir(), keytar: noKeychain, log: silentLogger })
    const key = 'description:abc'
    const saved = await services.dispatch('drafts.save', {
      key,
      value: { v: 1, docText: 'hello', base: 'b' },
    })
    if (!saved.ok) throw new Error(saved.error.message)
    const { revision } = saved.value as { revision: string }
    const edit = { field: 'docText', at: 0, remove: 0, insert: 'x', revision }
    for (const [what, bad] of [
      ['a negative offset', { ...edit, at: -1 }],
      ['a fractional offset', { ...edit, at: 1.5 }],
      ['an offset past any text', { ...edit, at: Number.MAX_SAFE_INTEGER + 2 }],
      ['an unending removal', { ...edit, remove: Infinity }],
      ['a range past the end', { ...edit, at: 3, remove: 3 }],
      ['an insert that is not text', { ...edit, insert: 7 }],
      ['both a revision and a field to start from', { ...edit, from: 'base' }],
      ['neither', { field: 'docText', at: 0, remove: 0, insert: 'x' }],
      ['an unknown property', { ...edit, length: 5 }],
    ] as const) {
      const result = await services.dispatch('drafts.save', {
        key,
        value: { v: 1 },
        keep: ['base'],
        edit: bad,
      })
      expect(result, what).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
    const madeOf = (from: string) => ({ field: 'docText', at: 0, remove: 0, insert: 'x', from })
    for (const [what, value, bad] of [
      ['from a field that is not text', { v: 1, base: 3 }, madeOf('base')],
      ['from the edited field itself', { v: 1, docText: 'y' }, madeOf('docText')],
      ['from an inherited name', { v: 1 }, madeOf('toString')],
    ] as const) {
      const result = await services.dispatch('drafts.save', { key, value, edit: bad })
      expect(result, what).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
    const stored = await services.dispatch('drafts.get', { key })
    expect(stored).toMatchObject({ ok: true, value: { value: { v: 1, docText: 'hello', base: 'b' } } })
  })
})
