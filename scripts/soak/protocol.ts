/**
 * What the soak's parent and its services process say to each other over the IPC channel. Every write
 * is one `write` and at most one `answer`: an answer that arrived before the process was killed is the
 * app telling the person their work is safe (acknowledged); a write whose answer never came was cut short.
 */

export type Operation = 'checkIns.create' | 'projects.saveDescription'

export type ToChild =
  | { t: 'sign-in'; baseUrl: string; token: string }
  | { t: 'write'; n: number; operation: Operation; input: unknown }
  /** The operating system says the network is (not) there: what is typed meanwhile is queued. */
  | { t: 'os-online'; value: boolean }
  /** Send everything that can be sent, then say what is left. */
  | { t: 'drain'; timeoutMs: number }

export interface LeftItem {
  kind: 'description' | 'check-in' | 'acknowledgement'
  state: string
  reason: string | null
  /** The words that wait (the write's marker is in them). */
  preview: string
  /** The goal or project it is for, as the app names it (the id the soak wrote to). */
  target: string
}

/**
 * What the simulated person chose for a description waiting in conflict in the Sync view: "Keep mine"
 * (saved over the version shown), "Take theirs" (discarded, Operately's text stays), or a discard of an
 * earlier save that a later save of the project waits behind (the only choice the app offers for it).
 * `refused`: "Keep mine" was refused (the editor keeps the text, as for any refused save).
 */
export type Resolution = 'keep-mine' | 'take-theirs' | 'discard-behind' | 'refused'

export type FromChild =
  | { t: 'ready' }
  | { t: 'signed-in'; ok: boolean; message: string | null }
  | {
      t: 'answer'
      n: number
      ok: boolean
      /** `created`, `queued`, `saved`, `conflict`, or the error's kind when not ok. */
      outcome: string
      /** The description the server holds after a `saved`, or the server's text shown with a `conflict`. */
      state: string | null
      error: string | null
    }
  | { t: 'drained'; left: LeftItem[]; settled: boolean }
  /** The person answered "Send again?" for a check-in whose request got no answer. */
  | { t: 'answered-resend'; preview: string }
  /**
   * The person decided on a description in conflict. `preview`: the words that waited; `theirs`: the
   * server's text they were shown (JSON), which a "Take theirs" leaves on the server.
   */
  | { t: 'resolved'; choice: Resolution; preview: string; theirs: string | null }

export interface ChildEnv {
  SOAK_DATA_DIR: string
  SOAK_VAULT_SERVICE: string
  SOAK_TIMEOUT_MS: string
  SOAK_SETTLE_MS: string
  /** How long the simulated person takes to answer "Send again?", at least and at most (ms). */
  SOAK_ANSWER_MIN_MS: string
  SOAK_ANSWER_MAX_MS: string
  /** How long the simulated person takes to decide on a conflict in the Sync view, at least and at most. */
  SOAK_RESOLVE_MIN_MS: string
  SOAK_RESOLVE_MAX_MS: string
}
