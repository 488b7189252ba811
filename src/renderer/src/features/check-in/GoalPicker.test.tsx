// @vitest-environment jsdom
// The goal picker at a thousand goals draws only the rows on screen, in jsdom with a stand-in for the
// layout it lacks (the popup's `main` is 560 px high, every row 58 px): the active option is always in
// the page (aria-activedescendant never points at nothing), each option says where it stands in its
// group, and edit rights are asked about for the drawn rows only. While the list holds only its first
// screen (a long list read in two parts), keys that reach for the end of the list (End, Up from the first
// goal, Down from the last one drawn) do not take the first screen's last goal for the list's last one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import type { GoalSummary } from '@shared/domain/goals'
import { NavigationProvider, useNavigation } from '../../app/navigation'
import { PopupLayout } from '../../app/PopupLayout'
import { installListLayout } from '../../app/test-support/list-layout'
import { typeInto } from '../../app/test-support/type-into'
import { goalQueryKey, goalsQueryKey } from '../../bridge/goals'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { GoalPicker } from './GoalPicker'
import { detail, summary } from './test-goals'

// Every layout of the list groups the goals: those calls count the layouts.
const layouts = vi.hoisted(() => ({ count: 0 }))
vi.mock('./goal-filter', async (importOriginal) => {
  const real = await importOriginal<typeof import('./goal-filter')>()
  return {
    ...real,
    groupGoals: (...args: Parameters<typeof real.groupGoals>) => {
      layouts.count++
      return real.groupGoals(...args)
    },
  }
})

// Every drawn row shows a status badge: its renders count the rows' renders.
const badges = vi.hoisted(() => ({ rendered: 0 }))
vi.mock('./StatusBadge', async (importOriginal) => {
  const real = await importOriginal<typeof import('./StatusBadge')>()
  return {
    StatusBadge: (props: Parameters<typeof real.StatusBadge>[0]) => {
      badges.rendered++
      return real.StatusBadge(props)
    },
  }
})

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
let client: QueryClient | null = null
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

/** The picker over the thousand goals; `firstScreen`: only the first screen of them is in yet (issue 23). */
async function renderPicker(firstScreen = false): Promise<HTMLInputElement> {
  client = new QueryClient()
  client.setQueryData(goalsQueryKey, {
    goals: firstScreen ? goals.slice(0, FIRST_SCREEN_ROWS) : goals,
    rest: firstScreen ? { readId: '00000000-0000-4000-8000-000000000000', count: goals.length } : null,
    fetchedAt: new Date().toISOString(),
    fromCache: false,
    lastError: null,
  })
  rendered = await render(
    <QueryClientProvider client={client}>
      <NavigationProvider initial={{ section: 'check-ins' }}>
        <PopupLayout>
          <GoalPicker canWrite={true} />
          <RouteShown />
        </PopupLayout>
      </NavigationProvider>
    </QueryClientProvider>,
  )
  return rendered.container.querySelector<HTMLInputElement>('input[aria-label="Filter goals"]')!
}

/** Where the picker has gone (a goal opened), as the section would see it. */
function RouteShown() {
  const { route } = useNavigation()
  return <output aria-label="Route">{'goalId' in route ? (route.goalId ?? '') : ''}</output>
}
const openedGoal = () => rendered!.container.querySelector('output[aria-label="Route"]')!.textContent

