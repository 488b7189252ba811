import { describe, expect, it } from 'vitest'
import type { Emulator } from '../../e2e/emulator'
import type { PlannedWrite } from './plan'
import type { LeftItem } from './protocol'
import { judge, type ColleagueEdit, type PersonLog, type WriteRecord } from './soak'

// The soak's judgement on hand-made runs: what it must count as lost or twice for writes it cannot tell
// apart by their words ("No change."), for a colleague's edits and for what the person set aside.

const seed = 7
const options = { seed, writes: 0, kills: 0, faultRate: 0 }
const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
})
const goal = { wire: 'soak-goal-1-abc', uuid: 'goal-uuid-1' }
const project = { wire: 'soak-project-1-def', uuid: 'project-uuid-1' }

function write(n: number, kind: PlannedWrite['kind'], over: Partial<WriteRecord> = {}, sameWords = false) {
  const plan: PlannedWrite = {
    n,
    kind,
    target: 0,
    status: 'on_track',
    offline: false,
    refusedAlways: false,
    large: false,
    sameWords,
    colleagueFirst: false,
    onConflict: { choice: 'keep-mine', afterMs: 0 },
    kill: null,
  }
  return {
    plan,
    acknowledged: true,
    outcome: kind === 'description' ? 'saved' : 'created',
    refusal: null,
    cutShort: false,
    conflicts: 0,
    tookTheirs: null,
    ...over,
  } satisfies WriteRecord
}

interface Run {
  records: WriteRecord[]
  /** Check-ins on the goal, by their words. */
  checkIns?: string[]
  /** Check-ins on the project, by their words. */
  projectCheckIns?: string[]
  /** Description texts committed, in order. */
  commits?: string[]
  /** The project's description at the end. */
  ends?: string | null
  left?: LeftItem[]
  colleagueEdits?: ColleagueEdit[]
  resolved?: PersonLog['resolved']
}

function run(r: Run) {
  const emulator = {
    state: {
      requests: (r.commits ?? []).map((text) => ({
        endpoint: 'projects/update_description',
        committed: true,
        fault: null,
        body: { id: project.wire, description: JSON.stringify(paragraph(text)) },
      })),
      checkIns: (r.checkIns ?? []).map((text) => ({ goalId: goal.uuid, message: paragraph(text) })),
      projectCheckIns: (r.projectCheckIns ?? []).map((text) => ({
        projectId: project.uuid,
        description: paragraph(text),
      })),
      projects: [{ id: project.uuid, description: r.ends ? paragraph(r.ends) : null }],
    },
  } as unknown as Emulator
  return judge(options, emulator, r.records, r.left ?? [], true, Date.now(), {
    projectIds: [project],
    goalIds: [goal.wire],
    goalUuids: [goal.uuid],
    colleagueEdits: r.colleagueEdits ?? [],
    resolved: r.resolved ?? [],
  })
}

const noChange = (n: number, over: Partial<WriteRecord> = {}) => write(n, 'check-in', over, true)

describe('the soak judges "No change." check-ins per goal by count', () => {
  it('passes as many on the server as were acknowledged', () => {
    const report = run({ records: [noChange(1), noChange(2)], checkIns: ['No change.', 'No change.'] })
    expect(report).toMatchObject({ ok: true, duplicates: 0, lost: 0, deliveredOnce: 2 })
    expect(report.sameWords).toEqual({ written: 2, acknowledged: 2, onServer: 2, cutShort: 0 })
  })

  it('counts one more on the server than could be there as an unseen duplicate', () => {
    const report = run({
      records: [noChange(1), noChange(2)],
      checkIns: ['No change.', 'No change.', 'No change.'],
    })
    expect(report).toMatchObject({ ok: false, duplicates: 1, lost: 0 })
  })

  it('allows one more for a write cut short by a kill, and one more for a copy the app shows as twice', () => {
    const cutShort = run({
      records: [noChange(1), noChange(2, { acknowledged: false, outcome: null, cutShort: true })],
      checkIns: ['No change.', 'No change.'],
    })
    expect(cutShort).toMatchObject({ ok: true, duplicates: 0 })
    const shown = run({
      records: [noChange(1)],
      checkIns: ['No change.', 'No change.'],
      left: [
        {
          kind: 'check-in',
          state: 'needs_attention',
          reason: 'Operately now has this check-in twice.',
          preview: 'No change.',
          target: goal.wire,
        },
      ],
    })
    expect(shown).toMatchObject({ ok: true, duplicates: 0, duplicatesShown: 1 })
  })

  it('counts one acknowledged and missing as lost, unless it waits for the person', () => {
    expect(run({ records: [noChange(1), noChange(2)], checkIns: ['No change.'] })).toMatchObject({
      ok: false,
      lost: 1,
    })
    const waiting = run({
      records: [noChange(1), noChange(2)],
      checkIns: ['No change.'],
      left: [
        {
          kind: 'check-in',
          state: 'needs_attention',
          reason: 'Send again?',
          preview: 'No change.',
          target: goal.wire,
        },
      ],
    })
    expect(waiting).toMatchObject({ ok: true, lost: 0 })
  })

  it('never counts a marked check-in with the same words in it as one of them', () => {
    const marked = `Soak ${seed} write 3. No change.`
    const report = run({ records: [noChange(1), write(3, 'check-in')], checkIns: ['No change.', marked] })
    expect(report).toMatchObject({ ok: true, duplicates: 0, lost: 0 })
  })
})

