// @vitest-environment jsdom
// The goal's answer comes while the screen still waits for the number locale: the screen must show it
// once the locale is in. React Query re-renders a component only for the result fields it read while
// rendering; the screen that returned early ("Loading your check-in…") had read none of the goal's, so
// with the fields read in the wrong component it stayed on "Loading the goal…" with the 404 already in
// (e2e check-in-errors "404 for a pasted id" failed 2 runs in 5).
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionState } from '@shared/session'
import { NavigationProvider } from '../../app/navigation'
import { createQueryClient } from '../../app/query-client'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { CheckInScreen } from './CheckInScreen'

const session = {
  status: 'signed_in',
  baseUrl: 'https://op.example',
  person: { id: 'p1', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: null,
  capabilities: null,
} as Extract<SessionState, { status: 'signed_in' }>

describe('a goal that cannot be found, answered before the number locale', () => {
  let shown: Rendered | null = null
  afterEach(async () => {
    await shown?.unmount()
    shown = null
    delete (window as { operately?: unknown }).operately
  })

  it('says "Goal not found" once the locale is in', async () => {
    let locale: (value: unknown) => void = () => undefined
    const notFound = { kind: 'not_found', message: 'This item could not be found in Operately.' }
    Object.assign(window, {
      operately: {
        goals: { get: async () => ({ ok: false, error: notFound }) },
        app: { numberLocale: () => new Promise((resolve) => (locale = resolve)) },
        assignments: { get: async () => ({ ok: false, error: { kind: 'offline', message: 'Offline.' } }) },
        session: { capabilities: async () => ({ ok: true, value: null }) },
      },
    })
    const client = createQueryClient()
    shown = await render(
      <QueryClientProvider client={client}>
        <NavigationProvider initial={{ section: 'check-ins', goalId: 'nowhere-G1' }}>
          <CheckInScreen session={session} goalId="nowhere-G1" />
        </NavigationProvider>
      </QueryClientProvider>,
    )
    // The goal's 404 is in; the locale is not.
    await waitFor(() => expect(client.getQueryState(['goal', 'nowhere-G1'])?.status).toBe('error'))
    locale({ ok: true, value: { locale: 'en-US', settings: null } })
    await waitFor(() => expect(shown!.container.textContent).toContain('Goal not found'))
  })
})
