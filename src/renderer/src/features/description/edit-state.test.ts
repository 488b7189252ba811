import { describe, expect, it } from 'vitest'
import type { QueuedDescription } from '@shared/domain/sync'
import type { ServerDoc } from '../../editor'
import { readDescriptionDraft, toStoredDescriptionDraft, descriptionDraftKey } from './description-draft'
import {
  draftOf,
  editReducer,
  hasUnsentChanges,
  initialEditState,
  type EditAction,
  type EditState,
} from './edit-state'

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
    expect(descriptionDraftKey('launch-site-FTjZweJIkc6RtMHf1SwQI3')).toBe(
      'description:FTjZweJIkc6RtMHf1SwQI3',
    )
    expect(descriptionDraftKey('new-name-FTjZweJIkc6RtMHf1SwQI3')).toBe('description:FTjZweJIkc6RtMHf1SwQI3')
  })
})

describe('a save waiting in the outbox', () => {
  const entryId = '6f1c2e0a-8b7d-4c1e-9a55-0c2d3e4f5a6b'
  const queuedAt = '2026-03-10T10:42:00Z'
  const queued = (extra: Partial<QueuedDescription> = {}): QueuedDescription => ({
    entryId,
    state: 'pending',
    description: JSON.stringify(mine),
    base: server,
    queuedAt,
    lastError: { kind: 'offline', message: 'Operately could not be reached.' },
    conflict: null,
    behind: null,
    ...extra,
  })
  const more = doc('Written in the web app.', 'Added in the tray.', 'And on the train.')

  const savedThenQueued = () =>
    run(
      initialEditState(server, null, null),
      { type: 'changed', doc: mine },
      { type: 'saveStarted', overwrite: false },
      { type: 'queued', sent: mine, base: server, entryId, at: queuedAt, reason: 'You are offline.' },
    )

  it('after "queued", nothing is left to send, yet the text stays a draft until the server has it', () => {
    const state = savedThenQueued()
    expect(state.queued).toEqual({
      entryId,
      doc: mine,
      queuedAt,
      lastError: 'You are offline.',
      state: 'pending',
      behind: false,
      fromEarlier: false,
    })
    expect(state).toMatchObject({ base: server, dirty: true, save: { state: 'idle' } })
    expect(hasUnsentChanges(state)).toBe(false)
    expect(draftOf(state)).toEqual({ doc: mine, base: server, keptCopy: null })
  })

  it('typing on after "queued" is something to send again, and saving again replaces the queued text', () => {
    let state = run(savedThenQueued(), { type: 'changed', doc: more })
    expect(hasUnsentChanges(state)).toBe(true)
    state = run(
      state,
      { type: 'saveStarted', overwrite: false },
      { type: 'queued', sent: more, base: server, entryId, at: queuedAt, reason: 'You are offline.' },
    )
    expect(state.queued?.doc).toEqual(more)
    expect(hasUnsentChanges(state)).toBe(false)
    expect(draftOf(state).doc).toEqual(more)
  })

  it('a later confirmed save ends the wait, and the draft goes', () => {
    const state = run(
      savedThenQueued(),
      { type: 'changed', doc: more },
      { type: 'saveStarted', overwrite: false },
      { type: 'saved', sent: more, description: JSON.stringify(more), at: 'now' },
    )
    expect(state.queued).toBeNull()
    expect(toStoredDescriptionDraft(draftOf(state))).toBeNull()
  })

  it('says a save waits behind an earlier one that needs the person, when opened and when it happens', () => {
    const opened = initialEditState(server, null, null, queued({ behind: { state: 'conflict' } }))
    expect(opened.queued).toMatchObject({
      behind: true,
      lastError: expect.stringMatching(/needs your decision/),
    })
    const held = run(savedThenQueued(), { type: 'queueBehind', reason: 'An earlier save waits.' })
    expect(held.queued).toMatchObject({ behind: true, lastError: 'An earlier save waits.' })
    // The same news twice changes nothing; the earlier one resolved, the reason goes.
    expect(run(held, { type: 'queueBehind', reason: 'An earlier save waits.' })).toBe(held)
    expect(run(held, { type: 'queueBehind', reason: null }).queued).toMatchObject({
      behind: false,
      lastError: null,
    })
    // Nothing waits: nothing to say.
    const idle = initialEditState(server, null, null)
    expect(run(idle, { type: 'queueBehind', reason: 'x' })).toBe(idle)
  })

  it('opens on the queued text, based on what it will be checked against, and says it waits', () => {
    const state = initialEditState(server, null, null, queued())
    expect(state).toMatchObject({
      base: server,
      editor: { value: JSON.stringify(mine) },
      dirty: true,
      restoredAt: null,
      conflict: null,
      queued: {
        entryId,
        queuedAt,
        lastError: 'Operately could not be reached.',
        state: 'pending',
        fromEarlier: true,
      },
    })
    expect(hasUnsentChanges(state)).toBe(false)
  })

  it('opens on a draft typed after the save was queued, and still knows the save waits', () => {
    const state = initialEditState(server, { doc: more, base: server, keptCopy: null }, 'then', queued())
    expect(state).toMatchObject({ editor: { value: more }, restoredAt: 'then', queued: { entryId } })
    expect(hasUnsentChanges(state)).toBe(true)
    // The draft that only repeats the queued text is no more than the outbox holds.
    const same = initialEditState(server, { doc: mine, base: server, keptCopy: null }, 'then', queued())
    expect(same).toMatchObject({ editor: { value: JSON.stringify(mine) }, restoredAt: null })
  })

  it('"Discard draft" then goes back to the queued text, not the server version', () => {
    const opened = initialEditState(server, { doc: more, base: server, keptCopy: null }, 'then', queued())
    const state = run(opened, { type: 'draftDiscarded', serverDescription: server })
    expect(state).toMatchObject({ editor: { value: JSON.stringify(mine) }, base: server, restoredAt: null })
    expect(state.queued).not.toBeNull()
    expect(hasUnsentChanges(state)).toBe(false)
  })

  describe('in conflict', () => {
    const opened = initialEditState(
      theirs,
      null,
      null,
      queued({ state: 'conflict', conflict: { serverDescription: theirs, seenAt: 'then' } }),
    )

    it('opens on both versions: mine is the queued text, theirs the server’s now', () => {
      expect(opened.conflict).toEqual({ mine, theirs })
    })

    it('"Keep mine" overwrites; if that too waits, the editor opens on mine, based on theirs', () => {
      const state = run(
        opened,
        { type: 'saveStarted', overwrite: true },
        { type: 'queued', sent: mine, base: theirs, entryId, at: 'later', reason: 'offline' },
      )
      expect(state).toMatchObject({
        conflict: null,
        base: theirs,
        editor: { value: mine, generation: 1 },
        // Still the save the page opened with: the notice at the top stays.
        queued: { doc: mine, fromEarlier: true },
      })
      const saved = run(
        opened,
        { type: 'saveStarted', overwrite: true },
        { type: 'saved', sent: mine, description: JSON.stringify(mine), at: 'now' },
      )
      expect(saved).toMatchObject({ conflict: null, queued: null, dirty: false })
    })

    it('"Take theirs" (after the page discarded the queued save) keeps mine aside and waits for nothing', () => {
      const state = run(opened, { type: 'tookTheirs', at: 'now' })
      expect(state).toMatchObject({ queued: null, base: theirs, dirty: false, keptCopy: { doc: mine } })
    })

    it('"Edit a merged version" edits mine against theirs; the queued save waits until that is saved', () => {
      const state = run(opened, { type: 'mergeStarted' })
      expect(state).toMatchObject({
        base: theirs,
        editor: { value: mine },
        reference: { description: theirs },
      })
      expect(state.queued).not.toBeNull()
    })
  })

  describe('followed while the page is open', () => {
    it('sent: the text is saved, the draft goes', () => {
      const state = run(savedThenQueued(), {
        type: 'queueDelivered',
        description: JSON.stringify(mine),
        at: 'now',
      })
      expect(state).toMatchObject({ queued: null, dirty: false, save: { state: 'saved', at: 'now' } })
      expect(toStoredDescriptionDraft(draftOf(state))).toBeNull()
    })

    it('sent while more was typed: what was typed after stays unsaved', () => {
      const state = run(
        savedThenQueued(),
        { type: 'changed', doc: more },
        { type: 'queueDelivered', description: JSON.stringify(mine), at: 'now' },
      )
      expect(state).toMatchObject({ queued: null, dirty: true, base: JSON.stringify(mine) })
      expect(draftOf(state).doc).toEqual(more)
    })

    it('a conflict found before sending shows both versions, mine with everything typed', () => {
      const typedOn = run(savedThenQueued(), { type: 'changed', doc: more })
      const state = run(typedOn, { type: 'queueConflicted', theirs })
      expect(state.conflict).toEqual({ mine: more, theirs })
      expect(state.queued?.state).toBe('conflict')
      // Shown once: the same news again changes nothing.
      expect(run(state, { type: 'queueConflicted', theirs: null })).toBe(state)
    })

    it('discarded elsewhere: nothing waits any more, the text stays as a draft', () => {
      const state = run(savedThenQueued(), { type: 'queueLeft' })
      expect(state.queued).toBeNull()
      expect(hasUnsentChanges(state)).toBe(true)
      expect(draftOf(state).doc).toEqual(mine)
    })

    it('news without a queued save changes nothing', () => {
      const idle = initialEditState(server, null, null)
      expect(run(idle, { type: 'queueDelivered', description: server, at: 'now' })).toBe(idle)
      expect(run(idle, { type: 'queueConflicted', theirs })).toBe(idle)
      expect(run(idle, { type: 'queueLeft' })).toBe(idle)
    })
  })
})
