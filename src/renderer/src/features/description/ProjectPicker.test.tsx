// @vitest-environment jsdom
// The project picker at a thousand projects draws only the rows on screen (jsdom with a stand-in for the
// popup's layout): the keyboard still reaches every row, in order, as when all were in the page. A row
// not drawn is drawn first and then focused.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import type { ProjectSummary } from '@shared/domain/projects'
import { PopupLayout } from '../../app/PopupLayout'
import { installListLayout } from '../../app/test-support/list-layout'
import { typeInto } from '../../app/test-support/type-into'
import { projectsQueryKey } from '../../bridge/projects'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import { ProjectPicker } from './ProjectPicker'

// Every drawn row says its project's status in words: those calls count the rows' renders.
const statuses = vi.hoisted(() => ({ said: 0 }))
vi.mock('./project-display', async (importOriginal) => {
  const real = await importOriginal<typeof import('./project-display')>()
  return {
    ...real,
    statusLabel: (status: Parameters<typeof real.statusLabel>[0]) => {
      statuses.said++
      return real.statusLabel(status)
    },
  }
})

const MINE = 3
const projects: ProjectSummary[] = Array.from({ length: 1000 }, (_, i) => ({
  id: `project-${String(i).padStart(4, '0')}`,
  name: `Project ${String(i).padStart(4, '0')}`,
  spaceName: 'Engineering',
  status: 'on_track',
  isMine: i < MINE,
  canEdit: true,
}))

let rendered: Rendered | null = null
let removeLayout: (() => void) | null = null
const opened: string[] = []

beforeEach(() => {
  removeLayout = installListLayout()
  opened.length = 0
})

afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  removeLayout?.()
  removeLayout = null
})

/** The picker over the projects; `firstScreen`: only the first screen of them is in yet (issue 23). */
async function renderPicker(firstScreen = false, list = projects): Promise<void> {
  const client = new QueryClient()
  client.setQueryData(projectsQueryKey, {
    projects: firstScreen ? list.slice(0, FIRST_SCREEN_ROWS) : list,
    rest: firstScreen ? { readId: '00000000-0000-4000-8000-000000000000', count: projects.length } : null,
    fetchedAt: new Date().toISOString(),
    fromCache: false,
    lastError: null,
  })
  rendered = await render(
    <QueryClientProvider client={client}>
      <PopupLayout>
        <ProjectPicker canWrite={true} leftWithDraft={null} onOpen={(id) => opened.push(id)} />
      </PopupLayout>
    </QueryClientProvider>,
  )
}

const rowButtons = () => [...rendered!.container.querySelectorAll<HTMLButtonElement>('.project-row')]
const focusedName = () =>
  (document.activeElement as HTMLElement | null)?.querySelector('.project-row__name')?.textContent
const press = (key: string, shiftKey = false, isComposing = false) =>
  act(async () => {
    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key, shiftKey, isComposing, bubbles: true, cancelable: true }),
    )
  })

