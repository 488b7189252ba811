#!/usr/bin/env node
// Draws the tray icons and the app icon as PNG files, with nothing but Node built-ins, so the artwork is
// reproducible from source: `node scripts/make-tray-icons.mjs [--out <dir>]` (default: build/).
//
// The mark is a target — a ring around a dot — for a goals app:
//   tray-<size>[@2x].png            colour icon for Windows and Linux trays, readable on light and dark bars
//   tray-attention-<size>[@2x].png  the same with an amber badge: not signed in / needs attention
//   trayTemplate[@2x].png           black-and-alpha macOS template (the system tints it for the menu bar)
//   trayAttentionTemplate[@2x].png  the template with a badge
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

// ---------------------------------------------------------------------------------------------------
// Shapes as signed distance functions in unit space (0..1 across the image); negative inside.
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r
const ring = (cx, cy, r, thickness) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - thickness / 2
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
        const alpha = coverage(layer.shape, x, y, size)
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
    }
  }
  for (const [size, suffix] of [
    [16, ''],
    [32, '@2x'],
  ]) {
    files.push({ name: `trayTemplate${suffix}.png`, size, layers: templateTray(false) })
    files.push({ name: `trayAttentionTemplate${suffix}.png`, size, layers: templateTray(true) })
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