const options = () => [...rendered!.container.querySelectorAll<HTMLElement>('[role="option"]')]
const press = (input: HTMLInputElement, key: string, isComposing = false) =>
  act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key, isComposing, bubbles: true, cancelable: true }))
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

  it('a letter typed redraws the search box at once and the rows only when the list follows it', async () => {
    const input = await renderPicker()
    const before = options().map((option) => option.id)
    badges.rendered = 0
    // The key's own render, alone: the list follows a task later (after the frame, in the browser).
    act(() => typeInto(input, 'Goal 0900'))
    expect(input.value).toBe('Goal 0900')
    expect(badges.rendered).toBe(0)
    expect(options().map((option) => option.id)).toEqual(before)
    await waitFor(() => expect(options()[0]?.textContent).toMatch(/^Goal 0900/))
    expect(badges.rendered).toBeGreaterThan(0)
  })

  it('marks the drawn rows as answers about rights come, without laying the thousand goals out again', async () => {
    ;(window as { operately?: unknown }).operately = {
      goals: {
        editRights: ({ ids }: { ids: string[] }) => {
          asked.push(ids)
          return Promise.resolve({ ok: true, value: { rights: ids.map((id) => ({ id, canEdit: false })) } })
        },
      },
    }
    await renderPicker()
    const laidOutBefore = layouts.count
    await waitFor(() => expect(options()[0]?.textContent).toContain('View only'))
    expect(options().every((option) => option.textContent!.includes('View only'))).toBe(true)
    expect(layouts.count).toBe(laidOutBefore)
  })

  it('marks a drawn goal view only when its detail, read after the rows were drawn, says so', async () => {
    await renderPicker()
    // The rights asked for the drawn rows are in (every goal editable): the rows are settled.
    await waitFor(() => expect(asked).toHaveLength(1))
    await waitFor(() =>
      expect(
        client!.getQueryData<{ goals: GoalSummary[] }>(goalsQueryKey)!.goals.find((g) => g.id === 'goal-0001')
          ?.canEdit,
      ).toBe(true),
    )
    // Whatever the answers draw, drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(options()[1]?.textContent).toMatch(/^Goal 0001/)
    expect(options()[1]!.textContent).not.toContain('View only')
    // A check-in screen left before its goal came back: the detail lands with the picker shown, and says
    // the rights changed on the server.
    act(() => {
      client!.setQueryData(goalQueryKey('goal-0001'), detail({ id: 'goal-0001', canEdit: false }))
    })
    await waitFor(() => expect(options()[1]!.textContent).toContain('View only'))
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

const activeName = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent?.slice(0, 9)
const lastOfFirstScreen = `Goal ${String(FIRST_SCREEN_ROWS - 1).padStart(4, '0')}`

describe('the goal picker before the rest of the goals is in', () => {
  it('End does not take the last goal of the first screen for the last goal', async () => {
    const input = await renderPicker(true)
    await press(input, 'End')
    expect(activeName(input)).not.toBe(lastOfFirstScreen)
    expect(rendered!.container.textContent).toContain('Still reading the rest of the goals.')
  })

  it('Up from the first goal does not wrap round to the first screen’s last', async () => {
    const input = await renderPicker(true)
    await press(input, 'ArrowUp')
    expect(activeName(input)).toBe('Goal 0000')
    expect(rendered!.container.textContent).toContain('Still reading the rest of the goals.')
  })

  it('Down from the first screen’s last goal does not wrap round to the first', async () => {
    const input = await renderPicker(true)
    for (let i = 1; i < FIRST_SCREEN_ROWS; i++) await press(input, 'ArrowDown')
    expect(activeName(input)).toBe(lastOfFirstScreen)
    await press(input, 'ArrowDown')
    expect(activeName(input)).toBe(lastOfFirstScreen)
    // Home is the first goal whatever comes after: it moves at once.
    await press(input, 'Home')
    expect(activeName(input)).toBe('Goal 0000')
  })

  it('does not tell a screen reader the group ends with the first screen: its size is not known yet', async () => {
    const input = await renderPicker(true)
    const first = document.getElementById(input.getAttribute('aria-activedescendant')!)!
    // 40 of Ada's 200 goals are in: "1 of 40" would say her goals end at the 40th.
    expect(first.getAttribute('aria-posinset')).toBe('1')
    expect(first.getAttribute('aria-setsize')).toBe('-1')
  })
})

describe('the goal picker when the list is read again', () => {
  it('keeps the goal the arrows reached active when a goal is added above it', async () => {
    const input = await renderPicker()
    for (let i = 0; i < 3; i++) await press(input, 'ArrowDown')
    expect(activeName(input)).toBe('Goal 0003')
    // Refresh (or the popup shown again after 30 s): a colleague made Ada champion of a new goal.
    act(() => {
      client!.setQueryData(goalsQueryKey, {
        goals: [summary({ id: 'goal-new', name: 'Goal new', role: 'champion', canEdit: null }), ...goals],
        rest: null,
        fetchedAt: new Date().toISOString(),
        fromCache: false,
        lastError: null,
      })
    })
    await waitFor(() => expect(options()[0]?.textContent).toMatch(/^Goal new/))
    expect(activeName(input)).toBe('Goal 0003')
    await press(input, 'Enter')
    expect(openedGoal()).toBe('goal-0003')
  })
})

// An input method (Japanese, Chinese, Korean…) composes a word in the search box with the same keys: Enter
// takes the word chosen, the arrows walk its candidates, Escape drops the composition. None of them is the
// list's while a word is being composed (the keydown says so by isComposing, as the browser sends it).
describe('the goal picker while a word is being composed', () => {
  it('Enter that takes the composed word opens no goal; the next Enter does', async () => {
    const input = await renderPicker()
    act(() => typeInto(input, 'Goal 0900'))
    await waitFor(() => expect(options()[0]?.textContent).toMatch(/^Goal 0900/))
    await press(input, 'Enter', true)
    expect(openedGoal()).toBe('')
    await press(input, 'Enter')
    expect(openedGoal()).toBe('goal-0900')
  })

  it('the arrows and Escape of a composition leave the active goal and the query alone', async () => {
    const input = await renderPicker()
    act(() => typeInto(input, 'Goal 00'))
    await waitFor(() => expect(options()[0]?.textContent).toMatch(/^Goal 0000/))
    await press(input, 'ArrowDown', true)
    expect(activeName(input)).toBe('Goal 0000')
    await press(input, 'Escape', true)
    expect(input.value).toBe('Goal 00')
  })
})
