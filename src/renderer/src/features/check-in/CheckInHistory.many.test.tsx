// @vitest-environment jsdom
// A goal with 500 earlier check-ins: the panel draws the open one's message, not all 500 (each message is
// parsed and serialised by ProseMirror; all of them took about 12 s here before).
import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckInHistoryRead, PastCheckIn } from '@shared/domain/check-in-history'
import { createQueryClient } from '../../app/query-client'
import { checkInHistoryQueryKey } from '../../bridge/check-in-history'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { CheckInHistory } from './CheckInHistory'

const message = (n: number) =>
  JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: `Week ${n}` }] }],
  })
const checkIns: PastCheckIn[] = Array.from({ length: 500 }, (_, i) => ({
  id: `c${i}`,
  status: 'on_track',
  state: 'published',
  insertedAt: '2026-11-01T10:00:00Z',
  publishedAt: '2026-11-01T10:00:00Z',
  author: { id: 'p1', name: 'Ada Lovelace' },
  message: message(500 - i),
  targets: [],
  checklist: [],
  formerMentions: [],
  webUrl: null,
}))
const read: CheckInHistoryRead = {
  checkIns,
  fetchedAt: '2026-11-27T10:00:00Z',
  fromCache: false,
  lastError: null,
}

describe('a goal with 500 earlier check-ins', () => {
  let shown: Rendered | null = null
  afterEach(async () => {
    await shown?.unmount()
    shown = null
    delete (window as { operately?: unknown }).operately
  })

  it('draws only the open check-in’s message, and an earlier one’s once it is opened', async () => {
    Object.assign(window, { operately: { checkIns: { history: async () => ({ ok: true, value: read }) } } })
    const client = createQueryClient()
    client.setQueryData(checkInHistoryQueryKey({ kind: 'goal', id: 'goal-G1' }), read)
    shown = await render(
      <QueryClientProvider client={client}>
        <CheckInHistory
          subject={{ kind: 'goal', id: 'goal-G1' }}
          locale="en-US"
          hasMessage={() => false}
          onStart={() => undefined}
        />
      </QueryClientProvider>,
    )
    const container = shown.container
    await waitFor(() => expect(container.textContent).toContain('Week 500'))
    expect(container.querySelectorAll('details')).toHaveLength(500)
    expect(container.querySelectorAll('.ci-history__message')).toHaveLength(1)
    expect(container.textContent).not.toContain('Week 499')

    const second = container.querySelectorAll('details')[1]!
    await act(async () => {
      second.open = true
      second.dispatchEvent(new Event('toggle'))
    })
    await waitFor(() => expect(container.textContent).toContain('Week 499'))
    expect(container.querySelectorAll('.ci-history__message')).toHaveLength(2)
  })
})
