import type { CDPSession } from 'playwright-core'

/**
 * A V8 heap snapshot (the `.heapsnapshot` JSON that DevTools reads), taken over CDP and read just enough
 * to compare two of them: every node's type, name, id and self size, and the edges between nodes.
 * Used by heap-diff.ts; the format is described by the snapshot's own `meta` block.
 */

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[]
      node_types: [string[], ...unknown[]]
      edge_fields: string[]
      edge_types: [string[], ...unknown[]]
    }
  }
  nodes: number[]
  edges: number[]
  strings: string[]
}

export interface HeapSnapshot {
  /** Number of nodes; node `i` is described by the arrays below at index `i`. */
  count: number
  type: string[]
  name: string[]
  id: Float64Array
  selfSize: Float64Array
  /** Edges of node `i` are `edgeTo[firstEdge[i] .. firstEdge[i + 1])`. */
  firstEdge: Uint32Array
  edgeTo: Uint32Array
  edgeType: string[]
  edgeName: string[]
}

/** Takes a snapshot of the page's heap (after whatever GC the caller asked for) and returns it as text. */
export async function takeSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  }
  return chunks.join('')
}

export function readSnapshot(text: string): HeapSnapshot {
  const raw = JSON.parse(text) as RawSnapshot
  const { meta } = raw.snapshot
  const nodeFieldCount = meta.node_fields.length
  const edgeFieldCount = meta.edge_fields.length
  const field = (fields: string[], name: string) => {
    const at = fields.indexOf(name)
    if (at === -1) throw new Error(`heap snapshot without a "${name}" field`)
    return at
  }
  const nType = field(meta.node_fields, 'type')
  const nName = field(meta.node_fields, 'name')
  const nId = field(meta.node_fields, 'id')
  const nSize = field(meta.node_fields, 'self_size')
  const nEdges = field(meta.node_fields, 'edge_count')
  const eType = field(meta.edge_fields, 'type')
  const eName = field(meta.edge_fields, 'name_or_index')
  const eTo = field(meta.edge_fields, 'to_node')
  const nodeTypes = meta.node_types[0]
  const edgeTypes = meta.edge_types[0]

  const count = raw.nodes.length / nodeFieldCount
  const edgeCount = raw.edges.length / edgeFieldCount
  const snapshot: HeapSnapshot = {
    count,
    type: new Array<string>(count),
    name: new Array<string>(count),
    id: new Float64Array(count),
    selfSize: new Float64Array(count),
    firstEdge: new Uint32Array(count + 1),
    edgeTo: new Uint32Array(edgeCount),
    edgeType: new Array<string>(edgeCount),
    edgeName: new Array<string>(edgeCount),
  }
  let edge = 0
  for (let i = 0; i < count; i++) {
    const base = i * nodeFieldCount
    snapshot.type[i] = nodeTypes[raw.nodes[base + nType]!]!
    snapshot.name[i] = raw.strings[raw.nodes[base + nName]!]!
    snapshot.id[i] = raw.nodes[base + nId]!
    snapshot.selfSize[i] = raw.nodes[base + nSize]!
    snapshot.firstEdge[i] = edge
    edge += raw.nodes[base + nEdges]!
  }
  snapshot.firstEdge[count] = edge
  for (let e = 0; e < edgeCount; e++) {
    const base = e * edgeFieldCount
    const type = edgeTypes[raw.edges[base + eType]!]!
    const nameOrIndex = raw.edges[base + eName]!
    snapshot.edgeType[e] = type
    // Elements and hidden edges are named by an index, the others by a string.
    snapshot.edgeName[e] =
      type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : raw.strings[nameOrIndex]!
    snapshot.edgeTo[e] = raw.edges[base + eTo]! / nodeFieldCount
  }
  return snapshot
}

/**
 * Walks the snapshot breadth first from its root along strong edges (weak ones keep nothing alive),
 * entering a node only when `enter(node)` agrees, and calls `reached(node, from, edge)` once per node
 * entered (`from` and `edge` are -1 for the root). Breadth first, so each node is reached on a shortest path.
 */
function walkFromRoot(
  snapshot: HeapSnapshot,
  enter: (node: number) => boolean,
  reached: (node: number, from: number, edge: number) => void,
): void {
  const seen = new Uint8Array(snapshot.count)
  const queue = new Uint32Array(snapshot.count)
  let head = 0
  let tail = 0
  queue[tail++] = 0
  seen[0] = 1
  reached(0, -1, -1)
  while (head < tail) {
    const node = queue[head++]!
    for (let e = snapshot.firstEdge[node]!; e < snapshot.firstEdge[node + 1]!; e++) {
      if (snapshot.edgeType[e] === 'weak') continue
      const to = snapshot.edgeTo[e]!
      if (seen[to] || !enter(to)) continue
      seen[to] = 1
      reached(to, node, e)
      queue[tail++] = to
    }
  }
}

/**
 * For each node, the node and edge that retain it on a shortest path from the snapshot's root, ignoring
 * weak edges (they keep nothing alive). -1 for the root and for nodes only weakly reachable.
 */
export function shortestRetainers(snapshot: HeapSnapshot): { from: Int32Array; via: Int32Array } {
  const from = new Int32Array(snapshot.count).fill(-1)
  const via = new Int32Array(snapshot.count).fill(-1)
  walkFromRoot(
    snapshot,
    () => true,
    (node, retainer, edge) => {
      from[node] = retainer
      via[node] = edge
    },
  )
  return { from, via }
}

/**
 * Not the page's: the browser's own buffers (performance-timeline entries, capped by the browser and filled
 * by every click and frame; what DevTools keeps of network requests while the bench is attached) and V8's
 * own tables (its number-to-text cache, its lists of code depending on each hidden class).
 */
const NOT_THE_PAGES =
  /^(Performance\w*Timing|PerformanceEntry|LargestContentfulPaint|InteractionContentfulPaint|blink::NetworkResourcesData|system \/ DoubleStringCache$|system \/ WeakArrayList$)/

/** Node types that are V8's, not the page's: compiled code and its caches, hidden classes. */
const ENGINE_TYPES = new Set(['code', 'object shape'])

/**
 * The page's own objects in a snapshot, in bytes: everything reachable from the snapshot's root without
 * passing through V8's compiled code and its caches (node type `code`: bytecode, machine code, feedback
 * vectors, allocation sites), its hidden classes, or the buffers and tables above, and without counting
 * those. What the engine keeps to run the page faster grows as more of it gets optimised, and it may hold
 * on to an object it saw last (an allocation site keeps its first literal); neither is something the page
 * keeps.
 */
export function pageObjectBytes(snapshot: HeapSnapshot): number {
  const thePages = (node: number) =>
    !ENGINE_TYPES.has(snapshot.type[node]!) &&
    !(snapshot.type[node] === 'native' && NOT_THE_PAGES.test(snapshot.name[node]!))
  let bytes = 0
  walkFromRoot(snapshot, thePages, (node) => {
    bytes += snapshot.selfSize[node]!
  })
  return bytes
}
