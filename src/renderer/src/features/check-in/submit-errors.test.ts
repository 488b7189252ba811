import { describe, expect, it } from 'vitest'
import { errorKinds } from '@shared/errors'
import { areaOfMessage, describeSubmitError } from './submit-errors'

describe('describeSubmitError', () => {
  it('has plain words for every kind of failure, and says the text is kept', () => {
    for (const kind of errorKinds.filter((k) => k !== 'disk')) {
      const problem = describeSubmitError({ kind, message: 'Details from main.' })
      expect(problem.title.length).toBeGreaterThan(5)
      expect(problem.message).toMatch(/kept/)
    }
  })

  it('says a disk that refused the data folder plainly: main’s words, only on screen, never "kept"', () => {
    const words =
      "The disk that holds the app's data folder is full, so the app could not write to it, and nothing was sent. Free some space on that disk, then press the button again."
    const problem = describeSubmitError({ kind: 'disk', message: words })
    expect(problem).toEqual({
      title: 'Not sent: the app could not write to disk',
      message: `${words} What you wrote is still on screen, but not saved on this computer: keep this window open until it is.`,
      area: null,
      retry: true,
      ambiguous: false,
    })
    expect(problem.message).not.toMatch(/kept/)
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
