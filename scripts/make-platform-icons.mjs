#!/usr/bin/env node
// Derives the installers' icons from the 512 px build/icon.png, with nothing but Node built-ins:
//   build/icon.icns           macOS app and disk image (PNG-compressed entries, 16–512 px and @2x)
//   build/icon.ico            Windows app, NSIS and MSI (16–48 px as 32-bit bitmaps, 256 px as PNG)
//   build/icons/<N>x<N>.png   Linux hicolor sizes for the .deb, .rpm and AppImage
//
// electron-builder 26 could derive these itself, but only by downloading its "icons" toolset from GitHub
// (app-builder-lib/out/toolsets/icons.js) — which machines without network access cannot do. Given files
// of the right format it uses them as they are. Run again whenever build/icon.png changes:
//   node scripts/make-platform-icons.mjs [--source build/icon.png] [--out build]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inflateSync } from 'node:zlib'
import { encodePng } from './make-tray-icons.mjs'

// ---------------------------------------------------------------------------------------------------
// PNG decoding: 8-bit RGB or RGBA, not interlaced (what make-tray-icons.mjs and most editors write).
export function decodePng(png) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG file')
  let offset = 8
  let width = 0
  let height = 0
  let colorType = -1
  const data = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('ascii', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [bitDepth, color, , , interlace] = [body[8], body[9], body[10], body[11], body[12]]
      if (bitDepth !== 8 || (color !== 6 && color !== 2) || interlace !== 0) {
        throw new Error('only 8-bit RGB or RGBA, non-interlaced PNGs are supported')
      }
      colorType = color
    } else if (type === 'IDAT') {
      data.push(body)
    } else if (type === 'IEND') {
      break
    }
    offset += 12 + length
  }
  const channels = colorType === 6 ? 4 : 3
  const stride = width * channels
  const raw = inflateSync(Buffer.concat(data))
  const pixels = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const out = pixels.subarray(y * stride, (y + 1) * stride)
    const previous = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride)
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels] : 0
      const b = previous[x]
      const c = x >= channels ? previous[x - channels] : 0
      let predictor = 0
      if (filter === 1) predictor = a
      else if (filter === 2) predictor = b
      else if (filter === 3) predictor = (a + b) >> 1
      else if (filter === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      } else if (filter !== 0) throw new Error(`unknown PNG filter ${filter}`)
      out[x] = (line[x] + predictor) & 0xff
    }
  }
  if (channels === 4) return { width, height, rgba: pixels }
  const rgba = Buffer.alloc(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    pixels.copy(rgba, i * 4, i * 3, i * 3 + 3)
    rgba[i * 4 + 3] = 255
  }
  return { width, height, rgba }
}

// ---------------------------------------------------------------------------------------------------
// Downscaling by area averaging, in premultiplied alpha so transparent edges do not darken.
export function resize({ width, height, rgba }, size) {
  const weights = (from, to) => {
    const scale = from / to
    return Array.from({ length: to }, (_, d) => {
      const start = d * scale
      const end = start + scale
      const taps = []
      for (let s = Math.floor(start); s < Math.min(from, Math.ceil(end)); s++) {
        const w = Math.min(end, s + 1) - Math.max(start, s)
        if (w > 0) taps.push([s, w / scale])
      }
      return taps
    })
  }
  const across = weights(width, size)
  const down = weights(height, size)
  // Horizontal pass into floats (premultiplied), then vertical.
  const rows = new Float64Array(height * size * 4)
  for (let y = 0; y < height; y++) {
    for (let dx = 0; dx < size; dx++) {
      let [r, g, b, a] = [0, 0, 0, 0]
      for (const [sx, w] of across[dx]) {
        const i = (y * width + sx) * 4
        const alpha = rgba[i + 3] / 255
        r += rgba[i] * alpha * w
        g += rgba[i + 1] * alpha * w
        b += rgba[i + 2] * alpha * w
        a += alpha * w
      }
      rows.set([r, g, b, a], (y * size + dx) * 4)
    }
  }
  const out = new Uint8Array(size * size * 4)
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      let [r, g, b, a] = [0, 0, 0, 0]
      for (const [sy, w] of down[dy]) {
        const i = (sy * size + dx) * 4
        r += rows[i] * w
        g += rows[i + 1] * w
        b += rows[i + 2] * w
        a += rows[i + 3] * w
      }
      const o = (dy * size + dx) * 4
      const clamp = (v) => Math.round(Math.min(255, Math.max(0, v)))
      out[o] = a > 0 ? clamp(r / a) : 0
      out[o + 1] = a > 0 ? clamp(g / a) : 0
      out[o + 2] = a > 0 ? clamp(b / a) : 0
      out[o + 3] = clamp(a * 255)
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// ICNS: a header and typed entries; every entry type below holds a PNG (macOS 10.7 and later).
export const icnsEntries = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic11', 32], // 16 pt @2x
  ['ic12', 64], // 32 pt @2x
  ['ic13', 256], // 128 pt @2x
  ['ic14', 512], // 256 pt @2x
]

