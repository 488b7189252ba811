import { describe, expect, it } from 'vitest'
import type { ServerDoc } from '../../editor'
import { readDescriptionDraft, toStoredDescriptionDraft, descriptionDraftKey } from './description-draft'
import { draftOf, editReducer, initialEditState, type EditAction, type EditState } from './edit-state'

const doc = (...lines: string[]): ServerDoc => ({
  type: 'doc',
  content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
})
const server = JSON.stringify(doc('Written in the web app.'))
const mine = doc('Written in the web app.', 'Added in the tray.')
const theirs = JSON.stringify(doc('Rewritten by Grace.'))

const run = (state: EditState, ...actions: EditAction[]) => actions.reduce(editReducer, state)

describe('initialEditState', () => {
  it('opens on the server description, with nothing unsaved', () => {
    const state = initialEditState(server, null, null)
    expect(state).toMatchObject({ base: server, editor: { value: server }, dirty: false, restoredAt: null })
    expect(draftOf(state)).toEqual({ doc: null, base: server, keptCopy: null })
  })

  it('opens on a draft that still holds an edit, based on the version it started from', () => {
    const state = initialEditState(
      theirs,
      { doc: mine, base: server, keptCopy: null },
      '2026-03-10T10:42:00Z',
    )
    expect(state).toMatchObject({
      base: server,
      editor: { value: mine },
      dirty: true,
      restoredAt: '2026-03-10T10:42:00Z',
    })
  })

  it('ignores a draft that is no edit, or that the server already has', () => {
    const noEdit = initialEditState(
      server,
      { doc: doc('Written in the web app.'), base: server, keptCopy: null },
      'x',
    )
    expect(noEdit).toMatchObject({ editor: { value: server }, dirty: false, restoredAt: null })
    const alreadySaved = initialEditState(
      JSON.stringify(mine),
      { doc: mine, base: server, keptCopy: null },
      'x',
    )
    expect(alreadySaved).toMatchObject({ dirty: false, restoredAt: null })
  })
})

describe('dirty tracking', () => {
  it('sees a real change, and no change in what the editor adds on its own', () => {
    const state = initialEditState(server, null, null)
    expect(run(state, { type: 'changed', doc: mine }).dirty).toBe(true)
    const trailingParagraph: ServerDoc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Written in the web app.' }] },
        { type: 'paragraph' },
      ],
    }
    expect(run(state, { type: 'changed', doc: trailingParagraph }).dirty).toBe(false)
    // Typing and deleting it again is no change either.
    expect(
      run(state, { type: 'changed', doc: mine }, { type: 'changed', doc: doc('Written in the web app.') })
        .dirty,
    ).toBe(false)
  })

  it('a project without a description and the empty editor are the same', () => {
    const state = initialEditState(null, null, null)
    expect(
      run(state, { type: 'changed', doc: { type: 'doc', content: [{ type: 'paragraph' }] } }).dirty,
    ).toBe(false)
  })
})

describe('saving', () => {
  it('is saved only when the server confirmed; the saved text becomes the base and the draft goes', () => {
    let state = run(
      initialEditState(server, null, null),
      { type: 'changed', doc: mine },
      { type: 'saveStarted', overwrite: false },
    )
    expect(state.save.state).toBe('saving')
    expect(draftOf(state).doc).toEqual(mine)
    state = run(state, {
      type: 'saved',
      sent: mine,
      description: JSON.stringify(mine),
      at: '2026-03-10T10:45:00Z',
    })
    expect(state).toMatchObject({ dirty: false, base: JSON.stringify(mine), save: { state: 'saved' } })
    expect(toStoredDescriptionDraft(draftOf(state))).toBeNull()
  })

  it('typing on while the save is on its way stays unsaved', () => {
    const more = doc('Written in the web app.', 'Added in the tray.', 'And more.')
    const state = run(
      initialEditState(server, null, null),
      { type: 'changed', doc: mine },
      { type: 'saveStarted', overwrite: false },
      { type: 'changed', doc: more },
      { type: 'saved', sent: mine, description: JSON.stringify(mine), at: 'now' },
    )
    expect(state.dirty).toBe(true)
    expect(draftOf(state)).toEqual({ doc: more, base: JSON.stringify(mine), keptCopy: null })
  })

  it('a failed save keeps the edit as a draft and says why', () => {
    const state = run(
      initialEditState(server, null, null),
      { type: 'changed', doc: mine },
      { type: 'saveStarted', overwrite: false },
      { type: 'failed', message: 'This project was deleted.' },
    )
    expect(state.save).toEqual({ state: 'failed', message: 'This project was deleted.' })
    expect(draftOf(state).doc).toEqual(mine)
  })
})

