// @vitest-environment jsdom
// What the renderer still holds of one person's server after they sign out: react-query's real client,
// the bridge faked at window.operately.
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckInHistoryRead } from '@shared/domain/check-in-history'
import { createQueryClient } from '../app/query-client'
import { render, waitFor, type Rendered } from '../editor/test-support/render'
import { checkInHistoryQueryKey } from './check-in-history'
import { sessionQueryKey, useSignOut } from './session'

const adasHistory: CheckInHistoryRead = {
  checkIns: [],
  fetchedAt: '2026-11-27T10:00:00Z',
  fromCache: false,
  lastError: null,
}

describe('signing out', () => {
  let shown: Rendered | null = null
  afterEach(async () => {
    await shown?.unmount()
    shown = null
    delete (window as { operately?: unknown }).operately
  })

  it("leaves none of the signed-out person's answers (a goal's check-ins) for whoever signs in next", async () => {
    Object.assign(window, {
      operately: {
        session: { signOut: async () => ({ ok: true, value: { status: 'signed_out', lastBaseUrl: null } }) },
      },
    })
    const client = createQueryClient()
    client.setQueryData(checkInHistoryQueryKey({ kind: 'goal', id: 'goal-G1' }), adasHistory)
    const SignOutNow = () => {
      const signOut = useSignOut()
      const { mutate } = signOut
      useEffect(() => mutate(), [mutate])
      return null
    }
    shown = await render(
      <QueryClientProvider client={client}>
        <SignOutNow />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(client.getQueryData(sessionQueryKey)).toMatchObject({ status: 'signed_out' }))
    expect(client.getQueryData(checkInHistoryQueryKey({ kind: 'goal', id: 'goal-G1' }))).toBeUndefined()
  })
})