describe('the project picker at a thousand projects', () => {
  it('marks the drawn rows "View only" as the answers about their rights come', async () => {
    const asked: string[][] = []
    ;(window as { operately?: unknown }).operately = {
      projects: {
        editRights: ({ ids }: { ids: string[] }) => {
          asked.push(ids)
          return Promise.resolve({ ok: true, value: { rights: ids.map((id) => ({ id, canEdit: false })) } })
        },
      },
    }
    try {
      await renderPicker(
        false,
        projects.map((project) => ({ ...project, isMine: false, canEdit: null })),
      )
      await waitFor(() => expect(rowButtons()[0]?.textContent).toContain('View only'))
      expect(rowButtons().every((button) => button.textContent!.includes('View only'))).toBe(true)
      expect(asked).toHaveLength(1)
    } finally {
      delete (window as { operately?: unknown }).operately
    }
  })

  it('a letter typed redraws the filter at once and the rows only when the list follows it', async () => {
    await renderPicker()
    const input = rendered!.container.querySelector<HTMLInputElement>('input[type="search"]')!
    const before = rowButtons().map((button) => button.textContent)
    statuses.said = 0
    // The key's own render, alone: the list follows a task later (after the frame, in the browser).
    act(() => typeInto(input, 'Project 0900'))
    expect(input.value).toBe('Project 0900')
    expect(statuses.said).toBe(0)
    expect(rowButtons().map((button) => button.textContent)).toEqual(before)
    // Then the list follows (a task later; how much later depends on the machine's load).
    await waitFor(() =>
      expect(rowButtons().map((button) => button.querySelector('.project-row__name')?.textContent)).toEqual([
        'Project 0900',
      ]),
    )
    expect(statuses.said).toBeGreaterThan(0)
  })

  it('draws a screen of rows, each list item placed in its group', async () => {
    await renderPicker()
    expect(rowButtons().length).toBeGreaterThan(5)
    expect(rowButtons().length).toBeLessThan(40)
    const sections = [...rendered!.container.querySelectorAll('section[aria-label]')]
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Your projects',
      'Other projects',
    ])
    const firstOther = sections[1]!.querySelector('li')!
    expect(firstOther.getAttribute('aria-posinset')).toBe('1')
    expect(firstOther.getAttribute('aria-setsize')).toBe(String(1000 - MINE))
  })

  it('moves the focus by arrow keys and Tab to rows that were not drawn, and Enter on one opens it', async () => {
    await renderPicker()
    const filter = rendered!.container.querySelector<HTMLInputElement>('input[type="search"]')!
    await act(async () => filter.focus())
    await press('ArrowDown')
    expect(focusedName()).toBe('Project 0000')
    // Down and Tab walk on through every row, across the groups, past what was first drawn.
    for (let i = 0; i < 30; i++) await press('ArrowDown')
    expect(focusedName()).toBe('Project 0030')
    for (let i = 0; i < 30; i++) await press('Tab')
    expect(focusedName()).toBe('Project 0060')
    // Still a screen of rows or so, not all that were passed.
    expect(rowButtons().length).toBeLessThan(40)
    await press('Tab', true)
    expect(focusedName()).toBe('Project 0059')
    await press('ArrowUp')
    expect(focusedName()).toBe('Project 0058')
    await act(async () => (document.activeElement as HTMLButtonElement).click())
    expect(opened).toEqual(['project-0058'])
  })
})

describe('the project picker, back in its filter', () => {
  it('Down from the filter focuses the first row every time, not only the first time', async () => {
    await renderPicker()
    const filter = rendered!.container.querySelector<HTMLInputElement>('input[type="search"]')!
    await act(async () => filter.focus())
    await press('ArrowDown')
    expect(focusedName()).toBe('Project 0000')
    // Shift+Tab from the first row leaves the list for the filter (the browser moves the focus).
    await act(async () => filter.focus())
    await press('ArrowDown')
    expect(focusedName()).toBe('Project 0000')
  })
})

describe('the project picker’s filter and Escape', () => {
  it('clears the text, and keeps the key from hiding the popup; an empty filter lets it through', async () => {
    await renderPicker()
    const input = rendered!.container.querySelector<HTMLInputElement>('input[type="search"]')!
    await act(async () => input.focus())
    act(() => typeInto(input, 'Project 0900'))
    await waitFor(() => expect(rowButtons()).toHaveLength(1))
    const escape = () => new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    const first = escape()
    await act(async () => input.dispatchEvent(first))
    // Used up (the popup's Escape handler leaves a used key alone), and the filter is empty again.
    expect(first.defaultPrevented).toBe(true)
    expect(input.value).toBe('')
    await waitFor(() => expect(rowButtons().length).toBeGreaterThan(5))
    const second = escape()
    await act(async () => input.dispatchEvent(second))
    expect(second.defaultPrevented).toBe(false)
  })
})

describe('the project picker before the rest of the projects is in', () => {
  it('gives the size of a group only when the first screen holds all of it', async () => {
    await renderPicker(true)
    const [mine, others] = [...rendered!.container.querySelectorAll('section[aria-label]')]
    // The person's own projects all came first: that group is whole.
    expect(mine!.querySelector('li')!.getAttribute('aria-setsize')).toBe(String(MINE))
    // 37 of 997 others are in: "1 of 37" would say the list ends at the 37th.
    expect(others!.querySelector('li')!.getAttribute('aria-posinset')).toBe('1')
    expect(others!.querySelector('li')!.getAttribute('aria-setsize')).toBe('-1')
  })
})

// An input method composes a word in the filter with the same keys: Enter takes the word chosen, the
// arrows walk its candidates. Neither is the list's while a word is being composed (isComposing says so).
describe('the project picker while a word is being composed', () => {
  it('Enter that takes the composed word opens no project, and Down keeps the focus in the filter', async () => {
    await renderPicker()
    const input = rendered!.container.querySelector<HTMLInputElement>('input[type="search"]')!
    act(() => typeInto(input, 'Project 0900'))
    await waitFor(() => expect(rowButtons()).toHaveLength(1))
    await press('Enter', false, true)
    expect(opened).toEqual([])
    await press('ArrowDown', false, true)
    expect(document.activeElement).toBe(input)
    await press('Enter')
    expect(opened).toEqual(['project-0900'])
  })
})
