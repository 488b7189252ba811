import { describe, expect, it } from 'vitest'
import {
  operationNames,
  type OperationInput,
  type OperationName,
  type OperationOutput,
} from '@shared/contract'
import { AppFailure, appError } from '@shared/errors'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../log/logger'
import { EDIT_RIGHTS_IDS_PER_CALL } from '@shared/contract/limits'
import { createDispatcher, type OperationHandlers } from './dispatcher'

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'ada-1', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: '2026-07-16-cff38bbea',
  capabilities: null,
}

// One well-formed input per operation. Typed so that adding an operation without a sample fails to compile.
const validInputs: { [N in OperationName]: OperationInput<N> } = {
  'session.get': {},
  'session.signIn': { baseUrl: 'app.operately.com', token: 'opk_abc' },
  'session.signOut': {},
  'session.capabilities': {},
  'app.openExternal': { url: 'https://app.operately.com/acme/goals/x' },
  'app.hidePopup': {},
  'app.numberLocale': {},
  'goals.list': {},
  'goals.listRest': { readId: '0b8f8a52-3f0e-4c55-9d33-1a2b3c4d5e6f' },
  'goals.get': { id: 'ship-the-engine-kHLABHdtjTkzZF2eK502u' },
  'goals.editRights': { ids: ['ship-the-engine-kHLABHdtjTkzZF2eK502u', 'kHLABHdtjTkzZF2eK502v'] },
  'checkIns.history': { subject: { kind: 'goal', id: 'ship-the-engine-kHLABHdtjTkzZF2eK502u' } },
  'checkIns.create': {
    submissionId: '6f1c2f3e-8d4b-4a5c-9e7f-0a1b2c3d4e5f',
    goalId: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
    status: 'on_track',
    dueDate: { mode: 'set', date: { dateType: 'quarter', date: '2026-03-31', value: 'Q1 2026' } },
    targetValues: [{ id: 'T1aB', value: 72 }],
    checklist: [{ id: 'C1aB', name: 'Beta', completed: true, index: 0 }],
    message: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"On track."}]}]}',
    notify: { mode: 'everyone' },
  },
  'checkIns.submission': { subject: { kind: 'project', id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3' } },
  'checkIns.background': { submissionId: '6f1c2f3e-8d4b-4a5c-9e7f-0a1b2c3d4e5f' },
  'checkIns.withdraw': { submissionId: '6f1c2f3e-8d4b-4a5c-9e7f-0a1b2c3d4e5f' },
  'checkIns.serverDrafts': {},
  'people.search': { query: 'ada' },
  'drafts.get': { key: 'check-in:ship-the-engine-kHLABHdtjTkzZF2eK502u' },
  'drafts.save': { key: 'description:launch-site-FTjZweJIkc6RtMHf1SwQI3', value: { text: 'hello' } },
  'drafts.clear': { key: 'check-in:kHLABHdtjTkzZF2eK502u' },
  'projects.list': {},
  'projects.listRest': { readId: '0b8f8a52-3f0e-4c55-9d33-1a2b3c4d5e6f' },
  'projects.get': { id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3' },
  'projects.editRights': { ids: ['launch-site-FTjZweJIkc6RtMHf1SwQI3'] },
  'projects.checkInDetail': { id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3' },
  'projects.saveDescription': {
    projectId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
    description: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Hi"}]}]}',
    baseDescription: null,
    overwrite: false,
  },
  // Due check-ins inbox (issue 7). `assignments.get` takes only an optional `wait`, so no key is required.
  'assignments.get': {},
  'assignments.refresh': {},
  'reminders.getSettings': {},
  'reminders.setSettings': { enabled: true, time: '09:00' },
  'inbox.takePendingNavigation': {},
  // Settings and the About view (issue 5). settings.update needs at least one key, so dropping it fails.
  'settings.get': {},
  'settings.update': { globalShortcut: 'Ctrl+Alt+O' },
  'app.about': {},
  'updates.check': {},
  'updates.restart': {},
  // The Sync view (issue 4).
  'sync.get': {},
  'sync.now': {},
  'sync.retry': { id: '0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b' },
  'sync.discard': { id: '0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b' },
  'sync.discardDamaged': { id: '2026-03-10T12-00-00-000Z-0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b.json' },
  // Reviewing and acknowledging a check-in (issue 37).
  'reviews.get': { kind: 'goal', checkInId: 'Zm9vYmFy' },
  'reviews.acknowledge': { kind: 'project', checkInId: 'Zm9vYmFy' },
}

// Inputs where a number or a 1 MB string is a legitimate value: a draft holds any JSON up to three
// documents as large as Operately takes, and a rich-text message may be that large. The generic "wrong
// type" and "huge" variants do not apply to them.
const acceptsAnyJson = new Set(['drafts.save:value'])
const acceptsLargeText = new Set([
  'drafts.save:value',
  'checkIns.create:message',
  'projects.saveDescription:description',
  'projects.saveDescription:baseDescription',
])

const inboxView: OperationOutput<'assignments.get'> = {
  goalCheckIns: {
    overdue: [
      {
        id: 'goal_check_in:owner:ship-the-engine-kHLABHdtjTkzZF2eK502u',
        kind: 'goal_check_in',
        projectId: null,
        review: null,
        goalId: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
        title: 'Ship the engine - Goal Update',
        originName: 'Ship the engine',
        dueDate: '2026-03-01',
        dueLabel: 'Overdue by 9 days',
        role: 'owner',
        isOutdated: true,
        webUrl: 'https://app.operately.com/acme/goals/ship-the-engine-kHLABHdtjTkzZF2eK502u',
      },
    ],
    today: [],
    thisWeek: [],
    later: [],
  },
  toReview: [],
  other: [],
  dueNowCount: 1,
  fetchedAt: '2026-03-10T12:00:00.000Z',
  fromCache: false,
  refreshing: false,
  lastError: null,
}

const managedSettings: OperationOutput<'settings.update'> = {
  values: {
    serverUrl: 'https://operately.acme.example',
    autoUpdate: false,
    updateFeedUrl: null,
    startAtLogin: true,
    keepOpenOnBlur: false,
    globalShortcut: 'Ctrl+Alt+O',
    reminders: true,
  },
  locked: ['serverUrl', 'autoUpdate'],
  sources: {
    serverUrl: 'machine-policy',
    autoUpdate: 'user-policy',
    updateFeedUrl: 'default',
    startAtLogin: 'user',
    keepOpenOnBlur: 'default',
    globalShortcut: 'user',
    reminders: 'default',
  },
}

const fresh = { fetchedAt: '2026-03-10T12:00:00.000Z', fromCache: false, lastError: null }
const syncView = {
  status: {
    pending: 1,
    failed: 0,
    conflicts: 0,
    needsAttention: 0,
    lastSyncedAt: null,
    online: false,
    halted: null,
    nextAttemptAt: null,
    syncing: false,
  },
  items: [
    {
      id: '0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
      kind: 'description' as const,
      state: 'pending' as const,
      title: 'Launch site',
      targetKind: 'project' as const,
      targetId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
      attempts: 0,
      lastError: null,
      preview: 'Hi',
      otherAccount: null,
      maybeOnServer: false,
    },
  ],
  damaged: [],
}

// And one answer per operation that fits its output schema.
const validOutputs: { [N in OperationName]: OperationOutput<N> } = {
  'session.get': signedIn,
  'session.signIn': signedIn,
  'session.signOut': signedIn,
  'session.capabilities': {
    header: '2026-07-16-cff38bbea',
    drafts: true,
    schedule: true,
    dueDateRequired: false,
  },
  'app.openExternal': { status: 'opened' },
  'app.hidePopup': {},
  'app.numberLocale': { locale: 'en-DE', settings: { decimal: ',', group: '.', digits: null } },
  'goals.list': { goals: [], rest: { readId: '0b8f8a52-3f0e-4c55-9d33-1a2b3c4d5e6f', count: 900 }, ...fresh },
  'goals.listRest': { goals: [], rest: null, ...fresh },
  'goals.editRights': { rights: [{ id: 'kHLABHdtjTkzZF2eK502u', canEdit: null }] },
  'checkIns.history': { checkIns: [], ...fresh },
  'goals.get': {
    id: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
    name: 'Ship the engine',
    status: 'on_track',
    dueDate: null,
    lastCheckInAt: null,
    role: 'champion',
    spaceName: null,
    isClosed: false,
    canEdit: true,
    targets: [],
    checklist: [],
    potentialSubscribers: [],
    championName: 'Ada Lovelace',
    reviewerName: null,
    webUrl: null,
    ...fresh,
  },
  'checkIns.create': {
    outcome: 'created',
    id: '2026-03-10-Xy12',
    goalId: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
    goalName: 'Ship the engine',
    status: 'on_track',
    previousStatus: 'pending',
    message: '{"type":"doc","content":[{"type":"paragraph"}]}',
    insertedAt: '2026-03-10T12:00:00Z',
    targetChanges: [],
    checklist: [],
    checklistChanges: [],
    dueDate: null,
    previousDueDate: null,
    changesKnown: true,
    webUrl: null,
    recovered: false,
  },
  'checkIns.submission': { status: 'none' },
  'checkIns.background': {},
  'checkIns.withdraw': {
    submissionId: '6f1c2f3e-8d4b-4a5c-9e7f-0a1b2c3d4e5f',
    goalId: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
    status: 'on_track',
    dueDate: { mode: 'keep' },
    targetValues: [],
    checklist: [],
    message: '{"type":"doc","content":[{"type":"paragraph"}]}',
    notify: { mode: 'everyone' },
  },
  'checkIns.serverDrafts': [
    {
      checkInId: 'c-1',
      goalId: 'ship-the-engine-kHLABHdtjTkzZF2eK502u',
      goalName: 'Ship the engine',
      state: 'scheduled',
      scheduledAt: '2026-12-07T08:00:00Z',
      savedAt: '2026-11-27T18:00:00Z',
    },
  ],
  'people.search': { people: [{ id: 'ada-lovelace-1', fullName: 'Ada Lovelace', title: null }] },
  'drafts.get': { value: null, savedAt: null },
  'drafts.save': { savedAt: '2026-03-10T12:00:00.000Z', revision: '5b3c2f8e-0d51-4f7e-9a51-1c1a0b4c2d11' },
  'drafts.clear': {},
  'projects.list': {
    projects: [
      {
        id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
        name: 'Launch site',
        spaceName: 'Marketing',
        status: 'on_track',
        isMine: true,
        canEdit: null,
      },
    ],
    rest: null,
    ...fresh,
  },
  'projects.listRest': { projects: [], rest: null, ...fresh },
  'projects.editRights': { rights: [{ id: 'FTjZweJIkc6RtMHf1SwQI3', canEdit: true }] },
  'projects.get': {
    id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
    name: 'Launch site',
    spaceName: 'Marketing',
    status: 'on_track',
    isMine: true,
    canEdit: true,
    description: '{"type":"doc","content":[{"type":"paragraph"}]}',
    webUrl: 'https://app.operately.com/acme-1/projects/launch-site-FTjZweJIkc6RtMHf1SwQI3',
    queued: null,
    descriptionSha256: 'be8e4ab3c97ed3dea1a7d4fd60a7dfb4c39d7a4d9eaa1d5d9b9aa47e82ae5d3b',
    ...fresh,
  },
  'projects.checkInDetail': {
    id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
    name: 'Launch site',
    status: 'on_track',
    canEdit: true,
    championName: 'Ada Lovelace',
    reviewerName: null,
    potentialSubscribers: [],
    nextCheckInDue: '2026-03-13T00:00:00Z',
    webUrl: null,
    ...fresh,
  },
  'projects.saveDescription': {
    outcome: 'conflict',
    serverDescription: '{"type":"doc","content":[{"type":"paragraph"}]}',
  },
  // Due check-ins inbox (issue 7).
  'assignments.get': inboxView,
  'assignments.refresh': {
    ...inboxView,
    fromCache: true,
    lastError: { kind: 'offline', message: 'Offline.' },
  },
  'reminders.getSettings': {
    enabled: true,
    time: '09:00',
    workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    quietHours: { from: '22:00', to: '07:00' },
  },
  'reminders.setSettings': {
    enabled: false,
    time: '14:30',
    workingDays: ['mon', 'sat'],
    quietHours: { from: '20:00', to: '08:30' },
  },
  'inbox.takePendingNavigation': { goalId: 'ship-the-engine-kHLABHdtjTkzZF2eK502u' },
  // Settings and the About view (issue 5).
  'settings.get': { ...managedSettings, startAtLoginAvailable: false, policyWarnings: [] },
  'settings.update': managedSettings,
  'app.about': {
    version: '0.1.0',
    dataFolder: '/home/ada/.config/Operately Tray',
    updates: { state: 'downloaded', version: '0.2.0', lastCheckedAt: '2026-03-10T12:00:00.000Z' },
  },
  'updates.check': { state: 'idle', lastCheckedAt: '2026-03-10T12:00:00.000Z' },
  'updates.restart': { restarting: false },
  'sync.get': syncView,
  'sync.now': syncView,
  'sync.retry': syncView,
  'sync.discard': syncView,
  'sync.discardDamaged': syncView,
  'reviews.get': {
    kind: 'goal' as const,
    checkInId: 'Zm9vYmFy',
    subjectId: 'hire-a-data-team-Zm9vYmFy',
    subjectName: 'Hire a data team',
    status: 'on_track',
    author: { id: 'grace', name: 'Grace Hopper' },
    publishedAt: '2026-03-10T12:00:00Z',
    message: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Hi"}]}]}',
    targets: [],
    checklist: [],
    acknowledgedAt: null,
    acknowledgedBy: null,
    webUrl: null,
    cannotAcknowledge: null,
    ...fresh,
  },
  'reviews.acknowledge': {
    outcome: 'queued' as const,
    entryId: '0b6e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    state: 'queued' as const,
    reason: 'Operately cannot be reached from this computer right now.',
  },
}

function recordingHandlers() {
  const calls: string[] = []
  const handlers = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async () => {
        calls.push(name)
        return validOutputs[name]
      },
    ]),
  ) as unknown as OperationHandlers
  return { calls, handlers }
}

