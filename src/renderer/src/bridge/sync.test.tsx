// @vitest-environment jsdom
// useSyncPick with react-query's real client, in jsdom: what the shared outbox query keeps of a screen
// once that screen is gone. Garbage collection is forced and a WeakRef says whether the screen's data is
// still reachable.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { memo, useCallback, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SyncItem, SyncView } from '@shared/domain/sync'
import { render, waitFor, type Rendered } from '../editor/test-support/render'
import { useSync, useSyncPick } from './sync'

// V8's gc(), exposed to the test workers by vitest.config.ts (execArgv: --expose-gc).
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('gc() is not exposed: run the tests with node --expose-gc (vitest.config.ts)')
  gc()
}

const entryId = '6f1c1c52-3a7e-4c43-9d1b-5a0f3c1d2e4f'
const view: SyncView = {
  status: {
    pending: 1,
    failed: 0,
    conflicts: 0,
    needsAttention: 0,
    lastSyncedAt: null,
    online: true,
    halted: null,
    nextAttemptAt: null,
    syncing: false,
  },
  items: [
    {
      id: entryId,
      kind: 'description',
      state: 'pending',
    } as unknown as SyncItem,
  ],
  damaged: [],
}

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  delete (window as { operately?: unknown }).operately
})

/**
 * Stands for the Sync tab's label: mounted all along, it keeps the shared query alive. Memoised, as a
 * part of the page that does not render again when the screen closes: rendering, it would hand the query
 * its own options and hide what the screen left there.
 */
const TabLabel = memo(function TabLabel() {
  const items = useSync().data?.items.length
  return <p>{items === undefined ? 'loading' : `${items} waiting`}</p>
})

const statesOf = (sync: SyncView, entry: string) =>
  sync.items.filter((item) => item.id === entry).map(({ state }) => state)

interface Detail {
  id: string
  description: string
}

/**
 * Stands for the description page: a big document in its scope, read by one of its callbacks, and the
 * queued save's state picked from the outbox view the way DescriptionEditing picks it.
 */
function Screen({ detail, entry }: { detail: Detail; entry: string }) {
  const [reads, setReads] = useState(0)
  const readAgain = useCallback(() => setReads(detail.description.length + reads), [detail, reads])
  const picked = useSyncPick(statesOf, entry).data
  return (
    <button type="button" onClick={readAgain}>
      {picked ? `queued save ${picked.join()}` : 'reading'}
    </button>
  )
}

function App({ queryClient, screen }: { queryClient: QueryClient; screen: Detail | null }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TabLabel />
      {screen ? <Screen detail={screen} entry={entryId} /> : null}
    </QueryClientProvider>
  )
}

describe('useSyncPick', () => {
  it('picks one piece of the outbox view for a screen', async () => {
    ;(window as { operately?: unknown }).operately = {
      sync: { get: () => Promise.resolve({ ok: true, value: view }) },
    }
    const queryClient = new QueryClient()
    rendered = await render(
      <App queryClient={queryClient} screen={{ id: 'p1', description: 'a short description' }} />,
    )
    await waitFor(() => expect(rendered!.container.textContent).toContain('queued save pending'))
  })

  // With the former useSyncPick(pick), a pick written in the screen, this failed: the shared query's
  // options.select kept the screen's closure scope, and with it the document.
  it('keeps nothing of a screen once it is gone, though the shared query stays', async () => {
    ;(window as { operately?: unknown }).operately = {
      sync: { get: () => Promise.resolve({ ok: true, value: view }) },
    }
    const queryClient = new QueryClient()
    rendered = await render(<App queryClient={queryClient} screen={null} />)
    // Read once before the screen opens: the screen's own read then sets the query's options (a read
    // while another is under way joins it and leaves the options as they were).
    await waitFor(() => expect(rendered!.container.textContent).toBe('1 waiting'))
    // Made and shown in a function of its own, so that nothing in this test's scope holds the document.
    const open = async () => {
      const detail: Detail = { id: 'p1', description: 'x'.repeat(1_000_000) }
      await rendered!.rerender(<App queryClient={queryClient} screen={detail} />)
      return new WeakRef(detail)
    }
    const ref = await open()
    await waitFor(() => expect(rendered!.container.textContent).toContain('queued save pending'))

    await rendered!.rerender(<App queryClient={queryClient} screen={null} />)
    // React keeps the previous props on the other copy of each fiber until the next render: render once
    // more, as any later update in the app would, so that only what the query keeps can hold the screen.
    await rendered!.rerender(<App queryClient={queryClient} screen={null} />)
    expect(rendered!.container.textContent).toBe('1 waiting')
    // The outbox query lives on for the tab label: what it keeps is what this test is about.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['sync'] })).toHaveLength(1)

    // A WeakRef's target is kept until the current job ends: collect in a later task.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    expect(ref.deref() === undefined, "the closed screen's document is still reachable").toBe(true)
  })
})
