// @vitest-environment jsdom
// The settings switch rendered by React into jsdom, with react-query's real client and a bridge whose
// answer the test releases: what a person sees between the click and main's answer.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { OperatelyBridge } from '@shared/contract'
import { render, waitFor, type Rendered } from '../../editor/test-support/render'
import type { SettingsView } from '../../bridge/settings'
import { SettingSwitch } from './SettingSwitch'

const view: SettingsView = {
  values: {
    serverUrl: null,
    autoUpdate: true,
    updateFeedUrl: null,
    startAtLogin: false,
    keepOpenOnBlur: false,
    globalShortcut: '',
    reminders: true,
  },
  locked: [],
  sources: {
    serverUrl: 'default',
    autoUpdate: 'default',
    updateFeedUrl: 'default',
    startAtLogin: 'default',
    keepOpenOnBlur: 'default',
    globalShortcut: 'default',
    reminders: 'default',
  },
  startAtLoginAvailable: true,
  policyWarnings: [],
}

type Answer = Awaited<ReturnType<OperatelyBridge['settings']['update']>>

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  delete (window as { operately?: unknown }).operately
})

/** A bridge whose settings.update waits until the test answers it. */
function holdingBridge() {
  const calls: { patch: unknown; answer: (value: Answer) => void }[] = []
  const bridge = {
    settings: {
      update: (patch: unknown) => new Promise<Answer>((answer) => calls.push({ patch, answer })),
    },
  }
  Object.defineProperty(window, 'operately', { value: bridge, configurable: true })
  return calls
}

async function renderSwitch() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  client.setQueryData(['settings'], view)
  rendered = await render(
    <QueryClientProvider client={client}>
      <SettingSwitch settings={view} settingKey="keepOpenOnBlur" label="Keep the popup open" />
    </QueryClientProvider>,
  )
  return rendered.container.querySelector<HTMLInputElement>('input[role="switch"]')!
}

describe('SettingSwitch', () => {
  it('shows the new position from the click itself, busy, and ignores presses until main answers', async () => {
    const calls = holdingBridge()
    const input = await renderSwitch()

    act(() => input.click())
    // No timer has run yet: the switch must not spring back while react-query gets round to it.
    expect(input.checked).toBe(true)
    expect(input.getAttribute('aria-busy')).toBe('true')

    act(() => input.click())
    expect(input.checked).toBe(true)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.patch).toEqual({ keepOpenOnBlur: true })

    await act(async () =>
      calls[0]!.answer({ ok: true, value: { ...view, values: { ...view.values, keepOpenOnBlur: true } } }),
    )
    await waitFor(() => expect(input.hasAttribute('aria-busy')).toBe(false))
    expect(calls).toHaveLength(1)
  })

  it('goes back to where it was, and says why, when main refuses', async () => {
    const calls = holdingBridge()
    const input = await renderSwitch()

    act(() => input.click())
    await waitFor(() => expect(calls).toHaveLength(1))
    await act(async () =>
      calls[0]!.answer({
        ok: false,
        error: { kind: 'invalid_input', message: 'Managed by your organisation.' },
      }),
    )
    await waitFor(() => expect(input.hasAttribute('aria-busy')).toBe(false))
    expect(input.checked).toBe(false)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(rendered!.container.textContent).toContain('Managed by your organisation.')
  })
})
