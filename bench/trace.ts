import type { CDPSession } from 'playwright-core'

/**
 * A Chrome trace of the page's renderer, read as main-thread time: wall time (what a person waits) and
 * thread CPU time (what the work costs, whatever else the machine is doing: on a shared machine the wall
 * time of the same work varies severalfold, its CPU time much less).
 */

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: Record<string, unknown>
}

const timelineCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'blink',
]

/** Starts tracing the browser; the returned function stops it and resolves with every event. */
export async function startTrace(
  cdp: CDPSession,
  extraCategories: string[] = [],
): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (data) => {
    for (const event of data.value as unknown as TraceEvent[]) events.push(event)
  })
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [...timelineCategories, ...extraCategories],
      recordMode: 'recordAsMuchAsPossible',
    },
  })
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.end')
    await complete
    return events
  }
}

export interface ThreadTime {
  /** Top-level tasks on the renderer's main thread: wall and CPU milliseconds. */
  wallMs: number
  cpuMs: number
  /** Self time per trace event name (time inside it and not inside a nested event), ms. */
  selfWall: Map<string, number>
  selfCpu: Map<string, number>
}

interface Span {
  name: string
  start: number
  end: number
  cpu: number
}

/**
 * Main-thread time of the page: the renderer main thread with the most work in the trace (the page
 * being measured; other tabs idle). Only complete events (ph X) count: Chromium writes its tasks, script,
 * style, layout and paint that way.
 */
export function mainThreadTime(events: readonly TraceEvent[]): ThreadTime {
  const mains = new Set<string>()
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      mains.add(`${event.pid}:${event.tid}`)
  }
  const spansByThread = new Map<string, Span[]>()
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`
    if (event.ph !== 'X' || event.dur === undefined || !mains.has(key)) continue
    const spans = spansByThread.get(key) ?? []
    spansByThread.set(key, spans)
    spans.push({ name: event.name, start: event.ts, end: event.ts + event.dur, cpu: event.tdur ?? event.dur })
  }
  let best: ThreadTime | null = null
  for (const spans of spansByThread.values()) {
    const time = threadTime(spans)
    if (!best || time.wallMs > best.wallMs) best = time
  }
  return best ?? { wallMs: 0, cpuMs: 0, selfWall: new Map(), selfCpu: new Map() }
}

function threadTime(spans: Span[]): ThreadTime {
  spans.sort((a, b) => a.start - b.start || b.end - a.end)
  const selfWall = new Map<string, number>()
  const selfCpu = new Map<string, number>()
  const stack: Array<Span & { childWall: number; childCpu: number }> = []
  let wall = 0
  let cpu = 0
  const add = (map: Map<string, number>, name: string, us: number) =>
    map.set(name, (map.get(name) ?? 0) + Math.max(0, us) / 1000)
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const top = stack.pop()!
      add(selfWall, top.name, top.end - top.start - top.childWall)
      add(selfCpu, top.name, top.cpu - top.childCpu)
      const parent = stack.at(-1)
      if (parent) {
        parent.childWall += top.end - top.start
        parent.childCpu += top.cpu
      } else {
        wall += top.end - top.start
        cpu += top.cpu
      }
    }
  }
  for (const span of spans) {
    close(span.start)
    // A nested event reaching past its parent's end (clock rounding) is clipped to it.
    const parent = stack.at(-1)
    stack.push({
      ...span,
      end: parent ? Math.min(span.end, parent.end) : span.end,
      cpu: parent ? Math.min(span.cpu, parent.cpu) : span.cpu,
      childWall: 0,
      childCpu: 0,
    })
  }
  close(Number.POSITIVE_INFINITY)
  return { wallMs: wall / 1000, cpuMs: cpu / 1000, selfWall, selfCpu }
}

/** The biggest entries of a self-time map, largest first. */
export function largest(map: Map<string, number>, count: number): Array<[string, number]> {
  return [...map].sort((a, b) => b[1] - a[1]).slice(0, count)
}

/** Sum of the self times whose names match. */
export function sumOf(map: Map<string, number>, test: (name: string) => boolean): number {
  let total = 0
  for (const [name, ms] of map) if (test(name)) total += ms
  return total
}