describe('conflicts', () => {
  const conflicted = run(
    initialEditState(server, null, null),
    { type: 'changed', doc: mine },
    { type: 'saveStarted', overwrite: false },
    { type: 'conflicted', mine, theirs },
  )

  it('holds both versions and keeps mine as the draft', () => {
    expect(conflicted.conflict).toEqual({ mine, theirs })
    expect(draftOf(conflicted)).toEqual({ doc: mine, base: server, keptCopy: null })
  })

  it('"Keep mine" saved: the editor opens on my version, based on it', () => {
    const state = run(
      conflicted,
      { type: 'saveStarted', overwrite: true },
      { type: 'saved', sent: mine, description: JSON.stringify(mine), at: 'now' },
    )
    expect(state).toMatchObject({ conflict: null, dirty: false, editor: { value: mine, generation: 1 } })
  })

  it('"Take theirs": the editor shows theirs, and mine is kept aside to restore', () => {
    const state = run(conflicted, { type: 'tookTheirs', at: '2026-03-10T10:50:00Z' })
    expect(state).toMatchObject({
      base: theirs,
      editor: { value: theirs, generation: 1 },
      dirty: false,
      conflict: null,
    })
    expect(draftOf(state)).toEqual({
      doc: null,
      base: theirs,
      keptCopy: { doc: mine, keptAt: '2026-03-10T10:50:00Z' },
    })
    const restored = run(state, { type: 'keptCopyRestored' })
    expect(restored).toMatchObject({
      editor: { value: mine, generation: 2 },
      dirty: true,
      keptCopy: null,
      base: theirs,
    })
    expect(run(state, { type: 'keptCopyDismissed' }).keptCopy).toBeNull()
  })

  it('the kept copy outlives a save of theirs, so it is never lost by saving', () => {
    const edited = doc('Rewritten by Grace.', 'Plus a line.')
    const state = run(
      conflicted,
      { type: 'tookTheirs', at: 'then' },
      { type: 'changed', doc: edited },
      { type: 'saved', sent: edited, description: JSON.stringify(edited), at: 'now' },
    )
    expect(draftOf(state)).toEqual({
      doc: null,
      base: JSON.stringify(edited),
      keptCopy: { doc: mine, keptAt: 'then' },
    })
  })

  it('"Edit a merged version": my text in the editor, theirs beside it, and theirs as the new base', () => {
    const state = run(conflicted, { type: 'mergeStarted' })
    expect(state).toMatchObject({
      base: theirs,
      editor: { value: mine, generation: 1 },
      dirty: true,
      reference: { description: theirs },
      conflict: null,
    })
    const saved = run(state, { type: 'saved', sent: mine, description: JSON.stringify(mine), at: 'now' })
    expect(saved.reference).toBeNull()
  })
})

describe('drafts', () => {
  it('discarding a restored draft goes back to the server version', () => {
    const restored = initialEditState(theirs, { doc: mine, base: server, keptCopy: null }, 'then')
    const state = run(restored, { type: 'draftDiscarded', serverDescription: theirs })
    expect(state).toMatchObject({
      base: theirs,
      editor: { value: theirs, generation: 1 },
      dirty: false,
      restoredAt: null,
    })
    expect(toStoredDescriptionDraft(draftOf(state))).toBeNull()
  })

  it('stores and reads back a draft; anything else is no draft', () => {
    const draft = { doc: mine, base: server, keptCopy: { doc: mine, keptAt: 'then' } }
    expect(readDescriptionDraft(JSON.parse(JSON.stringify(toStoredDescriptionDraft(draft))))).toEqual(draft)
    expect(readDescriptionDraft(null)).toBeNull()
    expect(readDescriptionDraft({ v: 1, doc: { type: 'paragraph' }, base: null, keptCopy: null })).toBeNull()
    expect(readDescriptionDraft({ v: 2, doc: mine, base: null, keptCopy: null })).toBeNull()
  })

  it('keys drafts by the short id, so a renamed project keeps its draft', () => {
    expect(descriptionDraftKey('launch-site-5JZPmU98aSwHjC7VrImG8t')).toBe(
      'description:5JZPmU98aSwHjC7VrImG8t',
    )
    expect(descriptionDraftKey('new-name-5JZPmU98aSwHjC7VrImG8t')).toBe('description:5JZPmU98aSwHjC7VrImG8t')
  })
})
