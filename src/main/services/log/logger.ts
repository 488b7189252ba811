import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

export interface Logger {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export interface LoggerOptions {
  /** Log file; omitted → console only. */
  file?: string
  /** Secrets that must never reach a log line, looked up at write time (the token can change). */
  secrets?: () => Iterable<string>
  console?: boolean
}

// Operately API tokens have a recognisable shape; scrub them even if nobody told us about them.
const tokenShape = /opk_[A-Za-z0-9_-]{8,}/g

export function redact(text: string, secrets: Iterable<string>): string {
  let out = text.replace(tokenShape, 'opk_[redacted]')
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]')
  }
  return out
}

/** A line-per-event JSON logger that scrubs secrets before anything is written. */
export function createLogger(options: LoggerOptions = {}): Logger {
  if (options.file) mkdirSync(dirname(options.file), { recursive: true })
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    const line = redact(
      JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }),
      options.secrets?.() ?? [],
    )
    let toConsole = options.console ?? !options.file
    if (options.file) {
      // Logging must never take the app down: if the log file cannot be written (disk full, the folder
      // removed under us), the line goes to stderr instead.
      try {
        appendFileSync(options.file, line + '\n')
      } catch {
        toConsole = true
      }
    }
    if (toConsole) (level === 'error' || level === 'warn' ? console.error : console.log)(line)
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  }
}

/** For tests and tools that want silence. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
