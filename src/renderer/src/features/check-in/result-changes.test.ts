import { describe, expect, it } from 'vitest'
import type { CheckInResult } from '@shared/domain/check-ins'
import { changeLines } from './result-changes'

const result = (overrides: Partial<CheckInResult> = {}): CheckInResult => ({
  id: '2026-03-10-Xy12',
  goalId: 'ship-kHLABHdtjTkzZF2eK502u',
  goalName: 'Ship the engine',
  status: 'caution',
  previousStatus: 'on_track',
  message: '{"type":"doc","content":[]}',
  insertedAt: '2026-03-10T12:00:00Z',
  targetChanges: [
    { id: 'tA', name: 'Revenue', unit: '€', previousValue: 1000, value: 1200.5, from: 0, to: 5000 },
  ],
  checklist: [],
  checklistChanges: [
    { id: 'c1', name: 'Security review', completed: true },
    { id: 'c2', name: 'Pricing page', completed: false },
  ],
  dueDate: { dateType: 'month', date: '2026-06-30', value: 'Jun 2026' },
  previousDueDate: { dateType: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
  changesKnown: true,
  webUrl: null,
  recovered: false,
  ...overrides,
})

const plain = (lines: ReturnType<typeof changeLines>) => lines.map(({ what, from, to }) => [what, from, to])

describe('what a check-in changed', () => {
  it('says each change from old to new, numbers the person’s way', () => {
    expect(plain(changeLines(result(), 'de-DE'))).toEqual([
      ['Status', 'On track', 'Caution'],
      ['Due date', 'Mar 31, 2026 · end of Q1 2026', 'Jun 30, 2026 · end of June 2026'],
      ['Revenue', '1.000 €', '1.200,5 €'],
      ['Security review', 'Not done', 'Done'],
      ['Pricing page', 'Done', 'Not done'],
    ])
  })

  it('always says status and due date, without an old value when they stayed', () => {
    const same = result({
      status: 'on_track',
      previousStatus: 'on_track',
      previousDueDate: { dateType: 'month', date: '2026-06-30', value: 'Jun 2026' },
      targetChanges: [],
      checklistChanges: [],
    })
    expect(plain(changeLines(same, 'en-US'))).toEqual([
      ['Status', null, 'On track'],
      ['Due date', null, 'Jun 30, 2026 · end of June 2026'],
    ])
  })

  it('says a removed due date and a first status plainly', () => {
    const lines = changeLines(result({ dueDate: null, previousStatus: 'pending' }), 'en-US')
    expect(plain(lines).slice(0, 2)).toEqual([
      ['Status', 'Pending', 'Caution'],
      ['Due date', 'Mar 31, 2026 · end of Q1 2026', 'No due date'],
    ])
  })
})
