import { describe, expect, it } from 'vitest'
import {
  chronological,
  scaleY,
  spreadLabels,
  trendGeometry,
  valueDomain,
  type TrendInput,
  type TrendPoint,
} from './trend-geometry'

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`
const series = (...values: number[]): TrendPoint[] => values.map((value, i) => ({ at: at(i + 1), value }))

const input = (overrides: Partial<TrendInput>): TrendInput => ({
  points: [],
  from: null,
  to: null,
  next: null,
  width: 300,
  height: 88,
  fontSize: 11,
  // Seven pixels a character: near what an 11-pixel sans-serif draws.
  textWidth: (text) => text.length * 7,
  labelChoices: [
    { from: 'Start', to: 'Target' },
    { from: 'S', to: 'T' },
  ],
  ...overrides,
})

/** Every drawn y inside the plot, every x inside it, every label inside the drawing and clear of another. */
function expectLegible(
  g: ReturnType<typeof trendGeometry>,
  width: number,
  height: number,
  lineHeight: number,
) {
  const marks = [...g.points, ...(g.next ? [g.next] : [])]
  for (const mark of marks) {
    expect(mark.x).toBeGreaterThanOrEqual(g.plot.left)
    expect(mark.x).toBeLessThanOrEqual(g.plot.right)
    expect(mark.y).toBeGreaterThanOrEqual(g.plot.top)
    expect(mark.y).toBeLessThanOrEqual(g.plot.bottom)
    expect(Number.isFinite(mark.x) && Number.isFinite(mark.y)).toBe(true)
  }
  for (const y of [g.fromY, g.toY]) if (y !== null) expect(y).toBeGreaterThanOrEqual(g.plot.top)
  for (const label of g.labels) {
    expect(label.x).toBeGreaterThan(g.plot.right)
    expect(label.x).toBeLessThan(width)
    expect(label.y - lineHeight / 2).toBeGreaterThanOrEqual(-1e-9)
    expect(label.y + lineHeight / 2).toBeLessThanOrEqual(height + 1e-9)
  }
  if (g.labels.length === 2) {
    expect(Math.abs(g.labels[0]!.y - g.labels[1]!.y)).toBeGreaterThanOrEqual(lineHeight - 1e-9)
  }
}

describe('chronological', () => {
  it('orders check-ins oldest first, keeping the given order for equal or unreadable times', () => {
    const points = [
      { at: at(3), value: 3 },
      { at: at(1), value: 1 },
      { at: 'not a time', value: 9 },
      { at: at(1), value: 2 },
    ]
    expect(chronological(points).map((p) => p.value)).toEqual([1, 2, 3, 9])
  })
})

describe('valueDomain', () => {
  it('adds a margin around the values so no mark sits on an edge', () => {
    const { low, high } = valueDomain([10, 110])
    expect(low).toBeCloseTo(2)
    expect(high).toBeCloseTo(118)
  })

  it('opens a single value (all equal, or start = target) around itself', () => {
    expect(valueDomain([50, 50, 50])).toEqual({ low: 45, high: 55 })
    expect(valueDomain([0])).toEqual({ low: -1, high: 1 })
    expect(valueDomain([-20])).toEqual({ low: -22, high: -18 })
  })

  it('stays finite for the largest numbers there are', () => {
    const domain = valueDomain([-Number.MAX_VALUE, Number.MAX_VALUE])
    expect(domain).toEqual({ low: -Number.MAX_VALUE, high: Number.MAX_VALUE })
    expect(scaleY(0, domain, 0, 100)).toBeCloseTo(50)
    expect(scaleY(Number.MAX_VALUE, domain, 0, 100)).toBe(0)
  })
})

describe('spreadLabels', () => {
  it('leaves labels that are apart where they wish to be', () => {
    expect(spreadLabels([10, 60], 14, 7, 81)).toEqual([10, 60])
  })

  it('pushes two crowded labels apart around their middle', () => {
    expect(spreadLabels([40, 44], 14, 7, 81)).toEqual([35, 49])
  })

  it('keeps labels inside the drawing when their lines are at an edge', () => {
    const [a, b] = spreadLabels([2, 1], 14, 7, 81)
    expect(Math.min(a!, b!)).toBe(7)
    expect(Math.abs(a! - b!)).toBe(14)
    const [c, d] = spreadLabels([80, 81], 14, 7, 81)
    expect(Math.max(c!, d!)).toBe(81)
    expect(Math.abs(c! - d!)).toBe(14)
  })

  it('gives each label back in the order it was asked for', () => {
    const [upper, lower] = spreadLabels([60, 20], 14, 7, 81)
    expect(upper).toBe(60)
    expect(lower).toBe(20)
  })
})

describe('trendGeometry', () => {
  it('draws check-ins oldest to newest, left to right, higher values higher', () => {
    const g = trendGeometry(input({ points: series(10, 40, 25), from: 0, to: 100 }))
    expect(g.points.map((p) => p.x)).toEqual([...g.points.map((p) => p.x)].sort((a, b) => a - b))
    expect(g.points[1]!.y).toBeLessThan(g.points[2]!.y)
    expect(g.points[2]!.y).toBeLessThan(g.points[0]!.y)
    expect(g.toY).toBeLessThan(g.fromY!)
    expectLegible(g, 300, 88, 11 * 1.25)
  })

  it('puts the typed value one step after the last check-in, and no point for none', () => {
    const g = trendGeometry(input({ points: series(10, 20), from: 0, to: 100, next: 80 }))
    const step = g.points[1]!.x - g.points[0]!.x
    expect(g.next!.x).toBeCloseTo(g.points[1]!.x + step)
    expect(g.next!.y).toBeLessThan(g.points[1]!.y)
    expect(trendGeometry(input({ points: series(10, 20), from: 0, to: 100 })).next).toBeNull()
  })

  it('moves the next point up as a larger value is typed', () => {
    const low = trendGeometry(input({ points: series(10), from: 0, to: 100, next: 20 }))
    const high = trendGeometry(input({ points: series(10), from: 0, to: 100, next: 90 }))
    expect(high.next!.y).toBeLessThan(low.next!.y)
    expect(high.next!.x).toBe(low.next!.x)
  })

  it('centres a single check-in', () => {
    const g = trendGeometry(input({ points: series(42), from: 0, to: 100 }))
    expect(g.points[0]!.x).toBeCloseTo((g.plot.left + g.plot.right) / 2)
    expectLegible(g, 300, 88, 13.75)
  })

  it('draws equal values as a flat line in the middle', () => {
    const g = trendGeometry(input({ points: series(7, 7, 7), from: 7, to: 7, next: 7 }))
    const ys = new Set([...g.points.map((p) => p.y), g.next!.y, g.fromY, g.toY])
    expect(ys.size).toBe(1)
    expect(g.points[0]!.y).toBeCloseTo((g.plot.top + g.plot.bottom) / 2)
    expectLegible(g, 300, 88, 13.75)
  })

  it('stacks the labels of a start equal to the target, the target above', () => {
    const g = trendGeometry(input({ points: series(5, 9), from: 10, to: 10 }))
    const target = g.labels.find((l) => l.kind === 'to')!
    const start = g.labels.find((l) => l.kind === 'from')!
    expect(target.y).toBeLessThan(start.y)
    expect(target.lineY).toBe(start.lineY)
    expectLegible(g, 300, 88, 13.75)
  })

  it('draws a decreasing target with the target line below the start line', () => {
    const g = trendGeometry(input({ points: series(90, 70, 55), from: 100, to: 20, next: 50 }))
    expect(g.toY).toBeGreaterThan(g.fromY!)
    expect(g.labels.find((l) => l.kind === 'to')!.y).toBeGreaterThan(
      g.labels.find((l) => l.kind === 'from')!.y,
    )
    expectLegible(g, 300, 88, 13.75)
  })

  it('draws negative values and values beyond the start and target inside the plot', () => {
    const g = trendGeometry(input({ points: series(-50, -10, 130), from: 0, to: 100, next: -80 }))
    expect(g.points[2]!.y).toBeLessThan(g.toY!)
    expect(g.next!.y).toBeGreaterThan(g.fromY!)
    expectLegible(g, 300, 88, 13.75)
  })

  it('keeps huge numbers finite and inside the plot', () => {
    const g = trendGeometry(
      input({ points: series(-1e308, 1e308), from: -Number.MAX_VALUE, to: Number.MAX_VALUE, next: 1 }),
    )
    expectLegible(g, 300, 88, 13.75)
  })

  it('with no check-ins draws the start, the target and the typed value alone', () => {
    const g = trendGeometry(input({ points: [], from: 0, to: 100, next: 30 }))
    expect(g.points).toEqual([])
    expect(g.next!.x).toBeCloseTo((g.plot.left + g.plot.right) / 2)
    expect(g.labels.map((l) => l.kind).sort()).toEqual(['from', 'to'])
    expectLegible(g, 300, 88, 13.75)
  })

  it('leaves out the line and label of a start or target the goal does not have', () => {
    const g = trendGeometry(input({ points: series(1, 2), from: null, to: 5 }))
    expect(g.fromY).toBeNull()
    expect(g.labels.map((l) => l.kind)).toEqual(['to'])
  })

  it('falls back to the short labels when the worded ones would take more than half the width', () => {
    const wide = trendGeometry(input({ points: series(1, 2), from: 0, to: 5, width: 300 }))
    expect(wide.labels.map((l) => l.text)).toEqual(['Target', 'Start'])
    const narrow = trendGeometry(input({ points: series(1, 2), from: 0, to: 5, width: 90 }))
    expect(narrow.labels.map((l) => l.text)).toEqual(['T', 'S'])
    expectLegible(narrow, 90, 88, 13.75)
  })

  it('keeps the labels right of the plot, ending inside the drawing', () => {
    const g = trendGeometry(input({ points: series(1, 2), from: 0, to: 5, width: 160 }))
    for (const label of g.labels) expect(label.x + label.text.length * 7).toBeLessThanOrEqual(160)
  })
})