export function encodeIcns(pngFor) {
  const parts = icnsEntries.map(([type, size]) => {
    const png = pngFor(size)
    const header = Buffer.alloc(8)
    header.write(type, 0, 'ascii')
    header.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([header, png])
  })
  const body = Buffer.concat(parts)
  const header = Buffer.alloc(8)
  header.write('icns', 0, 'ascii')
  header.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([header, body])
}

// ---------------------------------------------------------------------------------------------------
// ICO: a directory of images. Small sizes as 32-bit bottom-up bitmaps with an AND mask, which every
// consumer (Explorer, the taskbar, NSIS, WiX) reads; 256 px as PNG, as Windows Vista and later expect.
export const icoSizes = [16, 24, 32, 48, 64, 128, 256]

function bitmapEntry(size, rgba) {
  const header = Buffer.alloc(40)
  header.writeUInt32LE(40, 0) // BITMAPINFOHEADER
  header.writeInt32LE(size, 4)
  header.writeInt32LE(size * 2, 8) // colour rows + mask rows
  header.writeUInt16LE(1, 12) // planes
  header.writeUInt16LE(32, 14) // bits per pixel
  const pixels = Buffer.alloc(size * size * 4)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = ((size - 1 - y) * size + x) * 4
      const to = (y * size + x) * 4
      pixels[to] = rgba[from + 2]
      pixels[to + 1] = rgba[from + 1]
      pixels[to + 2] = rgba[from]
      pixels[to + 3] = rgba[from + 3]
    }
  }
  const maskStride = Math.ceil(size / 32) * 4
  const mask = Buffer.alloc(maskStride * size)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Fully transparent pixels are "masked out" for consumers that ignore the alpha channel.
      if (rgba[((size - 1 - y) * size + x) * 4 + 3] === 0) mask[y * maskStride + (x >> 3)] |= 0x80 >> (x & 7)
    }
  }
  return Buffer.concat([header, pixels, mask])
}

export function encodeIco(rgbaFor, pngFor) {
  const images = icoSizes.map((size) => (size >= 256 ? pngFor(size) : bitmapEntry(size, rgbaFor(size))))
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // icon
  header.writeUInt16LE(images.length, 4)
  const directory = Buffer.alloc(16 * images.length)
  let offset = 6 + directory.length
  images.forEach((image, i) => {
    const size = icoSizes[i]
    const at = i * 16
    directory[at] = size >= 256 ? 0 : size // 0 means 256
    directory[at + 1] = size >= 256 ? 0 : size
    directory[at + 2] = 0 // no palette
    directory[at + 3] = 0
    directory.writeUInt16LE(1, at + 4) // planes
    directory.writeUInt16LE(32, at + 6) // bits per pixel
    directory.writeUInt32LE(image.length, at + 8)
    directory.writeUInt32LE(offset, at + 12)
    offset += image.length
  })
  return Buffer.concat([header, directory, ...images])
}

export const linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512]

export function writePlatformIcons(source, outDir) {
  const image = decodePng(readFileSync(source))
  if (image.width !== image.height || image.width < 512) {
    throw new Error(
      `${source} must be a square PNG of at least 512×512 pixels (it is ${image.width}×${image.height})`,
    )
  }
  const rgbaCache = new Map()
  const rgbaFor = (size) => {
    if (!rgbaCache.has(size))
      rgbaCache.set(size, size === image.width ? new Uint8Array(image.rgba) : resize(image, size))
    return rgbaCache.get(size)
  }
  const pngFor = (size) => encodePng(size, rgbaFor(size))

  const written = []
  const write = (path, data) => {
    writeFileSync(path, data)
    written.push(path)
  }
  write(join(outDir, 'icon.icns'), encodeIcns(pngFor))
  write(join(outDir, 'icon.ico'), encodeIco(rgbaFor, pngFor))
  const linuxDir = join(outDir, 'icons')
  mkdirSync(linuxDir, { recursive: true })
  for (const size of linuxSizes) write(join(linuxDir, `${size}x${size}.png`), pngFor(size))
  return written
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) => {
    const at = process.argv.indexOf(name)
    return at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : fallback
  }
  const build = fileURLToPath(new URL('../build', import.meta.url))
  const source = option('--source', join(build, 'icon.png'))
  const outDir = option('--out', build)
  const written = writePlatformIcons(source, outDir)
  console.log(`wrote ${written.length} icons under ${outDir}`)
}
