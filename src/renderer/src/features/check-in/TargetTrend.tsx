import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Target } from '@shared/domain/goals'
import '../../styles/check-in-trend.css'
import type { NumberLocale } from './number-conventions'
import { chronological, trendGeometry, type TrendPoint } from './trend-geometry'
import { trendLabelChoices, trendRows, trendSummary } from './trend-words'

/** The chart's height in CSS pixels: room for both labels and a visible slope, at any zoom. */
const HEIGHT = 88
/** Before the container is measured (the first paint), the width of the popup's target row. */
const FIRST_WIDTH = 320
const FIRST_FONT = { size: 11, family: 'sans-serif' }

let measuringContext: CanvasRenderingContext2D | null | undefined

/** How wide `text` is drawn in `font`; an estimate where there is no canvas to ask. */
function textWidthIn(font: { size: number; family: string }) {
  if (measuringContext === undefined) {
    measuringContext =
      typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null)
  }
  const context = measuringContext
  return (text: string) => {
    if (!context) return text.length * font.size * 0.62
    context.font = `${font.size}px ${font.family}`
    // A pixel of slack: the canvas and the SVG round sub-pixel widths their own ways.
    return Math.ceil(context.measureText(text).width) + 1
  }
}

/** The container's width and the labels' font, followed as the popup is resized or zoomed. */
function useBox() {
  const ref = useRef<HTMLDivElement>(null)
  const [box, setBox] = useState({ width: FIRST_WIDTH, font: FIRST_FONT })
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const style = getComputedStyle(element)
      const width = element.clientWidth
      const size = Number.parseFloat(style.getPropertyValue('--trend-font-size')) || FIRST_FONT.size
      if (width > 0)
        setBox((old) =>
          old.width === width && old.font.size === size && old.font.family === style.fontFamily
            ? old
            : { width, font: { size, family: style.fontFamily } },
        )
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, ...box }
}

/**
 * A target's values over the goal's check-ins, oldest to newest, with the start and the target as lines,
 * and the value being typed as the next point (hollow diamond on a dashed link: it is not recorded yet).
 * The picture is one image to a screen reader, named by a sentence with every figure; the figures are
 * also in a table behind a button. Marks differ by shape and dash, not only colour.
 */
export function TargetTrend({
  target,
  points,
  next,
  locale,
  now,
}: {
  target: Pick<Target, 'name' | 'unit' | 'from' | 'to'>
  /** The values the goal's check-ins recorded for this target, in any order. */
  points: readonly TrendPoint[]
  /** The value being typed, when it reads as a number; null draws no next point. */
  next: number | null
  locale: NumberLocale
  /** For the table's times ("10:42" today, "Mar 9, 10:42" before); the current time by default. */
  now?: Date
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const { ref, width, font } = useBox()
  const sorted = useMemo(() => chronological(points), [points])
  const { from, to, name, unit } = target

  const geometry = useMemo(
    () =>
      trendGeometry({
        points: sorted,
        from,
        to,
        next,
        width,
        height: HEIGHT,
        fontSize: font.size,
        textWidth: textWidthIn(font),
        labelChoices: trendLabelChoices(from, to, locale),
      }),
    [sorted, from, to, next, width, font, locale],
  )
  const summary = trendSummary({ name, unit, points: sorted, from, to, next, numbers: locale })
  const rows = trendRows({ unit, points: sorted, from, to, next, numbers: locale, now: now ?? new Date() })
  const { plot } = geometry
  const last = geometry.points.at(-1)
  const path = geometry.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ')

  return (
    <div className="ci-trend" ref={ref}>
      <svg
        className="ci-trend__chart"
        role="img"
        aria-label={summary}
        width="100%"
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
      >
        {geometry.fromY !== null ? (
          <line
            className="ci-trend__from"
            x1={plot.left}
            x2={plot.right}
            y1={geometry.fromY}
            y2={geometry.fromY}
          />
        ) : null}
        {geometry.toY !== null ? (
          <line className="ci-trend__to" x1={plot.left} x2={plot.right} y1={geometry.toY} y2={geometry.toY} />
        ) : null}
        {geometry.points.length > 1 ? <path className="ci-trend__line" d={path} /> : null}
        {last && geometry.next ? (
          <line
            className="ci-trend__next-link"
            x1={last.x}
            y1={last.y}
            x2={geometry.next.x}
            y2={geometry.next.y}
          />
        ) : null}
        {geometry.points.map((p, i) => (
          <circle key={i} className="ci-trend__point" cx={p.x} cy={p.y} r={3} />
        ))}
        {geometry.next ? (
          <path
            className="ci-trend__next"
            data-x={geometry.next.x}
            data-y={geometry.next.y}
            d={`M${geometry.next.x},${geometry.next.y - 5} l5,5 l-5,5 l-5,-5 Z`}
          />
        ) : null}
        {geometry.labels.map((label) => (
          <text
            key={label.kind}
            className={`ci-trend__label ci-trend__label--${label.kind}`}
            x={label.x}
            y={label.y}
            dominantBaseline="central"
          >
            {label.text}
          </text>
        ))}
      </svg>
      <div className="ci-trend__footer">
        {sorted.length === 0 ? <span className="ci-trend__empty">No check-ins yet</span> : null}
        <button
          type="button"
          className="ci-trend__toggle"
          aria-expanded={open}
          aria-controls={`${id}-figures`}
          onClick={() => setOpen((was) => !was)}
        >
          {name} in figures
        </button>
      </div>
      <table id={`${id}-figures`} className="ci-trend__table" hidden={!open}>
        <caption className="ci-trend__caption">{name}, check-in by check-in</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className={`ci-trend__row--${row.kind}`}>
              <th scope="row">{row.when}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
