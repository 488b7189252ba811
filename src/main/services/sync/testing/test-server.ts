/**
 * What the test rigs need of an Operately server to talk to: where it is, a token, and the requests it
 * received. The emulator (`e2e/emulator`) is one; the rigs name only this, so the rigs do not reach back up
 * into `e2e/` for a type (test helpers that start an emulator do: docs/architecture.md, rule 3).
 */
export interface TestServer {
  url: string
  tokens: { write: string }
  /** The request log; the rig drops from it the questions of its sign-in (see rig.ts). */
  state: { requests: Array<{ method: string; endpoint: string | null; path: string }> }
}
