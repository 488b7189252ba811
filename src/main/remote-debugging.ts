// A packaged app must not be driven from outside. The fuses turn off Node's own --inspect switches and
// ELECTRON_RUN_AS_NODE, but Chromium's --remote-debugging-port / --remote-debugging-pipe are no fuse: with
// either, any local process could attach DevTools to the popup and call the bridge as the page. So a
// packaged build refuses to start with them. Development builds keep them (Playwright launches with
// --remote-debugging-port=0), and so does the unfused test build (`npm run package -- --unfused`, made
// for Playwright and never shipped), which says so in the package.json inside its own app archive.

const refusedSwitches = new Set(['remote-debugging-port', 'remote-debugging-pipe'])

/**
 * The message a packaged app leaves with when started with a remote-debugging switch, or null when it may
 * start. Reads the switches as Chromium does: "--" or "-" before the name (and "/" on Windows, where
 * names are not case-sensitive), a value after "=" or none (with "--remote-debugging-port 9222" the
 * switch is there all the same), and nothing after a bare "--".
 */
export function remoteDebuggingRefusal(
  argv: readonly string[],
  build: {
    isPackaged: boolean
    /** Whether this is the unfused test build; asked only when a remote-debugging switch is there. */
    isUnfusedTestBuild: () => boolean
  },
  platform: NodeJS.Platform,
): string | null {
  if (!build.isPackaged) return null
  const prefixes = platform === 'win32' ? ['--', '-', '/'] : ['--', '-']
  // argv[0] is the executable.
  for (const arg of argv.slice(1)) {
    if (arg === '--') break
    const prefix = prefixes.find((candidate) => arg.startsWith(candidate))
    if (prefix === undefined) continue
    const written = arg.slice(prefix.length).split('=')[0] ?? ''
    const name = platform === 'win32' ? written.toLowerCase() : written
    if (refusedSwitches.has(name) && !build.isUnfusedTestBuild()) {
      return `Operately Tray does not start with --${name}: remote debugging would let other programs control it.`
    }
  }
  return null
}
