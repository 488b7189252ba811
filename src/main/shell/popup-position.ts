/**
 * Where the tray popup goes. Pure, so every taskbar layout can be tested without a screen.
 *
 * The popup sits against the edge of the work area that holds the tray (the taskbar or menu bar), next to
 * the tray icon, and is then clamped into the work area so it never hides under a taskbar or spills onto
 * another monitor. When the tray reports no bounds (Wayland, some Linux panels) it is centred in the
 * work area the caller picked (the display nearest the cursor).
 */

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface Size {
  width: number
  height: number
}

export type Edge = 'top' | 'bottom' | 'left' | 'right'

export interface PopupPositionInput {
  /** The tray icon's bounds in screen coordinates; null or zero-sized when the platform does not tell. */
  trayBounds: Rect | null
  windowSize: Size
  /** The work area (screen minus taskbars) of the display holding the tray, or nearest the cursor. */
  workArea: Rect
  /** The full bounds of that same display. */
  displayBounds: Rect
  platform: NodeJS.Platform
}

export interface Point {
  x: number
  y: number
}

export const hasBounds = (rect: Rect | null | undefined): rect is Rect =>
  rect != null && rect.width > 0 && rect.height > 0

/**
 * Which edge of the display the tray lives on. A taskbar shows up as a strip of the display that is not
 * part of the work area; when several edges are reserved (a top bar and a side dock) or none is (an
 * auto-hiding taskbar), the edge closest to the tray icon wins. macOS always has its menu bar on top.
 */
export function trayEdge(tray: Rect, workArea: Rect, display: Rect, platform: NodeJS.Platform): Edge {
  if (platform === 'darwin') return 'top'
  const reserved = {
    top: workArea.y > display.y,
    bottom: workArea.y + workArea.height < display.y + display.height,
    left: workArea.x > display.x,
    right: workArea.x + workArea.width < display.x + display.width,
  }
  const centreX = tray.x + tray.width / 2
  const centreY = tray.y + tray.height / 2
  const distance: Record<Edge, number> = {
    top: Math.abs(centreY - display.y),
    bottom: Math.abs(display.y + display.height - centreY),
    left: Math.abs(centreX - display.x),
    right: Math.abs(display.x + display.width - centreX),
  }
  const edges: Edge[] = ['bottom', 'top', 'left', 'right']
  const candidates = edges.filter((edge) => reserved[edge])
  const pool = candidates.length > 0 ? candidates : edges
  let best = pool[0] ?? 'bottom'
  for (const edge of pool) if (distance[edge] < distance[best]) best = edge
  return best
}

/** Keeps `start .. start+size` inside `min .. min+span`; when it cannot fit, aligns it with `min`. */
function clamp(start: number, size: number, min: number, span: number): number {
  if (size >= span) return min
  return Math.min(Math.max(start, min), min + span - size)
}

export function popupPosition({
  trayBounds,
  windowSize,
  workArea,
  displayBounds,
  platform,
}: PopupPositionInput): Point {
  const { width, height } = windowSize
  let x: number
  let y: number
  if (!hasBounds(trayBounds)) {
    x = workArea.x + (workArea.width - width) / 2
    y = workArea.y + (workArea.height - height) / 2
  } else {
    const centreX = trayBounds.x + trayBounds.width / 2
    const centreY = trayBounds.y + trayBounds.height / 2
    switch (trayEdge(trayBounds, workArea, displayBounds, platform)) {
      case 'top':
        x = centreX - width / 2
        y = trayBounds.y + trayBounds.height
        break
      case 'bottom':
        x = centreX - width / 2
        y = trayBounds.y - height
        break
      case 'left':
        x = trayBounds.x + trayBounds.width
        y = centreY - height / 2
        break
      case 'right':
        x = trayBounds.x - width
        y = centreY - height / 2
        break
    }
  }
  // Window managers want whole pixels; rounding before clamping could push us one pixel outside.
  return {
    x: clamp(Math.round(x), width, Math.round(workArea.x), Math.floor(workArea.width)),
    y: clamp(Math.round(y), height, Math.round(workArea.y), Math.floor(workArea.height)),
  }
}
