import { describe, expect, it } from 'vitest'
import { descriptionDraftKey } from '@shared/contract/drafts'
import type { ProjectDetail } from '@shared/domain/projects'
import { hasSecretService, type SignedIn } from '../check-ins/testing/signed-in'
import { signedInForEachTest } from '../check-ins/testing/signed-in-each-test'
import { sha256Hex } from '../storage/sha256-hex'

// A description draft names its base (the description as main served it) by hash instead of sending it
// back: through the dispatcher as the renderer calls it, against the emulator, real keychain.

const launch = 'launch-site-FTjZweJIkc6RtMHf1SwQI3'
const key = descriptionDraftKey(launch)

describe.skipIf(!hasSecretService)('a draft naming the text main served', () => {
  let session: SignedIn
  signedInForEachTest((signed) => ({ session } = signed))

  const dispatch = (name: string, input: unknown) => session.services.dispatch(name, input)
  const storedDraft = async () => {
    const read = await dispatch('drafts.get', { key })
    if (!read.ok) throw new Error(read.error.message)
    return (read.value as { value: unknown }).value
  }
  const open = async () => {
    const read = await dispatch('projects.get', { id: launch })
    if (!read.ok) throw new Error(read.error.message)
    return (read.value as ProjectDetail).description!
  }

  it('stores the served description as the base, the whole draft as if it had been sent', async () => {
    const description = await open()
    const docText = '{"type":"doc","content":[]}'
    const saved = await dispatch('drafts.save', {
      key,
      value: { v: 1, docText, keptCopy: null },
      served: { field: 'base', sha256: sha256Hex(description) },
    })
    expect(saved).toMatchObject({ ok: true })
    expect(await storedDraft()).toEqual({ v: 1, docText, keptCopy: null, base: description })
  })

  it('makes the edited text from the served base, as from a base sent with it', async () => {
    const description = await open()
    const saved = await dispatch('drafts.save', {
      key,
      value: { v: 1, keptCopy: null },
      served: { field: 'base', sha256: sha256Hex(description) },
      edit: { field: 'docText', from: 'base', at: 0, remove: 0, insert: ' ' },
    })
    expect(saved).toMatchObject({ ok: true })
    expect(await storedDraft()).toMatchObject({ base: description, docText: ` ${description}` })
  })

  it('refuses a text main did not serve (not_found: send it), storing nothing', async () => {
    // Not opened in this run: nothing was served for the key yet.
    const unopened = await dispatch('drafts.save', {
      key,
      value: { v: 1, docText: 'x' },
      served: { field: 'base', sha256: sha256Hex('{"type":"doc","content":[]}') },
    })
    expect(unopened).toMatchObject({ ok: false, error: { kind: 'not_found' } })
    const description = await open()
    // Another text than the one served (a colleague's newer version the window got elsewhere).
    const other = await dispatch('drafts.save', {
      key,
      value: { v: 1, docText: 'x' },
      served: { field: 'base', sha256: sha256Hex(`${description} `) },
    })
    expect(other).toMatchObject({ ok: false, error: { kind: 'not_found' } })
    // Served for another project's draft only.
    const elsewhere = await dispatch('drafts.save', {
      key: descriptionDraftKey('office-move-HEwL7tvfVNFlSghDDCKYGY'),
      value: { v: 1, docText: 'x' },
      served: { field: 'base', sha256: sha256Hex(description) },
    })
    expect(elsewhere).toMatchObject({ ok: false, error: { kind: 'not_found' } })
    expect(await storedDraft()).toBeNull()
  })

  it('refuses malformed names across the bridge (invalid_input), storing nothing', async () => {
    const description = await open()
    const sha256 = sha256Hex(description)
    for (const [what, input] of [
      ['the field sent as well', { value: { v: 1, base: 'mine' }, served: { field: 'base', sha256 } }],
      ['a hash in capitals', { value: { v: 1 }, served: { field: 'base', sha256: sha256.toUpperCase() } }],
      ['a short hash', { value: { v: 1 }, served: { field: 'base', sha256: sha256.slice(1) } }],
      ['no field', { value: { v: 1 }, served: { sha256 } }],
      [
        'a field named like a property of objects',
        { value: { v: 1 }, served: { field: '__proto__', sha256 } },
      ],
      ['a field inherited by objects', { value: { v: 1 }, served: { field: 'constructor', sha256 } }],
      ['a field that is not a name', { value: { v: 1 }, served: { field: 'base.x', sha256 } }],
      ['an unknown property', { value: { v: 1 }, served: { field: 'base', sha256, text: 'x' } }],
      ['a draft that is not an object', { value: 'text', served: { field: 'base', sha256 } }],
    ] as const) {
      const result = await dispatch('drafts.save', { key, ...input })
      expect(result, what).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
    expect(await storedDraft()).toBeNull()
  })

  it('serves the text a save put on the server, the base of the next draft', async () => {
    const description = await open()
    const saved = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Saved from the tray.' }] }],
    })
    const result = await dispatch('projects.saveDescription', {
      projectId: launch,
      description: saved,
      baseDescription: description,
      overwrite: false,
    })
    expect(result).toMatchObject({ ok: true })
    const named = () =>
      dispatch('drafts.save', {
        key,
        value: { v: 1, docText: 'x' },
        served: { field: 'base', sha256: sha256Hex(saved) },
      })
    let answer = await named()
    for (let attempt = 0; attempt < 50 && !answer.ok; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await named()
    }
    expect(answer).toMatchObject({ ok: true })
    expect(await storedDraft()).toMatchObject({ base: saved })
  })
})
