const UNITS = ['KB', 'MB', 'GB', 'TB'] as const

/**
 * A size people read at a glance: "512 bytes", "12 KB", "1.2 MB". Decimal units (1 MB = 1,000,000 bytes),
 * as macOS Finder and most web apps show them. Sizes the server sends as text are accepted; anything that
 * is not a sensible number gives null so callers can leave the size out.
 */
export function formatFileSize(size: unknown): string | null {
  const bytes = typeof size === 'string' && size.trim() !== '' ? Number(size) : size
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return null
  if (bytes < 1000) return bytes === 1 ? '1 byte' : `${Math.round(bytes)} bytes`
  let value = bytes
  let unit: (typeof UNITS)[number] = 'KB'
  for (const candidate of UNITS) {
    value /= 1000
    unit = candidate
    if (value < 1000) break
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value)
  // 999.95 KB rounds to "1000 KB": step up so the number stays below a thousand.
  if (rounded >= 1000 && unit !== 'TB') return `1 ${UNITS[UNITS.indexOf(unit) + 1]}`
  return `${rounded} ${unit}`
}