describe("the soak judges a project's end against a colleague's edits and the person's choices", () => {
  const mine = (n: number) => `Soak ${seed} write ${n}.`
  const colleague = `Colleague ${seed} edit 1.`

  it("allows a colleague's text made after the last acknowledged save, not one made before it", () => {
    const after = run({
      records: [write(1, 'description')],
      commits: [mine(1)],
      ends: colleague,
      colleagueEdits: [{ k: 1, project: 0, beforeWrite: 2 }],
    })
    expect(after).toMatchObject({ ok: true, lost: 0 })
    const before = run({
      records: [write(1, 'description')],
      commits: [mine(1)],
      ends: colleague,
      colleagueEdits: [{ k: 1, project: 0, beforeWrite: 1 }],
    })
    expect(before).toMatchObject({ ok: false, lost: 1 })
  })

  it('excuses a queued save only when the person took theirs over it', () => {
    const queued = write(1, 'description', { outcome: 'queued' })
    const edit = { k: 1, project: 0, beforeWrite: 1 }
    const lost = run({ records: [queued], ends: colleague, colleagueEdits: [edit] })
    expect(lost).toMatchObject({ ok: false })
    expect(lost.lost).toBeGreaterThan(0)
    const tookTheirs = run({
      records: [queued],
      ends: colleague,
      colleagueEdits: [edit],
      resolved: [
        {
          choice: 'take-theirs',
          preview: JSON.stringify(paragraph(mine(1))),
          theirs: JSON.stringify(paragraph(colleague)),
        },
      ],
    })
    expect(tookTheirs).toMatchObject({ ok: true, lost: 0, setAsideByPerson: 1 })
    expect(tookTheirs.resolutions['take-theirs']).toBe(1)
  })
})

describe('the soak judges project check-ins by their marker, as goal check-ins', () => {
  const mine = (n: number) => `Soak ${seed} write ${n}.`
  const onProject = (n: number, over: Partial<WriteRecord> = {}) => write(n, 'project-check-in', over)

  it('passes each acknowledged one on the server once, in its own row', () => {
    const report = run({ records: [onProject(1), onProject(2)], projectCheckIns: [mine(1), mine(2)] })
    expect(report).toMatchObject({ ok: true, duplicates: 0, lost: 0, deliveredOnce: 2 })
    expect(report.byKind['project-check-in']).toEqual({
      written: 2,
      acknowledged: 2,
      deliveredOnce: 2,
      lost: 0,
      duplicates: 0,
      duplicatesShown: 0,
    })
    expect(report.byKind['check-in'].written).toBe(0)
  })

  it("never takes a goal's check-in with its marker for the project's", () => {
    const report = run({ records: [onProject(1)], checkIns: [mine(1)] })
    expect(report).toMatchObject({ ok: false, lost: 1 })
    expect(report.byKind['project-check-in'].lost).toBe(1)
  })

  it('counts one twice that nobody was told of as a duplicate, one the app shows twice as shown', () => {
    const unseen = run({ records: [onProject(1)], projectCheckIns: [mine(1), mine(1)] })
    expect(unseen).toMatchObject({ ok: false, duplicates: 1 })
    expect(unseen.byKind['project-check-in'].duplicates).toBe(1)
    expect(unseen.problems).toEqual([
      'write 1 (project-check-in) is on the server 2 times, and nobody was told',
    ])
    const shown = run({
      records: [onProject(1)],
      projectCheckIns: [mine(1), mine(1)],
      left: [
        {
          kind: 'check-in',
          state: 'needs_attention',
          reason: 'Operately now has this check-in twice.',
          preview: mine(1),
          target: project.wire,
        },
      ],
    })
    expect(shown).toMatchObject({ ok: true, duplicates: 0, duplicatesShown: 1 })
    expect(shown.byKind['project-check-in'].duplicatesShown).toBe(1)
  })

  it('counts one acknowledged and missing as lost, unless it waits for the person with a reason', () => {
    const lost = run({ records: [onProject(1, { outcome: 'queued' })] })
    expect(lost).toMatchObject({ ok: false, lost: 1 })
    const waiting = run({
      records: [onProject(1, { outcome: 'queued' })],
      left: [
        {
          kind: 'check-in',
          state: 'needs_attention',
          reason: 'Send again?',
          preview: mine(1),
          target: project.wire,
        },
      ],
    })
    expect(waiting).toMatchObject({ ok: true, lost: 0 })
    expect(waiting.needsYou).toEqual({ 'needs_attention: Send again?': 1 })
  })

  it('counts one refused to the person yet on the server as a broken promise', () => {
    const report = run({
      records: [
        onProject(1, {
          acknowledged: false,
          outcome: 'invalid_input',
          refusal: 'A check-in for this project is already on its way. Wait for it.',
        }),
      ],
      projectCheckIns: [mine(1)],
    })
    expect(report).toMatchObject({ ok: false, refusedButSaved: 1 })
    expect(report.refused).toEqual({ 'a check-in for this project is already on its way': 1 })
  })
})