const huge = 'x'.repeat(1_000_000)

describe('dispatcher', () => {
  for (const name of operationNames) {
    describe(name, () => {
      const malformed: Array<[string, unknown]> = [
        ['a number', 42],
        ['a string', 'session'],
        ['an array', [validInputs[name]]],
        ['an extra key', { ...validInputs[name], extra: true }],
        ['a prototype-pollution key', JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}')],
      ]
      for (const key of Object.keys(validInputs[name])) {
        if (!acceptsAnyJson.has(`${name}:${key}`))
          malformed.push([`a wrong type for ${key}`, { ...validInputs[name], [key]: 12 }])
        if (!acceptsLargeText.has(`${name}:${key}`))
          malformed.push([`a huge ${key}`, { ...validInputs[name], [key]: huge }])
        malformed.push([`a missing ${key}`, { ...validInputs[name], [key]: undefined }])
      }
      for (const [what, input] of malformed) {
        it(`answers ${what} with invalid_input and never runs the handler`, async () => {
          const { calls, handlers } = recordingHandlers()
          const result = await createDispatcher(handlers, silentLogger)(name, input)
          expect(result.ok).toBe(false)
          if (!result.ok) {
            expect(result.error.kind).toBe('invalid_input')
            expect(result.error.message).toContain(name)
          }
          expect(calls).toEqual([])
        })
      }
      it('runs the handler for well-formed input', async () => {
        const { calls, handlers } = recordingHandlers()
        const result = await createDispatcher(handlers, silentLogger)(name, validInputs[name])
        expect(result).toEqual({ ok: true, value: validOutputs[name] })
        expect(calls).toEqual([name])
      })
    })
  }

  it('answers a question about edit rights for too many ids, none, or a non-id with invalid_input, unasked', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `goal-${i}`)
    for (const name of ['goals.editRights', 'projects.editRights'] as const) {
      const { calls, handlers } = recordingHandlers()
      const dispatch = createDispatcher(handlers, silentLogger)
      for (const input of [
        { ids: ids(EDIT_RIGHTS_IDS_PER_CALL + 1) },
        { ids: [] },
        { ids: ['../../etc/passwd'] },
      ]) {
        expect(await dispatch(name, input)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
      }
      expect(calls).toEqual([])
      expect(await dispatch(name, { ids: ids(EDIT_RIGHTS_IDS_PER_CALL) })).toMatchObject({ ok: true })
    }
  })

  it('rejects an operation that is not in the contract, including inherited names', async () => {
    const { handlers } = recordingHandlers()
    const dispatch = createDispatcher(handlers, silentLogger)
    for (const name of ['session.delete', 'toString', '__proto__', '']) {
      const result = await dispatch(name, {})
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
  })

  it('returns a service failure as a value with its kind and message', async () => {
    const { handlers } = recordingHandlers()
    handlers['session.get'] = () => Promise.reject(new AppFailure(appError('offline', 'You are offline.')))
    const result = await createDispatcher(handlers, silentLogger)('session.get', {})
    expect(result).toEqual({ ok: false, error: { kind: 'offline', message: 'You are offline.' } })
  })

  it('hides an unexpected exception behind an internal error', async () => {
    const { handlers } = recordingHandlers()
    handlers['session.get'] = () => Promise.reject(new TypeError('cannot read properties of undefined'))
    const result = await createDispatcher(handlers, silentLogger)('session.get', {})
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
    if (!result.ok) expect(result.error.message).not.toMatch(/undefined/)
  })

  it('says a disk that refused the data folder in plain words, also when the errno is on a wrapped cause', async () => {
    const { handlers } = recordingHandlers()
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    })
    handlers['drafts.save'] = () => Promise.reject(new Error('could not save', { cause: full }))
    const result = await createDispatcher(handlers, silentLogger)('drafts.save', validInputs['drafts.save'])
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'disk',
        message:
          "The disk that holds the app's data folder is full, so the app could not write to it, and nothing was sent. Free some space on that disk, then press the button again.",
      },
    })
  })

  it('refuses to return anything the contract does not declare, such as a token', async () => {
    const { handlers } = recordingHandlers()
    handlers['session.get'] = async () => ({ ...signedIn, token: 'opk_secret' }) as unknown as SessionState
    const result = await createDispatcher(handlers, silentLogger)('session.get', {})
    expect(JSON.stringify(result)).not.toContain('opk_secret')
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })

  // `first` is optional, so the sweep above (which tries each key of the samples) cannot cover it.
  describe.each(['goals.list', 'projects.list'] as const)('%s with a first screen', (name) => {
    it.each([0, -1, 1.5, 501, Number.NaN, '40', null])(
      'refuses first = %s and never runs the handler',
      async (first) => {
        const { calls, handlers } = recordingHandlers()
        const result = await createDispatcher(handlers, silentLogger)(name, { first })
        expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
        expect(calls).toEqual([])
      },
    )

    it.each([1, 40, 500])('takes first = %s to the handler', async (first) => {
      const { handlers } = recordingHandlers()
      const given: unknown[] = []
      const answer = validOutputs[name]
      ;(handlers as Record<string, (input: unknown) => Promise<unknown>>)[name] = async (input) => {
        given.push(input)
        return answer
      }
      const result = await createDispatcher(handlers, silentLogger)(name, { first })
      expect(result.ok).toBe(true)
      expect(given).toEqual([{ first }])
    })
  })
})
