/**
 * Where a target's trend chart draws what (TargetTrend.tsx): pure numbers, so that every awkward goal
 * (one check-in, all values equal, start = target, a target that decreases, negative and huge numbers) is
 * tested without a browser. The chart has the values recorded at the goal's check-ins, oldest first, at
 * even steps, the value being typed as the next step, and the start and target as horizontal lines labelled
 * in a column of their own on the right, so a label never lies over the line it explains or over another.
 */

/** A target's value as one check-in recorded it: when (ISO time) and the number. */
export interface TrendPoint {
  at: string
  value: number
}

export interface TrendInput {
  /** The values recorded, in any order: drawn oldest first (by `at`; unreadable times keep their place). */
  points: readonly TrendPoint[]
  from: number | null
  to: number | null
  /** The value being typed, when it reads as a number. */
  next: number | null
  /** Width of the drawing, in CSS pixels (the container's). */
  width: number
  height: number
  /** The labels' font size and how wide a label's text is, both in CSS pixels. */
  fontSize: number
  textWidth: (text: string) => number
  /**
   * The labels' words, most telling first ("Start 10", "Target 100"; then "10", "100"): the first pair
   * that fits in the labels' share of the width is drawn, else the last.
   */
  labelChoices: readonly { from: string; to: string }[]
}

export interface TrendMark {
  x: number
  y: number
}

export interface TrendLabel {
  kind: 'from' | 'to'
  text: string
  /** The line it names, and where its text sits (left edge, vertical centre). */
  lineY: number
  x: number
  y: number
}

export interface TrendGeometry {
  /** The plot's box: lines and points stay in it; labels are right of it. */
  plot: { left: number; right: number; top: number; bottom: number }
  points: TrendMark[]
  next: TrendMark | null
  /** The start and target lines, each at its value's height across the plot. */
  fromY: number | null
  toY: number | null
  labels: TrendLabel[]
}

/** Room around a label's text, and between the plot and the labels' column. */
const LABEL_GAP = 6
/** A label's line height relative to its font size: neighbours never come closer than this. */
const LABEL_LINE = 1.25
/** The largest share of the width the labels may take, so the line keeps the rest. */
const LABEL_SHARE = 0.5
/** Room for a point's mark so it is never cut at the plot's edge. */
const MARK_ROOM = 6

/** The recorded points oldest first; times that cannot be read stay where they were given. */
export function chronological(points: readonly TrendPoint[]): TrendPoint[] {
  return points
    .map((point, index) => ({ point, index, time: Date.parse(point.at) }))
    .sort((a, b) =>
      Number.isNaN(a.time) || Number.isNaN(b.time) || a.time === b.time ? a.index - b.index : a.time - b.time,
    )
    .map(({ point }) => point)
}

/**
 * The values' range with a margin, never empty: a single value (all equal, start = target = every value)
 * gets a margin of its own size (or 1 at zero) so it is drawn in the middle instead of at an edge.
 * Halves are used so that the span of ±1e308 stays finite; the bounds never pass the largest double.
 */
export function valueDomain(values: readonly number[]): { low: number; high: number } {
  const finite = values.filter(Number.isFinite)
  if (finite.length === 0) return { low: -1, high: 1 }
  const min = Math.min(...finite)
  const max = Math.max(...finite)
  const halfSpan = max / 2 - min / 2
  const halfMargin = halfSpan > 0 ? halfSpan * 0.08 : Math.abs(min / 2) * 0.1 || 0.5
  // At the largest doubles the margin has no room left: the values then reach the plot's edge.
  const clamp = (value: number) => Math.min(Number.MAX_VALUE, Math.max(-Number.MAX_VALUE, value))
  return { low: clamp(2 * (min / 2 - halfMargin)), high: clamp(2 * (max / 2 + halfMargin)) }
}

/** A value's height in the plot: `high` at `top`, `low` at `bottom`. */
export function scaleY(value: number, domain: { low: number; high: number }, top: number, bottom: number) {
  const share = (domain.high / 2 - value / 2) / (domain.high / 2 - domain.low / 2)
  return top + share * (bottom - top)
}

