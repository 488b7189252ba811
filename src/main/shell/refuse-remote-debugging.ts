import { readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import { remoteDebuggingRefusal } from '../remote-debugging'

export interface RefuseRemoteDebuggingOptions {
  /** Directory of the main bundle (out/main); the package.json the app ships with is two folders up. */
  mainDir: string
  argv?: readonly string[]
  platform?: NodeJS.Platform
  /** Where the message goes; standard error by default. */
  write?: (line: string) => void
  exit?: (code: number) => never
  read?: (path: string) => string
}

/** The package.json key `npm run package -- --unfused` sets (scripts/package.mjs); never in a release. */
export const unfusedTestBuildKey = 'operatelyTrayUnfusedTestBuild'

/**
 * Ends a packaged app started with --remote-debugging-port or --remote-debugging-pipe (remote-debugging.ts),
 * before Chromium opens the port: it does so only after the main script ran. Synchronous on purpose, so
 * nothing else starts while the message is written.
 */
export function refuseRemoteDebugging(options: RefuseRemoteDebuggingOptions): void {
  const read = options.read ?? ((path: string) => readFileSync(path, 'utf8'))
  const isUnfusedTestBuild = () => {
    try {
      const manifest = JSON.parse(read(join(options.mainDir, '..', '..', 'package.json'))) as Record<
        string,
        unknown
      >
      return manifest[unfusedTestBuildKey] === true
    } catch {
      // A manifest that cannot be read names no test build: the switch is refused.
      return false
    }
  }
  const refusal = remoteDebuggingRefusal(
    options.argv ?? process.argv,
    { isPackaged: app.isPackaged, isUnfusedTestBuild },
    options.platform ?? process.platform,
  )
  if (refusal === null) return
  const write = options.write ?? ((line: string) => writeSync(2, line))
  try {
    write(`${refusal}\n`)
  } catch {
    // A Windows GUI app may have no standard error at all; leaving matters more than the message.
  }
  const exit = options.exit ?? ((code: number) => process.exit(code))
  exit(1)
}
