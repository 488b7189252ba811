import { describe, expect, it } from 'vitest'
import {
  checkInFormSchema,
  NOT_A_NUMBER,
  parseNumberText,
  prefillFrom,
  toCreateCheckInInput,
} from './form-values'
import { detail } from './test-goals'

const now = new Date(2026, 2, 10, 12)
const submissionId = '6f1c3c4e-8a8e-4d7e-9a49-1d7b5d6f2a11'
const message = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fine.' }] }] }

describe('parseNumberText', () => {
  it.each([
    ['42', 42],
    [' -3.5 ', -3.5],
    ['3,5', 3.5],
    ['1 200', 1200],
    ['45%', 45],
    ['.5', 0.5],
  ])('reads %j as %d', (text, value) => expect(parseNumberText(text)).toBe(value))

  it.each(['', 'abc', '12abc', '1.2.3', '--1', '1e5', 'NaN', 'Infinity', '1,2,3'])('refuses %j', (text) =>
    expect(parseNumberText(text)).toBeNull(),
  )
})

describe('prefillFrom', () => {
  it('starts from the goal as the server has it: status, target values, checklist in index order', () => {
    const values = prefillFrom(detail(), now)
    expect(values.status).toBe('on_track')
    expect(values.targets).toEqual([
      { id: 'tA', value: '72' },
      { id: 'tB', value: '2.4' },
    ])
    expect(values.checklist.map((c) => c.id)).toEqual(['c1', 'c2', 'c3'])
    expect(values.due).toEqual({
      mode: 'keep',
      precision: 'quarter',
      day: '2026-03-31',
      month: '3',
      quarter: '1',
      year: '2026',
    })
    expect(values.notify).toEqual({ mode: 'everyone', personIds: ['barbara-1'] })
  })

  it('asks for a status when the goal has none of the three', () => {
    expect(prefillFrom(detail({ status: 'pending' }), now).status).toBe('')
  })
})

describe('toCreateCheckInInput', () => {
  it('sends only changed targets, the full checklist by index with four keys, and the message as JSON', () => {
    const goal = detail()
    const values = prefillFrom(goal, now)
    values.status = 'caution'
    values.targets[0]!.value = '80'
    values.targets[1]!.value = '2.40' // the same number written differently is no change
    values.checklist[1]!.completed = true
    const input = toCreateCheckInInput({ values, goal, message, submissionId })
    expect(input).toEqual({
      submissionId,
      goalId: 'kHLABHdtjTkzZF2eK502u',
      status: 'caution',
      dueDate: { mode: 'keep' },
      targetValues: [{ id: 'tA', value: 80 }],
      checklist: [
        { id: 'c1', name: 'Beta', completed: true, index: 0 },
        { id: 'c2', name: 'Security review', completed: true, index: 1 },
        { id: 'c3', name: 'Pricing page', completed: false, index: 2 },
      ],
      message: JSON.stringify(message),
      notify: { mode: 'everyone' },
    })
  })

  it.each([
    ['day', { day: '2024-02-29' }, { dateType: 'day', date: '2024-02-29', value: 'Feb 29, 2024' }],
    ['month', { month: '2', year: '2028' }, { dateType: 'month', date: '2028-02-29', value: 'Feb 2028' }],
    [
      'quarter',
      { quarter: '3', year: '2026' },
      { dateType: 'quarter', date: '2026-09-30', value: 'Q3 2026' },
    ],
    ['year', { year: '2027' }, { dateType: 'year', date: '2027-12-31', value: '2027' }],
  ] as const)('turns a %s picked in the form into the exact contextual date', (precision, fields, date) => {
    const goal = detail()
    const values = prefillFrom(goal, now)
    values.due = { ...values.due, ...fields, mode: 'set', precision }
    expect(toCreateCheckInInput({ values, goal, message, submissionId }).dueDate).toEqual({
      mode: 'set',
      date,
    })
  })

  it('sends an explicit removal of the due date as clear', () => {
    const goal = detail()
    const values = prefillFrom(goal, now)
    values.due.mode = 'clear'
    expect(toCreateCheckInInput({ values, goal, message, submissionId }).dueDate).toEqual({ mode: 'clear' })
  })

  it('notifies only chosen people who can be notified on the goal', () => {
    const goal = detail()
    const values = prefillFrom(goal, now)
    values.notify = { mode: 'selected', personIds: ['grace-2', 'someone-who-left'] }
    expect(toCreateCheckInInput({ values, goal, message, submissionId }).notify).toEqual({
      mode: 'selected',
      personIds: ['grace-2'],
    })
  })
})

describe('checkInFormSchema', () => {
  const check = (mutate: (v: ReturnType<typeof prefillFrom>) => void) => {
    const goal = detail({
      targets: [
        ...detail().targets,
        { id: 'tC', name: 'New', from: 0, to: 1, unit: null, value: null, index: 2 },
      ],
    })
    const values = prefillFrom(goal, now)
    mutate(values)
    const result = checkInFormSchema(goal).safeParse(values)
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
  }

  it('accepts the form as it opens', () => expect(check(() => undefined)).toEqual([]))

  it('rejects a target that is not a number, next to that target', () => {
    expect(check((v) => (v.targets[1]!.value = 'soon'))).toEqual([['targets.1.value', NOT_A_NUMBER]])
  })

  it('rejects emptying a target that had a value, but not leaving an unset one empty', () => {
    expect(check((v) => (v.targets[0]!.value = ' '))).toEqual([['targets.0.value', NOT_A_NUMBER]])
  })

  it('asks for a status, and for the parts of a new due date', () => {
    expect(
      check((v) => {
        v.status = ''
        v.due = { ...v.due, mode: 'set', precision: 'day', day: '' }
      }).map(([path]) => path),
    ).toEqual(['status', 'due.day'])
    expect(check((v) => (v.due = { ...v.due, mode: 'set', precision: 'quarter', year: '26' }))[0]?.[0]).toBe(
      'due.year',
    )
  })
})
