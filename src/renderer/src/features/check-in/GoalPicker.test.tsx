// @vitest-environment jsdom
// The goal picker at a thousand goals draws only the rows on screen, in jsdom with a stand-in for the
// layout it lacks (the popup's `main` is 560 px high, every row 58 px): the active option is always in
// the page (aria-activedescendant never points at nothing), each option says where it stands in its
// group, and edit rights are asked about for the drawn rows only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GoalSummary } from '@shared/domain/goals'
import { NavigationProvider } from '../../app/navigation'
import { PopupLayout } from '../../app/PopupLayout'
import { installListLayout } from '../../app/test-support/list-layout'
import { goalsQueryKey } from '../../bridge/goals'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { GoalPicker } from './GoalPicker'
import { summary } from './test-goals'

const MINE = 200
const OTHERS = 800
const goals: GoalSummary[] = Array.from({ length: MINE + OTHERS }, (_, i) =>
  summary({
    id: `goal-${String(i).padStart(4, '0')}`,
    name: `Goal ${String(i).padStart(4, '0')}`,
    role: i < MINE ? 'champion' : null,
    canEdit: null,
  }),
)

let rendered: Rendered | null = null
let asked: string[][] = []
let removeLayout: (() => void) | null = null

beforeEach(() => {
  asked = []
  removeLayout = installListLayout()
  ;(window as { operately?: unknown }).operately = {
    goals: {
      editRights: ({ ids }: { ids: string[] }) => {
        asked.push(ids)
        return Promise.resolve({ ok: true, value: { rights: ids.map((id) => ({ id, canEdit: true })) } })
      },
    },
  }
})

afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  removeLayout?.()
  removeLayout = null
  delete (window as { operately?: unknown }).operately
})

async function renderPicker(): Promise<HTMLInputElement> {
  const client = new QueryClient()
  client.setQueryData(goalsQueryKey, {
    goals,
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

const options = () => [...rendered!.container.querySelectorAll<HTMLElement>('[role="option"]')]
const press = (input: HTMLInputElement, key: string) =>
  act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })

describe('the goal picker at a thousand goals', () => {
  it('draws a screen of rows, each option placed in its group by aria-posinset and aria-setsize', async () => {
    await renderPicker()
    const drawn = options()
    expect(drawn.length).toBeGreaterThan(5)
    expect(drawn.length).toBeLessThan(40)
    expect(drawn[0]).toHaveProperty('textContent', expect.stringMatching(/^Goal 0000/))
    expect(drawn[0]!.getAttribute('aria-posinset')).toBe('1')
    expect(drawn[0]!.getAttribute('aria-setsize')).toBe(String(MINE))
    const groups = [...rendered!.container.querySelectorAll('[role="group"]')]
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Your goals', 'Other goals'])
  })

  it('keeps the active option in the page wherever it is: up from the first goes to the last', async () => {
    const input = await renderPicker()
    await press(input, 'ArrowUp')
    const active = input.getAttribute('aria-activedescendant')
    expect(active).toBeTruthy()
    const option = document.getElementById(active!)
    expect(option).not.toBeNull()
    expect(option!.getAttribute('aria-selected')).toBe('true')
    expect(option!.textContent).toMatch(/^Goal 0999/)
    expect(option!.getAttribute('aria-posinset')).toBe(String(OTHERS))
    expect(option!.getAttribute('aria-setsize')).toBe(String(OTHERS))
    // End and Home: the same, the first again.
    await press(input, 'Home')
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toMatch(
      /^Goal 0000/,
    )
  })

  it('asks about the edit rights of the drawn rows only, once they have settled', async () => {
    await renderPicker()
    await waitFor(() => expect(asked).toHaveLength(1))
    const drawn = new Set(
      options().map((option) => option.textContent!.slice(0, 9).replace('Goal ', 'goal-')),
    )
    expect(asked[0]!.length).toBeLessThan(40)
    expect(asked[0]!.every((id) => drawn.has(id))).toBe(true)
  })
})
