// @vitest-environment jsdom
// A check-in Operately ended up with twice: its Sync row links to each copy's page, through the bridge's
// openExternal (main decides whether it opens), and names a copy whose page it cannot know.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SyncItem, SyncStatusView } from '@shared/domain/sync'
import { NavigationProvider } from '../../app/navigation'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { SyncRow } from './SyncRow'

const status: SyncStatusView = {
  pending: 0,
  failed: 1,
  conflicts: 0,
  needsAttention: 0,
  lastSyncedAt: null,
  online: true,
  halted: null,
  nextAttemptAt: null,
  syncing: false,
}

const now = new Date(2026, 10, 26, 12, 0)
const firstPage = 'https://ops.example/acme-1/goal-check-ins/2026-11-26-Ab'

const twice: SyncItem = {
  id: '6f1c1c52-3a7e-4c43-9d1b-5a0f3c1d2e4f',
  kind: 'check-in',
  state: 'failed',
  targetKind: 'goal',
  title: 'Ship the engine',
  targetId: 'ship-the-engine-abc',
  createdAt: new Date(2026, 10, 26, 10, 40).toISOString(),
  updatedAt: new Date(2026, 10, 26, 10, 50).toISOString(),
  attempts: 2,
  lastError: { kind: 'server_error', message: 'Operately now has this check-in twice.' },
  preview: 'On track.',
  otherAccount: null,
  maybeOnServer: true,
  copies: [
    { postedAt: new Date(2026, 10, 26, 10, 42).toISOString(), url: firstPage },
    { postedAt: new Date(2026, 10, 26, 10, 49).toISOString(), url: null },
  ],
}

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  delete (window as { operately?: unknown }).operately
})

describe('SyncRow, a check-in Operately has twice', () => {
  it('opens the page of a copy through main, and names the copy whose page is not known', async () => {
    const asked: unknown[] = []
    ;(window as { operately?: unknown }).operately = {
      app: {
        openExternal: (input: unknown) => {
          asked.push(input)
          return Promise.resolve({ ok: true, value: { status: 'opened' } })
        },
      },
    }
    rendered = await render(
      <QueryClientProvider client={new QueryClient()}>
        <NavigationProvider initial={{ section: 'sync' }}>
          <ul>
            <SyncRow item={twice} status={status} now={now} onDiscarded={() => undefined} />
          </ul>
        </NavigationProvider>
      </QueryClientProvider>,
    )
    const copies = rendered.container.querySelector('[aria-label="Copies in Operately"]')!
    const buttons = [...copies.querySelectorAll('button')]
    expect(buttons.map((button) => button.textContent)).toEqual([
      expect.stringMatching(/^Open the copy posted at 10:42(\sAM)? \(Check-in · Ship the engine\)$/),
    ])
    expect(copies.textContent).toMatch(
      /The copy posted at 10:49(\sAM)?: open the goal in Operately to find it/,
    )
    await act(async () => buttons[0]!.click())
    await waitFor(() => expect(asked).toEqual([{ url: firstPage }]))
  })
})
