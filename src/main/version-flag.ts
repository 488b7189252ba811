import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// `operately-tray --version` prints the app's name and version and exits before anything else starts (no
// tray, no single-instance hand-over). It is how IT, and the release workflow, check that a downloaded
// AppImage or an installed copy runs at all. Electron itself does not answer --version for a packaged app.

/**
 * The line `--version` prints, or null when the app was started without it. The version is the one in
 * the package.json the app ships with, two folders above the bundled main script (out/main).
 */
export function versionAnswer(
  argv: readonly string[],
  mainDir: string,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): string | null {
  // argv[0] is the executable; `electron .` in development adds the project folder before the flags.
  if (!argv.slice(1).includes('--version')) return null
  const manifest = JSON.parse(read(join(mainDir, '..', '..', 'package.json'))) as {
    name: string
    productName?: string
    version: string
  }
  return `${manifest.productName ?? manifest.name} ${manifest.version}`
}
