import { describe, expect, it } from 'vitest'
import { checkInFormSchema, notANumber, prefillFrom, toCreateCheckInInput } from './form-values'
import { detail } from './test-goals'

const now = new Date(2026, 2, 10, 12)
const submissionId = '6f1c3c4e-8a8e-4d7e-9a49-1d7b5d6f2a11'
const message = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fine.' }] }] }

describe('prefillFrom', () => {
  it('starts from the goal as the server has it: target values, checklist in index order', () => {
    const values = prefillFrom(detail(), now, 'en-US')
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

  it('preselects no status, whatever the goal’s: each check-in decides it afresh', () => {
    expect(prefillFrom(detail({ status: 'on_track' }), now, 'en-US').status).toBe('')
    expect(prefillFrom(detail({ status: 'pending' }), now, 'en-US').status).toBe('')
  })

  it('writes target values the locale’s way', () => {
    const goal = detail({
      targets: [{ id: 'tA', name: 'Revenue', from: 0, to: 2e6, unit: '€', value: 1234567.5, index: 0 }],
    })
    expect(prefillFrom(goal, now, 'de-DE').targets).toEqual([{ id: 'tA', value: '1.234.567,5' }])
    expect(prefillFrom(goal, now, 'en-IN').targets).toEqual([{ id: 'tA', value: '12,34,567.5' }])
  })
})

describe('toCreateCheckInInput', () => {
  it('sends only changed targets, the full checklist by index with four keys, and the message as JSON', () => {
    const goal = detail()
    const values = prefillFrom(goal, now, 'en-US')
    values.status = 'caution'
    values.targets[0]!.value = '80'
    values.targets[1]!.value = '2.40' // the same number written differently is no change
    values.checklist[1]!.completed = true
    const input = toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' })
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
    const values = prefillFrom(goal, now, 'en-US')
    values.status = 'on_track'
    values.due = { ...values.due, ...fields, mode: 'set', precision }
    expect(toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' }).dueDate).toEqual({
      mode: 'set',
      date,
    })
  })

  it('sends an explicit removal of the due date as clear', () => {
    const goal = detail()
    const values = prefillFrom(goal, now, 'en-US')
    values.status = 'on_track'
    values.due.mode = 'clear'
    expect(toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' }).dueDate).toEqual({
      mode: 'clear',
    })
  })

  it('notifies only chosen people who can be notified on the goal', () => {
    const goal = detail()
    const values = prefillFrom(goal, now, 'en-US')
    values.status = 'on_track'
    values.notify = { mode: 'selected', personIds: ['grace-2', 'someone-who-left'] }
    expect(toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' }).notify).toEqual({
      mode: 'selected',
      personIds: ['grace-2', 'barbara-1'],
    })
  })

  it('sends those always notified even when the chosen list lacks them (a draft kept before they became reviewer)', () => {
    // The box shows them ticked, ", always notified": with send_notifications_to_everyone false, Operately
    // tells only subscriber_ids (notifications/subscribers_loader.ex), so they must be in it.
    const goal = detail()
    const values = prefillFrom(goal, now, 'en-US')
    values.status = 'on_track'
    values.notify = { mode: 'selected', personIds: [] }
    expect(toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' }).notify).toEqual({
      mode: 'selected',
      personIds: ['barbara-1'],
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
    const values = prefillFrom(goal, now, 'en-US')
    values.status = 'on_track'
    mutate(values)
    const result = checkInFormSchema(goal, 'en-US').safeParse(values)
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
  }

  it('accepts the form as it opens, once a status is chosen', () =>
    expect(check(() => undefined)).toEqual([]))

  it('rejects a target that is not a number, next to that target', () => {
    expect(check((v) => (v.targets[1]!.value = 'soon'))).toEqual([['targets.1.value', notANumber('en-US')]])
  })

  it('rejects emptying a target that had a value, but not leaving an unset one empty', () => {
    expect(check((v) => (v.targets[0]!.value = ' '))).toEqual([['targets.0.value', notANumber('en-US')]])
  })

  it('says which sign does not go with the target, and that a number is too large, next to that target', () => {
    expect(check((v) => (v.targets[0]!.value = '45%'))).toEqual([
      [
        'targets.0.value',
        '“%” does not go with this target, counted in teams: enter the number alone, such as 42.',
      ],
    ])
    expect(check((v) => (v.targets[2]!.value = '45%'))).toEqual([])
    expect(check((v) => (v.targets[0]!.value = '2,000,000,000,000,000'))).toEqual([
      [
        'targets.0.value',
        'That number is too large to be sent exactly: enter one below 1,000,000,000,000,000.',
      ],
    ])
  })

  it('asks which number was meant when it could be either, in the field’s error', () => {
    expect(check((v) => (v.targets[0]!.value = '1.200'))).toEqual([
      ['targets.0.value', 'Did you mean 1,200 or 1.2?'],
    ])
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

describe('target values in the person’s locale', () => {
  const goal = detail({
    targets: [
      { id: 'tA', name: 'Revenue', from: 0, to: 5000, unit: '€', value: 1.234, index: 0 },
      { id: 'tB', name: 'Teams', from: 0, to: 20000, unit: 'teams', value: 900, index: 1 },
    ],
  })
  const send = (locale: string, typed: [string, string]) => {
    const values = prefillFrom(goal, now, locale)
    values.status = 'on_track'
    values.targets[0]!.value = typed[0]
    values.targets[1]!.value = typed[1]
    return toCreateCheckInInput({ values, goal, message, submissionId, locale }).targetValues
  }

  it('sends 1,200 typed in en-US as twelve hundred, never as 1.2', () => {
    expect(send('en-US', ['1.234', '12,500 teams'])).toEqual([{ id: 'tB', value: 12500 }])
  })

  it('reads the same typing the German way in de-DE', () => {
    expect(send('de-DE', ['1,234', '12.500'])).toEqual([{ id: 'tB', value: 12500 }])
    expect(send('de-DE', ['2,5 €', '900'])).toEqual([{ id: 'tA', value: 2.5 }])
  })

  it('leaves a value the form opened with alone, even one that would be a question if typed', () => {
    const values = prefillFrom(goal, now, 'en-US')
    expect(values.targets[0]!.value).toBe('1.234')
    values.status = 'on_track'
    expect(checkInFormSchema(goal, 'en-US').safeParse(values).success).toBe(true)
    expect(
      toCreateCheckInInput({ values, goal, message, submissionId, locale: 'en-US' }).targetValues,
    ).toEqual([])
  })
})
