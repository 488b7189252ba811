#!/usr/bin/env node
// Draws the tray icons and the app icon as PNG files, with nothing but Node built-ins, so the artwork is
// reproducible from source: `node scripts/make-tray-icons.mjs [--out <dir>]` (default: build/).
//
// The mark is a target — a ring around a dot — for a goals app:
//   tray-<size>[@2x].png            colour icon for Windows and Linux trays, readable on light and dark bars
//   tray-attention-<size>[@2x].png  the same with an amber badge: not signed in / needs attention
//   trayTemplate[@2x].png           black-and-alpha macOS template (the system tints it for the menu bar)
//   trayAttentionTemplate[@2x].png  the template with a badge
//   tray-count-<n>-<size>[@2x].png  due check-ins on Windows and Linux: a red badge with 1…9, or 9+ (n = 9plus)
//   tray-offline-<size>[@2x].png    offline: the mark in grey
//   trayOfflineTemplate[@2x].png    offline on macOS: the template dimmed (macOS shows the count as title text)
//   icon.png                        512 px app icon for installers
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'

const brand = [59, 91, 219] // indigo-blue
const brandDark = [45, 67, 170]
const white = [255, 255, 255]
const amber = [245, 158, 11]
const black = [0, 0, 0]
const red = [220, 38, 38]
const grey = [128, 134, 144]

// ---------------------------------------------------------------------------------------------------
// Shapes as signed distance functions in unit space (0..1 across the image); negative inside.
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r
const ring = (cx, cy, r, thickness) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - thickness / 2
/** A line from (ax, ay) to (bx, by) with round ends, `thickness` wide. */
const capsule = (ax, ay, bx, by, thickness) => (x, y) => {
  const [dx, dy] = [bx - ax, by - ay]
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)))
  return Math.hypot(x - ax - t * dx, y - ay - t * dy) - thickness / 2
}
const union =
  (...shapes) =>
  (x, y) =>
    Math.min(...shapes.map((shape) => shape(x, y)))
const roundedSquare = (inset, radius) => (x, y) => {
  const half = 0.5 - inset
  const qx = Math.abs(x - 0.5) - (half - radius)
  const qy = Math.abs(y - 0.5) - (half - radius)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius
}

/** Coverage of a pixel by a shape: a one-pixel-wide anti-aliased edge. */
const coverage = (sdf, x, y, size) => Math.min(1, Math.max(0, 0.5 - sdf(x, y) * size))

/**
 * Renders layers bottom to top. A layer is { shape, color | colorAt(x, y) } painted over what is below,
 * or { cut: shape } which erases what is below (used to give the badge a transparent gap).
 */
function render(size, layers) {
  const rgba = new Float64Array(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / size
      const y = (py + 0.5) / size
      const i = (py * size + px) * 4
      let [r, g, b, a] = [0, 0, 0, 0]
      for (const layer of layers) {
        if (layer.cut) {
          a *= 1 - coverage(layer.cut, x, y, size)
          continue
        }
        const alpha = coverage(layer.shape, x, y, size) * (layer.opacity ?? 1)
        if (alpha === 0) continue
        const color = layer.colorAt ? layer.colorAt(x, y) : layer.color
        const out = alpha + a * (1 - alpha)
        r = (color[0] * alpha + r * a * (1 - alpha)) / out
        g = (color[1] * alpha + g * a * (1 - alpha)) / out
        b = (color[2] * alpha + b * a * (1 - alpha)) / out
        a = out
      }
      rgba.set([r, g, b, a * 255], i)
    }
  }
  return Uint8Array.from(rgba, (v) => Math.round(Math.min(255, Math.max(0, v))))
}

