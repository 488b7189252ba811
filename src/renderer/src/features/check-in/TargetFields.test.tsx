// @vitest-environment jsdom
// The targets' trends in the check-in form: shown only when the form is given the goal's history, one per
// target (a target with nothing recorded says so), with the value in the field as the next point.
import { act } from 'react'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import type { Target } from '@shared/domain/goals'
import { render, type Rendered } from '../../editor/test-support/render'
import { targetText, type CheckInFormValues } from './form-values'
import { TargetFields } from './TargetFields'
import type { TrendPoint } from './trend-geometry'

// jsdom has no canvas to measure text with (it says so as an error): the chart then estimates widths.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext

const targets: Target[] = [
  { id: 'tA', name: 'Weekly active teams', from: 40, to: 120, unit: 'teams', value: 72, index: 0 },
  { id: 'tB', name: 'p95 page load', from: 3.2, to: 1.5, unit: 's', value: null, index: 1 },
]

function Fields({ history }: { history?: Record<string, TrendPoint[]> }) {
  const form = useForm<CheckInFormValues>({
    defaultValues: {
      status: '',
      targets: targets.map((t) => ({ id: t.id, value: targetText(t.value, 'en-US') })),
      checklist: [],
      notify: { mode: 'everyone', personIds: [] },
    },
  })
  return (
    <TargetFields
      targets={targets}
      form={form}
      locale="en-US"
      errors={undefined}
      areaError={undefined}
      history={history}
    />
  )
}

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
})

const charts = (container: HTMLElement) => [...container.querySelectorAll('svg[role="img"]')]

describe('TargetFields with and without history', () => {
  it('draws no trend without the history prop, as before', async () => {
    rendered = await render(<Fields />)
    expect(charts(rendered.container)).toEqual([])
    expect(rendered.container.textContent).not.toContain('in figures')
  })

  it('draws one trend per target given the history, the field’s value as the next point', async () => {
    const history = {
      tA: [
        { at: '2026-03-09T09:00:00Z', value: 64 },
        { at: '2026-03-02T09:00:00Z', value: 50 },
      ],
    }
    rendered = await render(<Fields history={history} />)
    const [teams, load] = charts(rendered.container)
    expect(teams?.getAttribute('aria-label')).toBe(
      'Weekly active teams: 2 check-ins, from 50 teams to 64 teams, start 40 teams, target 120 teams, this check-in 72 teams',
    )
    // Nothing recorded and nothing in the field: start and target alone.
    expect(load?.getAttribute('aria-label')).toBe(
      'p95 page load: no check-ins yet, start 3.2 s, target 1.5 s',
    )
    expect(rendered.container.textContent).toContain('No check-ins yet')
    expect(teams?.querySelectorAll('.ci-trend__next')).toHaveLength(1)
    expect(load?.querySelectorAll('.ci-trend__next')).toHaveLength(0)

    const field = rendered.container.querySelector<HTMLInputElement>('input[name="targets.1.value"]')!
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      setValue.call(field, '2.1')
      field.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(charts(rendered.container)[1]?.getAttribute('aria-label')).toBe(
      'p95 page load: no check-ins yet, start 3.2 s, target 1.5 s, this check-in 2.1 s',
    )
  })
})
