import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inflateSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('./make-platform-icons.mjs', import.meta.url))
const build = fileURLToPath(new URL('../build', import.meta.url))
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width, height and RGBA pixels of a PNG as the script writes it (8-bit RGBA, filter 0). */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(pngSignature)
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  const chunks: Buffer[] = []
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT')
      chunks.push(png.subarray(offset + 8, offset + 8 + length))
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(chunks))
  const alpha = (x: number, y: number) => raw[y * (width * 4 + 1) + 1 + x * 4 + 3] ?? -1
  const rgb = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4
    return [raw[at], raw[at + 1], raw[at + 2]]
  }
  return { width, height, alpha, rgb }
}

let out: string
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'platform-icons-'))
  execFileSync(process.execPath, [script, '--source', join(build, 'icon.png'), '--out', out])
})

describe('make-platform-icons', () => {
  it('writes a macOS .icns whose entries are PNGs of the sizes their types promise', () => {
    const icns = readFileSync(join(out, 'icon.icns'))
    expect(icns.toString('ascii', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const entries: Record<string, number> = {}
    for (let offset = 8; offset < icns.length;) {
      const type = icns.toString('ascii', offset, offset + 4)
      const length = icns.readUInt32BE(offset + 4)
      entries[type] = readPng(icns.subarray(offset + 8, offset + length)).width
      offset += length
    }
    expect(entries).toEqual({
      icp4: 16,
      icp5: 32,
      icp6: 64,
      ic07: 128,
      ic08: 256,
      ic09: 512,
      ic11: 32,
      ic12: 64,
      ic13: 256,
      ic14: 512,
    })
  })

  it('writes a Windows .ico with bitmaps for small sizes and a 256 px PNG', () => {
    const ico = readFileSync(join(out, 'icon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const images = Array.from({ length: count }, (_, i) => {
      const at = 6 + i * 16
      const size = ico[at] || 256
      const data = ico.subarray(
        ico.readUInt32LE(at + 12),
        ico.readUInt32LE(at + 12) + ico.readUInt32LE(at + 8),
      )
      return { size, bits: ico.readUInt16LE(at + 6), data }
    })
    expect(images.map((image) => image.size)).toEqual([16, 24, 32, 48, 64, 128, 256])
    for (const image of images) {
      expect(image.bits).toBe(32)
      if (image.size === 256) {
        expect(readPng(image.data).width).toBe(256)
      } else {
        // BITMAPINFOHEADER: 40 bytes, the size, twice the height (colour + mask), 32 bits per pixel.
        expect([image.data.readUInt32LE(0), image.data.readInt32LE(4), image.data.readInt32LE(8)]).toEqual([
          40,
          image.size,
          image.size * 2,
        ])
        expect(image.data.readUInt16LE(14)).toBe(32)
        const maskStride = Math.ceil(image.size / 32) * 4
        expect(image.data.length).toBe(40 + image.size * image.size * 4 + maskStride * image.size)
      }
    }
  })

  it('writes the Linux hicolor sizes, scaled down cleanly: transparent corners, the white mark in the middle', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) {
      const png = readPng(readFileSync(join(out, 'icons', `${size}x${size}.png`)))
      expect([png.width, png.height]).toEqual([size, size])
      expect(png.alpha(0, 0), `${size} corner`).toBe(0)
      const middle = Math.floor(size / 2)
      expect(png.alpha(middle, middle), `${size} middle`).toBe(255)
      const [r = 0, g = 0, b = 0] = png.rgb(middle, middle)
      expect(Math.min(r, g, b), `${size} middle is the white dot`).toBeGreaterThan(200)
    }
  })

  it('matches the icons committed in build/ (rerun the script after changing build/icon.png)', () => {
    for (const file of ['icon.icns', 'icon.ico', 'icons/16x16.png', 'icons/512x512.png']) {
      expect(readFileSync(join(build, file)).equals(readFileSync(join(out, file))), file).toBe(true)
    }
  })

  it('refuses a source too small for macOS', () => {
    const small = join(out, 'icons', '256x256.png')
    expect(() =>
      execFileSync(
        process.execPath,
        [script, '--source', small, '--out', mkdtempSync(join(tmpdir(), 'x-'))],
        {
          stdio: 'pipe',
        },
      ),
    ).toThrow(/at least 512×512/)
  })
})
