// @vitest-environment jsdom
// The goal picker while the goals list holds only its first screen (a long list read in two parts,
// issue 23): keys that reach for the end of the list (End, Up from the first goal, Down from the last one
// drawn) do not take the first screen's last goal for the list's last one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import type { GoalSummary } from '@shared/domain/goals'
import { NavigationProvider } from '../../app/navigation'
import { PopupLayout } from '../../app/PopupLayout'
import { installListLayout } from '../../app/test-support/list-layout'
import { goalsQueryKey } from '../../bridge/goals'
import { render, type Rendered } from '../../editor/test-support/render'
import { GoalPicker } from './GoalPicker'
import { summary } from './test-goals'

const goals: GoalSummary[] = Array.from({ length: 1000 }, (_, i) =>
  summary({
    id: `goal-${String(i).padStart(4, '0')}`,
    name: `Goal ${String(i).padStart(4, '0')}`,
    role: i < 200 ? 'champion' : null,
    canEdit: true,
  }),
)

let rendered: Rendered | null = null
let removeLayout: (() => void) | null = null

beforeEach(() => {
  removeLayout = installListLayout()
  ;(window as { operately?: unknown }).operately = {
    goals: { editRights: () => Promise.resolve({ ok: true, value: { rights: [] } }) },
  }
})

afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  removeLayout?.()
  removeLayout = null
  delete (window as { operately?: unknown }).operately
})

async function renderFirstScreen(): Promise<HTMLInputElement> {
  const client = new QueryClient()
  client.setQueryData(goalsQueryKey, {
    goals: goals.slice(0, FIRST_SCREEN_ROWS),
    rest: { readId: '00000000-0000-4000-8000-000000000000', count: goals.length },
    fetchedAt: new Date().toISOString(),
    fromCache: false,
    lastError: null,
  })
  rendered = await render(
    <QueryClientProvider client={client}>
      <NavigationProvider initial={{ section: 'check-ins' }}>
        <PopupLayout>
          <GoalPicker canWrite={true} />
        </PopupLayout>
      </NavigationProvider>
    </QueryClientProvider>,
  )
  return rendered.container.querySelector<HTMLInputElement>('input[aria-label="Filter goals"]')!
}

const press = (input: HTMLInputElement, key: string) =>
  act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })
const activeName = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent?.slice(0, 9)
const lastOfFirstScreen = `Goal ${String(FIRST_SCREEN_ROWS - 1).padStart(4, '0')}`

describe('the goal picker before the rest of the goals is in', () => {
  it('End does not take the last goal of the first screen for the last goal', async () => {
    const input = await renderFirstScreen()
    await press(input, 'End')
    expect(activeName(input)).not.toBe(lastOfFirstScreen)
    expect(rendered!.container.textContent).toContain('Still reading the rest of the goals.')
  })

  it('Up from the first goal does not wrap round to the first screen’s last', async () => {
    const input = await renderFirstScreen()
    await press(input, 'ArrowUp')
    expect(activeName(input)).toBe('Goal 0000')
    expect(rendered!.container.textContent).toContain('Still reading the rest of the goals.')
  })

  it('Down from the first screen’s last goal does not wrap round to the first', async () => {
    const input = await renderFirstScreen()
    for (let i = 1; i < FIRST_SCREEN_ROWS; i++) await press(input, 'ArrowDown')
    expect(activeName(input)).toBe(lastOfFirstScreen)
    await press(input, 'ArrowDown')
    expect(activeName(input)).toBe(lastOfFirstScreen)
    // Home is the first goal whatever comes after: it moves at once.
    await press(input, 'Home')
    expect(activeName(input)).toBe('Goal 0000')
  })

  it('does not tell a screen reader the group ends with the first screen: its size is not known yet', async () => {
    const input = await renderFirstScreen()
    const first = document.getElementById(input.getAttribute('aria-activedescendant')!)!
    // 40 of Ada's 200 goals are in: "1 of 40" would say her goals end at the 40th.
    expect(first.getAttribute('aria-posinset')).toBe('1')
    expect(first.getAttribute('aria-setsize')).toBe('-1')
  })
})