// ---------------------------------------------------------------------------------------------------
// PNG: 8-bit RGBA, no interlace, filter type 0 on every row.
function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export function encodePng(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// ---------------------------------------------------------------------------------------------------
// The artwork.
const badge = { x: 0.8, y: 0.2, r: 0.2, gap: 0.08 }

const colourTray = (attention) => [
  { shape: circle(0.5, 0.5, 0.47), color: brand },
  { shape: ring(0.5, 0.5, 0.25, 0.11), color: white },
  { shape: circle(0.5, 0.5, 0.085), color: white },
  ...(attention
    ? [
        { cut: circle(badge.x, badge.y, badge.r + badge.gap) },
        { shape: circle(badge.x, badge.y, badge.r), color: amber },
      ]
    : []),
]

const templateTray = (attention) => [
  { shape: ring(0.5, 0.5, 0.34, 0.15), color: black },
  { shape: circle(0.5, 0.5, 0.11), color: black },
  ...(attention
    ? [
        { cut: circle(badge.x, badge.y, badge.r + badge.gap) },
        { shape: circle(badge.x, badge.y, badge.r), color: black },
      ]
    : []),
]

// Digits as seven-segment strokes: legible down to a 16 px tray icon, drawn from the same shapes as the
// rest of the artwork. Segments: a top, b upper right, c lower right, d bottom, e lower left, f upper
// left, g middle.
const SEGMENTS = {
  2: 'abged',
  3: 'abgcd',
  4: 'fgbc',
  5: 'afgcd',
  6: 'afgedc',
  7: 'abc',
  8: 'abcdefg',
  9: 'abcdfg',
}

function digit(char, cx, cy, width, height, stroke) {
  const [a, b] = [width / 2, height / 2]
  if (char === '1') return capsule(cx, cy - b, cx, cy + b, stroke)
  if (char === '+')
    return union(capsule(cx - a, cy, cx + a, cy, stroke), capsule(cx, cy - a, cx, cy + a, stroke))
  const lines = {
    a: [cx - a, cy - b, cx + a, cy - b],
    b: [cx + a, cy - b, cx + a, cy],
    c: [cx + a, cy, cx + a, cy + b],
    d: [cx - a, cy + b, cx + a, cy + b],
    e: [cx - a, cy, cx - a, cy + b],
    f: [cx - a, cy - b, cx - a, cy],
    g: [cx - a, cy, cx + a, cy],
  }
  return union(...[...SEGMENTS[char]].map((segment) => capsule(...lines[segment], stroke)))
}

// The count badge sits top-right like the attention badge, larger so the number can be read.
const countBadge = { x: 0.7, y: 0.3, r: 0.3, gap: 0.06 }

/** The colour mark with a red badge holding `label`: '1'…'9', or '9+'. */
const countTray = (label) => {
  const { x, y, r, gap } = countBadge
  const wide = label.length > 1
  // "9+" needs a pill: the badge grows to the left, keeping its right edge.
  const pill = wide ? capsule(x - 0.08, y, x, y, 2 * r) : circle(x, y, r)
  const cut = wide ? capsule(x - 0.08, y, x, y, 2 * (r + gap)) : circle(x, y, r + gap)
  const glyphs = wide
    ? union(digit('9', x - 0.15, y, 0.15, 0.3, 0.07), digit('+', x + 0.07, y, 0.16, 0.16, 0.07))
    : digit(label, x, y, 0.18, 0.32, 0.075)
  return [...colourTray(false), { cut }, { shape: pill, color: red }, { shape: glyphs, color: white }]
}

const offlineTray = () => [
  { shape: circle(0.5, 0.5, 0.47), color: grey },
  { shape: ring(0.5, 0.5, 0.25, 0.11), color: white },
  { shape: circle(0.5, 0.5, 0.085), color: white },
]

/** The macOS template at reduced opacity, the menu bar's way of saying "not active". */
const offlineTemplateTray = () => templateTray(false).map((layer) => ({ ...layer, opacity: 0.4 }))

export const countLabels = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '9+']
/** File-name part of a count label: `9+` is written `9plus`. */
export const countName = (label) => label.replace('+', 'plus')

const appIcon = () => [
  {
    shape: roundedSquare(0.06, 0.2),
    colorAt: (_x, y) => brand.map((c, i) => c + (brandDark[i] - c) * y),
  },
  { shape: ring(0.5, 0.5, 0.24, 0.085), color: white },
  { shape: circle(0.5, 0.5, 0.08), color: white },
]

export function iconFiles() {
  const files = []
  for (const size of [16, 24, 32, 48]) {
    for (const [scale, suffix] of [
      [1, ''],
      [2, '@2x'],
    ]) {
      files.push({ name: `tray-${size}${suffix}.png`, size: size * scale, layers: colourTray(false) })
      files.push({
        name: `tray-attention-${size}${suffix}.png`,
        size: size * scale,
        layers: colourTray(true),
      })
      files.push({ name: `tray-offline-${size}${suffix}.png`, size: size * scale, layers: offlineTray() })
      for (const label of countLabels) {
        files.push({
          name: `tray-count-${countName(label)}-${size}${suffix}.png`,
          size: size * scale,
          layers: countTray(label),
        })
      }
    }
  }
  for (const [size, suffix] of [
    [16, ''],
    [32, '@2x'],
  ]) {
    files.push({ name: `trayTemplate${suffix}.png`, size, layers: templateTray(false) })
    files.push({ name: `trayAttentionTemplate${suffix}.png`, size, layers: templateTray(true) })
    files.push({ name: `trayOfflineTemplate${suffix}.png`, size, layers: offlineTemplateTray() })
  }
  return files
}

export function writeIcons(outDir) {
  const trayDir = join(outDir, 'tray')
  mkdirSync(trayDir, { recursive: true })
  const written = []
  for (const { name, size, layers } of iconFiles()) {
    const path = join(trayDir, name)
    writeFileSync(path, encodePng(size, render(size, layers)))
    written.push(path)
  }
  const iconPath = join(outDir, 'icon.png')
  writeFileSync(iconPath, encodePng(512, render(512, appIcon())))
  written.push(iconPath)
  return written
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out')
  const outDir =
    at > 0 && process.argv[at + 1]
      ? resolve(process.argv[at + 1])
      : fileURLToPath(new URL('../build', import.meta.url))
  const written = writeIcons(outDir)
  console.log(`wrote ${written.length} icons under ${outDir}`)
}
