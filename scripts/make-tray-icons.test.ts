import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inflateSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'

// Decodes the PNGs the script writes (8-bit RGBA, filter 0, as it promises) to check what people will see.
function decode(file: string) {
  const png = readFileSync(file)
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  let offset = 8
  let width = 0
  let height = 0
  const data: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('ascii', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      expect([body[8], body[9]]).toEqual([8, 6])
    }
    if (type === 'IDAT') data.push(body)
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const pixel = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4
    return { r: raw[at] ?? 0, g: raw[at + 1] ?? 0, b: raw[at + 2] ?? 0, a: raw[at + 3] ?? 0 }
  }
  return { width, height, pixel, raw }
}

const script = fileURLToPath(new URL('./make-tray-icons.mjs', import.meta.url))
let out: string

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'icons-'))
  execFileSync(process.execPath, [script, '--out', out])
})

describe('make-tray-icons', () => {
  it('writes every tray size at 1x and 2x in both variants, the macOS templates and the app icon', () => {
    const tray = readdirSync(join(out, 'tray')).sort()
    for (const size of [16, 24, 32, 48]) {
      for (const base of ['tray', 'tray-attention']) {
        expect(tray).toContain(`${base}-${size}.png`)
        expect(tray).toContain(`${base}-${size}@2x.png`)
        expect(decode(join(out, 'tray', `${base}-${size}.png`)).width).toBe(size)
        expect(decode(join(out, 'tray', `${base}-${size}@2x.png`)).width).toBe(size * 2)
      }
    }
    for (const name of ['trayTemplate', 'trayAttentionTemplate']) {
      expect(decode(join(out, 'tray', `${name}.png`)).width).toBe(16)
      expect(decode(join(out, 'tray', `${name}@2x.png`)).width).toBe(32)
    }
    const icon = decode(join(out, 'icon.png'))
    expect([icon.width, icon.height]).toEqual([512, 512])
  })

  it('draws on a transparent background, so the icon sits on any taskbar colour', () => {
    const icon = decode(join(out, 'tray', 'tray-32.png'))
    expect(icon.pixel(0, 0).a).toBe(0)
    expect(icon.pixel(31, 31).a).toBe(0)
    expect(icon.pixel(16, 16).a).toBe(255)
  })

  it('makes the attention variant visibly different: an amber badge in the top-right corner', () => {
    const normal = decode(join(out, 'tray', 'tray-48.png')).pixel(38, 10)
    const attention = decode(join(out, 'tray', 'tray-attention-48.png')).pixel(38, 10)
    expect(attention).toMatchObject({ r: 245, g: 158, b: 11, a: 255 })
    expect(normal).not.toMatchObject({ r: 245, g: 158, b: 11 })
  })

  it('keeps the macOS templates pure black with alpha, as template images must be', () => {
    for (const name of ['trayTemplate@2x.png', 'trayAttentionTemplate@2x.png']) {
      const image = decode(join(out, 'tray', name))
      let opaque = 0
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const { r, g, b, a } = image.pixel(x, y)
          expect(r + g + b).toBe(0)
          if (a > 0) opaque++
        }
      }
      expect(opaque).toBeGreaterThan(100)
    }
  })

  it('is reproducible: the committed icons show exactly what the script draws', () => {
    // Pixels, not bytes: another zlib may compress the same image differently.
    const committed = fileURLToPath(new URL('../build/', import.meta.url))
    const files = [...readdirSync(join(out, 'tray')).map((name) => join('tray', name)), 'icon.png']
    for (const file of files) {
      const fresh = decode(join(out, file))
      const kept = decode(join(committed, file))
      expect([kept.width, kept.height], file).toEqual([fresh.width, fresh.height])
      expect(kept.raw.equals(fresh.raw), `${file} differs from what scripts/make-tray-icons.mjs draws`).toBe(
        true,
      )
    }
  })
})