/**
 * Label centres at least `gap` apart, each as close to its wish as that allows, all inside [min, max]
 * (as long as they fit at all). For two or three labels: sorted (equal wishes keep their order, the first
 * on top), pushed apart around their middle, then shifted back inside the bounds.
 */
export function spreadLabels(wishes: readonly number[], gap: number, min: number, max: number): number[] {
  const order = wishes.map((wish, index) => ({ wish, index })).sort((a, b) => a.wish - b.wish)
  let placed = order.map((entry) => entry.wish)
  for (let i = 1; i < placed.length; i++) {
    if (placed[i]! - placed[i - 1]! >= gap) continue
    // Push the crowded pair apart around its middle, so both move as little as they can, then make room
    // for it above.
    const middle = (placed[i]! + placed[i - 1]!) / 2
    placed[i - 1] = Math.min(placed[i - 1]!, middle - gap / 2)
    placed[i] = Math.max(placed[i]!, middle + gap / 2)
    for (let j = i - 1; j > 0 && placed[j]! - placed[j - 1]! < gap; j--) placed[j - 1] = placed[j]! - gap
  }
  if (placed.length > 0) {
    const below = Math.max(0, min - placed[0]!)
    placed = placed.map((centre) => centre + below)
    const above = Math.max(0, placed[placed.length - 1]! - max)
    placed = placed.map((centre) => centre - above)
  }
  const result: number[] = new Array<number>(wishes.length)
  order.forEach((entry, i) => (result[entry.index] = placed[i]!))
  return result
}

export function trendGeometry(input: TrendInput): TrendGeometry {
  const { width, height, fontSize } = input
  const points = chronological(input.points)
  const lineHeight = fontSize * LABEL_LINE

  // The target first: labels of equal lines (start = target) keep their order, so the target's is on top.
  const present = (choice: { from: string; to: string }) => [
    ...(input.to === null ? [] : [{ kind: 'to' as const, text: choice.to, value: input.to }]),
    ...(input.from === null ? [] : [{ kind: 'from' as const, text: choice.from, value: input.from }]),
  ]
  const widestOf = (texts: { text: string }[]) => Math.max(0, ...texts.map((l) => input.textWidth(l.text)))
  const room = width * LABEL_SHARE - LABEL_GAP
  const choices = input.labelChoices.map(present)
  const labelTexts = choices.find((texts) => widestOf(texts) <= room) ?? choices[choices.length - 1] ?? []
  const widest = widestOf(labelTexts)
  const labelColumn = labelTexts.length > 0 ? widest + LABEL_GAP : 0

  // Half a line of room above and below, so a label at the top or bottom line is not cut.
  const top = Math.max(MARK_ROOM, lineHeight / 2)
  const bottom = height - top
  const plot = { left: MARK_ROOM, right: Math.max(MARK_ROOM, width - labelColumn - MARK_ROOM), top, bottom }

  const values = [...points.map((p) => p.value), ...labelTexts.map((l) => l.value)]
  if (input.next !== null) values.push(input.next)
  const domain = valueDomain(values)
  const y = (value: number) => scaleY(value, domain, plot.top, plot.bottom)

  const steps = points.length + (input.next !== null ? 1 : 0)
  const x = (step: number) =>
    steps <= 1 ? (plot.left + plot.right) / 2 : plot.left + (step / (steps - 1)) * (plot.right - plot.left)

  const fromY = input.from === null ? null : y(input.from)
  const toY = input.to === null ? null : y(input.to)
  const lineYs = labelTexts.map((label) => y(label.value))
  const centres = spreadLabels(lineYs, lineHeight, lineHeight / 2, height - lineHeight / 2)
  const labels = labelTexts.map((label, i) => ({
    kind: label.kind,
    text: label.text,
    lineY: lineYs[i]!,
    x: width - labelColumn + LABEL_GAP / 2,
    y: centres[i]!,
  }))

  return {
    plot,
    points: points.map((point, i) => ({ x: x(i), y: y(point.value) })),
    next: input.next === null ? null : { x: x(points.length), y: y(input.next) },
    fromY,
    toY,
    labels,
  }
}
