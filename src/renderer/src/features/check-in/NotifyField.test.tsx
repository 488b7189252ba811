// @vitest-environment jsdom
// "Who is notified": the champion's and the reviewer's boxes stay ticked. A click, or Space on the box
// (the browser turns it into a click), must change nothing the form holds.
import { act, useEffect } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import type { SubscriberCandidate } from '@shared/domain/goals'
import { render, type Rendered } from '../../editor/test-support/render'
import type { CheckInFormValues } from './form-values'
import { NotifyField } from './NotifyField'

const candidates: SubscriberCandidate[] = [
  {
    personId: 'barbara-1',
    fullName: 'Barbara Liskov',
    title: null,
    role: 'Reviewer',
    isSubscribed: false,
    alwaysNotified: true,
  },
  {
    personId: 'grace-2',
    fullName: 'Grace Hopper',
    title: null,
    role: null,
    isSubscribed: true,
    alwaysNotified: false,
  },
]

let form: UseFormReturn<CheckInFormValues> | null = null
const keep = (held: UseFormReturn<CheckInFormValues>) => {
  form = held
}
function Field() {
  const held = useForm<CheckInFormValues>({
    defaultValues: {
      status: '',
      targets: [],
      checklist: [],
      notify: { mode: 'selected', personIds: ['barbara-1', 'grace-2'] },
    },
  })
  useEffect(() => keep(held), [held])
  return <NotifyField form={held} candidates={candidates} areaError={undefined} />
}

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
})

const box = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('label')]
    .find((label) => label.textContent?.includes(name))!
    .querySelector('input[type="checkbox"]') as HTMLInputElement

describe('NotifyField', () => {
  it('a click on an always-notified box leaves it ticked and chosen', async () => {
    rendered = await render(<Field />)
    const barbara = box(rendered.container, 'Barbara Liskov')
    await act(async () => barbara.click())
    expect(barbara.checked).toBe(true)
    expect(form!.getValues('notify.personIds')).toContain('barbara-1')
  })

  it('a click on another box unticks it', async () => {
    rendered = await render(<Field />)
    const grace = box(rendered.container, 'Grace Hopper')
    await act(async () => grace.click())
    expect(grace.checked).toBe(false)
    expect(form!.getValues('notify.personIds')).toEqual(['barbara-1'])
  })
})
