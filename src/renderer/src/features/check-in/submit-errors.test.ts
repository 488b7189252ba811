import { describe, expect, it } from 'vitest'
import { errorKinds } from '@shared/errors'
import { areaOfMessage, describeSubmitError } from './submit-errors'

describe('describeSubmitError', () => {
  it('has plain words for every kind of failure, and says the text is kept', () => {
    for (const kind of errorKinds) {
      const problem = describeSubmitError({ kind, message: 'Details from main.' })
      expect(problem.title.length).toBeGreaterThan(5)
      expect(problem.message).toMatch(/kept/)
    }
  })

  it('says an ambiguous failure may have been saved and that trying again cannot post twice', () => {
    for (const kind of ['timeout', 'offline'] as const) {
      const problem = describeSubmitError({ kind, message: '' })
      expect(problem).toMatchObject({ retry: true, ambiguous: true })
      expect(problem.message).toContain(
        'Your check-in may have been saved. Try again checks first and never creates a second one.',
      )
    }
  })

  it('places a refusal next to the part of the form it names, else at the top', () => {
    expect(describeSubmitError({ kind: 'bad_request', message: 'Unknown input field: due_date' }).area).toBe(
      'due',
    )
    expect(
      describeSubmitError({
        kind: 'invalid_input',
        message: 'One of the targets you updated is no longer on this goal',
      }).area,
    ).toBe('targets')
    expect(
      describeSubmitError({ kind: 'bad_request', message: 'Missing required fields: goal_id' }).area,
    ).toBeNull()
    expect(describeSubmitError({ kind: 'forbidden', message: 'target' }).area).toBeNull()
  })
})

describe('areaOfMessage', () => {
  it.each([
    ["Field 'content' cannot be null", 'message'],
    ['Unknown input field: completed_at in checklist', 'checklist'],
    ['Invalid value for enum goal_check_in_status: green', 'status'],
    ['Unknown input field: subscriber_ids', 'notify'],
    ['new_target_values is not valid', 'targets'],
  ])('%s → %s', (message, area) => expect(areaOfMessage(message)).toBe(area))
})
