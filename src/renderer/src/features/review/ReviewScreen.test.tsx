// @vitest-environment jsdom
// Keyboard focus after "Acknowledge": the button pressed leaves the page once the check-in is
// acknowledged, and focus must not fall to the document body (a screen reader user is left nowhere).
import { act } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import type { CheckInReview } from '@shared/domain/reviews'
import { render, type Rendered } from '../../editor/test-support/render'
import { ReviewScreen } from './ReviewScreen'

const review: CheckInReview = {
  kind: 'goal',
  checkInId: 'abc',
  subjectId: 'g1',
  subjectName: 'Hire a data team',
  status: 'on_track',
  author: { id: 'p1', name: 'Grace Hopper' },
  publishedAt: null,
  message: null,
  targets: [],
  checklist: [],
  acknowledgedAt: null,
  acknowledgedBy: null,
  webUrl: null,
  cannotAcknowledge: null,
  fetchedAt: new Date().toISOString(),
  fromCache: false,
  lastError: null,
}

const mutation = vi.hoisted(() => ({ data: undefined as unknown, isPending: false, error: null }))
vi.mock('../../bridge/reviews', () => ({
  useCheckInReview: () => ({ status: 'success', data: review, error: null, isFetching: false }),
  useAcknowledge: () => ({
    ...mutation,
    mutate: (_ref: unknown, options: { onSuccess: (o: unknown) => void }) => {
      mutation.data = { outcome: 'acknowledged', acknowledgedAt: null }
      options.onSuccess(mutation.data)
    },
  }),
}))
vi.mock('../../app/navigation', () => ({ useNavigation: () => ({ navigate: vi.fn() }) }))
vi.mock('../check-in/use-number-locale', () => ({ useNumberLocale: () => 'en-US' }))
vi.mock('../../editor', () => ({ RichTextView: () => null }))
vi.mock('../check-in/RecordedValues', () => ({ RecordedValues: () => null }))
vi.mock('../../ui/Freshness', () => ({ Freshness: () => null }))

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
})

it('after Acknowledge, focus stays in the review (not on the body)', async () => {
  rendered = await render(<ReviewScreen reviewRef={{ kind: 'goal', checkInId: 'abc' }} next={[]} />)
  const button = [...rendered.container.querySelectorAll('button')].find(
    (b) => b.textContent === 'Acknowledge',
  )!
  button.focus()
  await act(async () => button.click())
  await act(async () =>
    rendered!.rerender(<ReviewScreen reviewRef={{ kind: 'goal', checkInId: 'abc' }} next={[]} />),
  )
  expect(rendered.container.textContent).toContain('Acknowledged')
  expect(document.activeElement).not.toBe(document.body)
  expect(rendered.container.contains(document.activeElement)).toBe(true)
})
