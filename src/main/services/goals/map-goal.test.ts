import { describe, expect, it } from 'vitest'
import { shortIdFromUuid } from '@shared/ids'
import { goalSchema } from '../operately/schemas'
import { toGoalDetail } from './map-goal'

const uuidOf = (n: number) => `0190a000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const person = (id: string, name: string) => ({ id, full_name: name, title: null })
const subscriber = (id: string, name: string, extra: { role?: string; priority?: boolean } = {}) => ({
  person: person(id, name),
  role: extra.role ?? null,
  priority: extra.priority ?? false,
  is_subscribed: false,
})
const goalWith = (potentialSubscribers: unknown[]) =>
  goalSchema.parse({ id: 'goal-1', name: 'Goal', potential_subscribers: potentialSubscribers })

describe('who may be notified of a check-in (potential subscribers)', () => {
  const ada = uuidOf(1)
  const grace = uuidOf(2)

  it('leaves out the author and anyone listed twice, under whichever form of their id', () => {
    const goal = goalWith([
      subscriber(`ada-lovelace-${shortIdFromUuid(ada)}`, 'Ada Lovelace', {
        role: 'Champion',
        priority: true,
      }),
      subscriber(grace, 'Grace Hopper', { role: 'Reviewer', priority: true }),
      subscriber(`grace-hopper-${shortIdFromUuid(grace)}`, 'Grace Hopper, again'),
      subscriber(shortIdFromUuid(grace).toString(), 'Grace Hopper, once more'),
      { person: null, role: null, priority: false, is_subscribed: false },
      subscriber(uuidOf(3), 'Alan Turing'),
    ])
    const candidates = toGoalDetail(goal, ada.toUpperCase(), null).potentialSubscribers
    expect(candidates).toEqual([
      {
        personId: grace,
        fullName: 'Grace Hopper',
        title: null,
        role: 'Reviewer',
        isSubscribed: false,
        alwaysNotified: true,
      },
      {
        personId: uuidOf(3),
        fullName: 'Alan Turing',
        title: null,
        role: null,
        isSubscribed: false,
        alwaysNotified: false,
      },
    ])
  })

  it('keeps everyone of a company-wide space, once each and in the order given', () => {
    const everyone = Array.from({ length: 1_000 }, (_, i) => subscriber(uuidOf(i + 1), `Person ${i + 1}`))
    // The whole company again, under their short ids: nobody new.
    const goal = goalWith([
      ...everyone,
      ...everyone.map((s) => subscriber(shortIdFromUuid(s.person.id), 'x')),
    ])
    const candidates = toGoalDetail(goal, ada, null).potentialSubscribers
    expect(candidates.map((c) => c.fullName)).toEqual(everyone.slice(1).map((s) => s.person.full_name))
  })

  it('takes nobody for the author when the signed-in id is blank', () => {
    const goal = goalWith([subscriber(ada, 'Ada Lovelace')])
    expect(toGoalDetail(goal, '  ', null).potentialSubscribers.map((c) => c.fullName)).toEqual([
      'Ada Lovelace',
    ])
  })
})
