import { describe, expect, it } from 'vitest'
import { goalSubject } from './check-in-subject'
import { parseJson, stringifyJson } from '@shared/exact-json'
import { draftKeyFor, draftOfSubmission, restoreDraft, toStoredDraft } from './draft'
import { prefillFrom, toCreateCheckInInput } from './form-values'
import { detail } from './test-goals'

const now = new Date(2026, 2, 10)
const message = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Draft' }] }] }

describe('check-in drafts', () => {
  it('are keyed by the short id, so renaming a goal keeps its draft', () => {
    expect(draftKeyFor('ship-engine-kHLABHdtjTkzZF2eK502u')).toBe('check-in:kHLABHdtjTkzZF2eK502u')
    expect(draftKeyFor('new-name-kHLABHdtjTkzZF2eK502u')).toBe(draftKeyFor('kHLABHdtjTkzZF2eK502u'))
  })

  it('come back as the user left them', () => {
    const prefill = prefillFrom(detail(), now, 'en-US')
    const values = structuredClone(prefill)
    values.status = 'off_track'
    values.due = { ...values.due, mode: 'set', precision: 'year', year: '2027' }
    values.targets[1]!.value = '2.1'
    values.checklist[2]!.completed = true
    values.notify = { mode: 'selected', personIds: ['grace-2'] }
    const stored = JSON.parse(JSON.stringify(toStoredDraft({ values, message }, prefill))) as unknown
    expect(restoreDraft(stored, prefill)).toEqual({ values, message })
  })

  it('can be made from a submission, and submit it again unchanged (for "Edit and send again")', () => {
    const goal = detail()
    const prefill = prefillFrom(goal, now, 'en-US')
    const values = structuredClone(prefill)
    values.status = 'caution'
    values.due = { ...values.due, mode: 'set', precision: 'quarter', quarter: '3', year: '2027' }
    values.targets[1]!.value = '2.1'
    values.checklist[2]!.completed = true
    values.notify = { mode: 'selected', personIds: [goal.potentialSubscribers[0]!.personId] }
    const submissionId = '6f1c1a52-3f7e-4c55-9a8e-1d2b3c4d5e6f'
    const submitted = toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' })

    const stored = JSON.parse(
      JSON.stringify(draftOfSubmission(submitted, goalSubject(goal), now, 'en-US')),
    ) as unknown
    const restored = restoreDraft(stored, prefill)!
    expect(restored.submissionId).toBe(submissionId)
    expect(
      toCreateCheckInInput({
        values: restored.values,
        goal,
        message: restored.message,
        submissionId,
        locale: 'en-US',
      }),
    ).toEqual(submitted)
  })

  it('keep a pasted number JavaScript cannot hold exactly, through the trip to main and back', () => {
    const prefill = prefillFrom(detail(), now, 'en-US')
    const exact = parseJson(
      '{"type":"doc","content":[{"type":"chart","attrs":{"total":12345678901234567890}}]}',
    )
    const stored = JSON.parse(
      JSON.stringify(toStoredDraft({ values: prefill, message: exact as never }, prefill)),
    )
    expect(stringifyJson(restoreDraft(stored, prefill)?.message)).toBe(stringifyJson(exact))
  })

  it('keep only what the user changed, so fresh values from the server show through elsewhere', () => {
    const prefill = prefillFrom(detail(), now, 'en-US')
    const values = structuredClone(prefill)
    values.targets[0]!.value = '99'
    const stored = toStoredDraft({ values, message: null }, prefill)

    // Someone else checked in meanwhile: the other target and the checklist moved on the server.
    const fresh = prefillFrom(
      detail({
        targets: detail().targets.map((t) => (t.id === 'tB' ? { ...t, value: 1.9 } : t)),
        checklist: detail().checklist.map((c) => ({ ...c, completed: true })),
      }),
      now,
      'en-US',
    )
    const restored = restoreDraft(stored, fresh)!
    expect(restored.values.targets).toEqual([
      { id: 'tA', value: '99' },
      { id: 'tB', value: '1.9' },
    ])
    expect(restored.values.checklist.every((c) => c.completed)).toBe(true)
  })

  it('drop parts the goal no longer has, and ignore what is not a draft', () => {
    const prefill = prefillFrom(detail(), now, 'en-US')
    const stored = { v: 1, targets: { gone: '5', tA: '73' }, checklist: { gone: true } }
    expect(restoreDraft(stored, prefill)?.values.targets).toEqual([
      { id: 'tA', value: '73' },
      { id: 'tB', value: '2.4' },
    ])
    expect(restoreDraft(null, prefill)).toBeNull()
    expect(restoreDraft({ v: 2 }, prefill)).toBeNull()
    expect(restoreDraft('text', prefill)).toBeNull()
  })
})
