import { writeSync } from 'node:fs'
import { app } from 'electron'
import { remoteDebuggingRefusal } from '../remote-debugging'

export interface RefuseRemoteDebuggingOptions {
  argv?: readonly string[]
  platform?: NodeJS.Platform
  /** Where the message goes; standard error by default. */
  write?: (line: string) => void
  exit?: (code: number) => never
}

/**
 * Ends a packaged app started with --remote-debugging-port or --remote-debugging-pipe (remote-debugging.ts),
 * before Chromium opens the port: it does so only after the main script ran. Synchronous on purpose, so
 * nothing else starts while the message is written.
 */
export function refuseRemoteDebugging(options: RefuseRemoteDebuggingOptions = {}): void {
  const refusal = remoteDebuggingRefusal(
    options.argv ?? process.argv,
    app.isPackaged,
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
