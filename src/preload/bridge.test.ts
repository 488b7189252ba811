import { describe, expect, it } from 'vitest'
import type { OperationName } from '@shared/contract'
import { buildBridge } from './bridge'

describe('buildBridge', () => {
  it('groups operations by area, whatever the list holds', async () => {
    const sent: [string, unknown][] = []
    const names = ['goals.list', 'goals.checkIn', 'session.get'] as unknown as OperationName[]
    const bridge = buildBridge(
      names,
      (name) => `ch:${name}`,
      async (channel, input) => void sent.push([channel, input]),
    ) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>
    expect(Object.keys(bridge)).toEqual(['goals', 'session'])
    expect(Object.keys(bridge['goals'] ?? {})).toEqual(['list', 'checkIn'])
    await bridge['goals']?.['checkIn']?.({ goalId: 'g1' })
    expect(sent).toEqual([['ch:goals.checkIn', { goalId: 'g1' }]])
  })

  it('refuses an operation name that is not "area.operation"', () => {
    const bad = ['nodot', 'a.b.c'] as unknown as OperationName[]
    for (const name of bad)
      expect(() => buildBridge([name], String, async () => null)).toThrow(/area\.operation/)
  })
})
