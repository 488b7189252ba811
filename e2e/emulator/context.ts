import type { EmulatorState, Faults, Person } from './types'

/** What a handler knows about the request it answers. */
export interface Ctx {
  state: EmulatorState
  /** The server version being emulated (x-operately-version). */
  version: string
  /** The server clock, read once per request. */
  now: Date
  /** The token's owner. */
  me: Person
  faults: Faults
  /** Typed inputs, after validation. */
  inputs: Record<string, unknown>
}

export const flag = (ctx: Ctx, name: string): boolean => ctx.inputs[name] === true
