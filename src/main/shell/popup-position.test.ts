import { describe, expect, it } from 'vitest'
import { popupPosition, trayEdge, type PopupPositionInput, type Rect } from './popup-position'

const size = { width: 380, height: 560 }
const fullHd: Rect = { x: 0, y: 0, width: 1920, height: 1080 }

interface Case {
  name: string
  input: PopupPositionInput
  expected: { x: number; y: number }
}

const cases: Case[] = [
  {
    name: 'Windows, taskbar at the bottom: above the tray icon, centred on it',
    input: {
      platform: 'win32',
      trayBounds: { x: 1700, y: 1040, width: 24, height: 40 },
      windowSize: size,
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      displayBounds: fullHd,
    },
    expected: { x: 1712 - 190, y: 1040 - 560 },
  },
  {
    name: 'Windows, taskbar at the top: below the tray icon',
    input: {
      platform: 'win32',
      trayBounds: { x: 1700, y: 0, width: 24, height: 40 },
      windowSize: size,
      workArea: { x: 0, y: 40, width: 1920, height: 1040 },
      displayBounds: fullHd,
    },
    expected: { x: 1522, y: 40 },
  },
  {
    name: 'Windows, taskbar on the left: to the right of the tray icon',
    input: {
      platform: 'win32',
      trayBounds: { x: 0, y: 400, width: 62, height: 24 },
      windowSize: size,
      workArea: { x: 62, y: 0, width: 1858, height: 1080 },
      displayBounds: fullHd,
    },
    expected: { x: 62, y: 412 - 280 },
  },
  {
    name: 'Windows, taskbar on the right: to the left of the tray icon',
    input: {
      platform: 'win32',
      trayBounds: { x: 1858, y: 400, width: 62, height: 24 },
      windowSize: size,
      workArea: { x: 0, y: 0, width: 1858, height: 1080 },
      displayBounds: fullHd,
    },
    expected: { x: 1858 - 380, y: 132 },
  },
  {
    name: 'macOS menu bar: below the icon even though the menu bar is not a reserved strip on every setup',
    input: {
      platform: 'darwin',
      trayBounds: { x: 1200, y: 0, width: 22, height: 24 },
      windowSize: size,
      workArea: { x: 0, y: 25, width: 1440, height: 875 },
      displayBounds: { x: 0, y: 0, width: 1440, height: 900 },
    },
    expected: { x: 1211 - 190, y: 25 },
  },
  {
    name: 'left taskbar, icon low on the screen: clamped so the popup does not run off the bottom',
    input: {
      platform: 'win32',
      trayBounds: { x: 0, y: 900, width: 62, height: 24 },
      windowSize: size,
      workArea: { x: 62, y: 0, width: 1858, height: 1080 },
      displayBounds: fullHd,
    },
    expected: { x: 62, y: 1080 - 560 },
  },
  {
    name: 'icon near the screen corner: clamped so the whole popup stays inside the work area',
    input: {
      platform: 'win32',
      trayBounds: { x: 1900, y: 1040, width: 20, height: 40 },
      windowSize: size,
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      displayBounds: fullHd,
    },
    expected: { x: 1920 - 380, y: 480 },
  },
  {
    name: 'second monitor to the left with negative coordinates, taskbar at the bottom',
    input: {
      platform: 'win32',
      trayBounds: { x: -300, y: 1400, width: 24, height: 40 },
      windowSize: size,
      workArea: { x: -2560, y: 0, width: 2560, height: 1400 },
      displayBounds: { x: -2560, y: 0, width: 2560, height: 1440 },
    },
    expected: { x: -288 - 190, y: 1400 - 560 },
  },
  {
    name: 'monitor above the primary (negative y), icon at its far left: clamped to that monitor, not the primary',
    input: {
      platform: 'linux',
      trayBounds: { x: 10, y: -1080, width: 24, height: 24 },
      windowSize: size,
      workArea: { x: 0, y: -1052, width: 1920, height: 1052 },
      displayBounds: { x: 0, y: -1080, width: 1920, height: 1080 },
    },
    expected: { x: 0, y: -1052 },
  },
  {
    name: 'no tray bounds (Wayland reports zeros): centred in the work area',
    input: {
      platform: 'linux',
      trayBounds: { x: 0, y: 0, width: 0, height: 0 },
      windowSize: size,
      workArea: { x: 0, y: 32, width: 1920, height: 1048 },
      displayBounds: fullHd,
    },
    expected: { x: 770, y: 32 + 244 },
  },
  {
    name: 'no tray bounds on a display with negative coordinates: centred on that display',
    input: {
      platform: 'linux',
      trayBounds: null,
      windowSize: size,
      workArea: { x: -1280, y: -200, width: 1280, height: 1024 },
      displayBounds: { x: -1280, y: -200, width: 1280, height: 1024 },
    },
    expected: { x: -1280 + 450, y: -200 + 232 },
  },
  {
    name: 'fractional bounds from a scaled display: whole pixels',
    input: {
      platform: 'win32',
      trayBounds: { x: 1013.5, y: 693.3, width: 16.7, height: 26.7 },
      windowSize: size,
      workArea: { x: 0, y: 0, width: 1280, height: 693.3 },
      displayBounds: { x: 0, y: 0, width: 1280, height: 720 },
    },
    expected: { x: Math.round(1013.5 + 16.7 / 2 - 190), y: Math.round(693.3 - 560) },
  },
  {
    name: 'auto-hiding taskbar (work area equals display): the nearest edge to the icon decides',
    input: {
      platform: 'win32',
      trayBounds: { x: 1700, y: 1050, width: 24, height: 30 },
      windowSize: size,
      workArea: fullHd,
      displayBounds: fullHd,
    },
    expected: { x: 1522, y: 490 },
  },
  {
    name: 'work area smaller than the popup: pinned to its top-left corner rather than off-screen',
    input: {
      platform: 'linux',
      trayBounds: { x: 700, y: 0, width: 24, height: 24 },
      windowSize: size,
      workArea: { x: 0, y: 24, width: 800, height: 500 },
      displayBounds: { x: 0, y: 0, width: 800, height: 524 },
    },
    expected: { x: 420, y: 24 },
  },
]

describe('popupPosition', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    const position = popupPosition(input)
    expect(position).toEqual(expected)
    expect(Number.isInteger(position.x) && Number.isInteger(position.y)).toBe(true)
  })

  it.each(cases)('never leaves the work area: $name', ({ input }) => {
    const { x, y } = popupPosition(input)
    const { workArea, windowSize } = input
    if (windowSize.width <= workArea.width) {
      expect(x).toBeGreaterThanOrEqual(Math.floor(workArea.x))
      expect(x + windowSize.width).toBeLessThanOrEqual(Math.ceil(workArea.x + workArea.width))
    }
    if (windowSize.height <= workArea.height) {
      expect(y).toBeGreaterThanOrEqual(Math.floor(workArea.y))
      expect(y + windowSize.height).toBeLessThanOrEqual(Math.ceil(workArea.y + workArea.height))
    }
  })
})

describe('trayEdge', () => {
  it('picks the reserved edge nearest the icon when a top bar and a left dock both reserve space (GNOME)', () => {
    const display = fullHd
    const workArea = { x: 64, y: 32, width: 1856, height: 1048 }
    expect(trayEdge({ x: 1800, y: 4, width: 24, height: 24 }, workArea, display, 'linux')).toBe('top')
    expect(trayEdge({ x: 20, y: 600, width: 24, height: 24 }, workArea, display, 'linux')).toBe('left')
  })
})
