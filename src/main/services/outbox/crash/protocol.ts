/**
 * What the crash child tells its parent, one JSON object per stdout line. Lines go out synchronously
 * (stdout is a pipe), so a line the parent reads was written before the process died, and an `ack`
 * line is written only after `append` resolved: it is proof the entry was acknowledged as queued.
 */
export type ChildLine =
  | { t: 'opened'; entries: number; damaged: number; strayFiles: number }
  | { t: 'appending'; kind: 'description'; text: string }
  | { t: 'ack'; kind: 'description'; text: string }
  | { t: 'ack'; kind: 'check-in'; message: string }
  /** An attempt was counted on disk: a request is about to go out. */
  | { t: 'attempt'; kind: 'description' | 'check-in' | 'acknowledgement' }
  | { t: 'delivered'; kind: 'description' | 'check-in' | 'acknowledgement' }
  | { t: 'drained' }
  | { t: 'stuck'; states: string[] }

export interface ChildEnv {
  CRASH_DATA_DIR: string
  CRASH_EMULATOR_URL: string
  CRASH_TOKEN: string
  CRASH_PROJECT_ID: string
  /** The project's description when the lane began: the base every save starts from. */
  CRASH_BASE: string
  CRASH_GOAL_ID: string
  /** A label that makes every text of this child unique, e.g. `lane 0 run 17`. */
  CRASH_LABEL: string
  CRASH_APPENDS: string
}

export function parseLines(text: string): ChildLine[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as ChildLine]
      } catch {
        // The last line of a killed child can be cut short: it was never complete, so it says nothing.
        return []
      }
    })
}
