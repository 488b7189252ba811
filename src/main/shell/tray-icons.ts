import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { nativeImage, type NativeImage } from 'electron'
import type { Logger } from '../services/log/logger'

/** Which of the generated PNGs (scripts/make-tray-icons.mjs) each platform uses. */
export interface TrayIconSpec {
  /** Loaded with nativeImage.createFromPath, which also picks up `<name>@2x.png` on its own. */
  file: string
  /** Extra scale factors Windows commonly runs at (125–150 %, 300 %), so the icon is never blurry. */
  extraScales: { scaleFactor: number; file: string }[]
  /** macOS menu bar icons are black-and-alpha templates the system tints for light and dark bars. */
  template: boolean
}

/**
 * `count-<n>`: goal check-ins due now, on Windows and Linux (macOS shows the number as title text beside
 * the icon instead); `count-9plus` for ten or more. `offline`: the server cannot be reached.
 */
export type TrayCountVariant = `count-${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` | 'count-9plus'
export type TrayIconVariant = 'normal' | 'attention' | 'offline' | TrayCountVariant

export function trayIconSpec(platform: NodeJS.Platform, variant: TrayIconVariant): TrayIconSpec {
  const attention = variant === 'attention'
  if (platform === 'darwin') {
    return {
      file: attention
        ? 'trayAttentionTemplate.png'
        : variant === 'offline'
          ? 'trayOfflineTemplate.png'
          : 'trayTemplate.png',
      extraScales: [],
      template: true,
    }
  }
  const base = variant === 'normal' ? 'tray' : `tray-${variant}`
  if (platform === 'win32') {
    return {
      file: `${base}-16.png`,
      extraScales: [
        { scaleFactor: 1.5, file: `${base}-24.png` },
        { scaleFactor: 3, file: `${base}-48.png` },
      ],
      template: false,
    }
  }
  // Linux panels are 22–32 px tall; 24 px (48 px on HiDPI) is what StatusNotifier hosts expect.
  return { file: `${base}-24.png`, extraScales: [], template: false }
}

export function loadTrayImage(dir: string, spec: TrayIconSpec, log: Logger): NativeImage {
  const path = join(dir, spec.file)
  const image = nativeImage.createFromPath(path)
  if (image.isEmpty()) {
    log.warn('tray icon file is missing or unreadable; the tray may show a blank icon', { path })
    return image
  }
  for (const { scaleFactor, file } of spec.extraScales) {
    try {
      image.addRepresentation({ scaleFactor, buffer: readFileSync(join(dir, file)) })
    } catch (err) {
      log.warn('tray icon size missing; the system will scale another', { file, error: String(err) })
    }
  }
  if (spec.template) image.setTemplateImage(true)
  return image
}
