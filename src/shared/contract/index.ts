import { z } from 'zod'
import { appErrorSchema } from '../errors'
import { appOperations } from './app'
import { assignmentOperations } from './assignments'
import { checkInHistoryOperations } from './check-in-history'
import { draftOperations } from './drafts'
import { goalOperations } from './goals'
import { peopleOperations } from './people'
import { projectOperations } from './projects'
import { reviewOperations } from './reviews'
import { sessionOperations } from './session'
import { settingsOperations } from './settings'
import { syncOperations } from './sync'

/**
 * The bridge between renderer and main, declared once.
 * The preload exposes one function per operation, main validates every input against `input`,
 * and the renderer gets typed calls. Each area declares its operations in its own file here; add the
 * area below and both sides follow.
 */

export const operations = {
  ...sessionOperations,
  ...appOperations,
  ...goalOperations,
  ...checkInHistoryOperations,
  ...peopleOperations,
  ...draftOperations,
  ...projectOperations,
  ...reviewOperations,
  ...assignmentOperations,
  ...settingsOperations,
  ...syncOperations,
} as const

export type Operations = typeof operations
export type OperationName = keyof Operations
export type OperationInput<N extends OperationName> = z.input<Operations[N]['input']>
export type OperationOutput<N extends OperationName> = z.output<Operations[N]['output']>

export const operationNames = Object.keys(operations) as OperationName[]

/** IPC channel for an operation: 'session.signIn' → 'session:signIn'. */
export const channelFor = (name: OperationName): string => name.replace('.', ':')

/** What every bridge call resolves to: never a thrown error across the boundary. */
export const resultSchema = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }).strict(),
    z.object({ ok: z.literal(false), error: appErrorSchema }).strict(),
  ])

type Area<N extends string> = N extends `${infer A}.${string}` ? A : never
type Op<N extends string> = N extends `${string}.${infer O}` ? O : never
type BridgeResult<N extends OperationName> =
  { ok: true; value: OperationOutput<N> } | { ok: false; error: z.output<typeof appErrorSchema> }

/** The shape of `window.operately`: `window.operately.session.signIn({ baseUrl, token })`. */
export type OperatelyBridge = {
  [A in Area<OperationName>]: {
    [N in OperationName as Area<N> extends A ? Op<N> : never]: (
      ...args: Record<string, never> extends OperationInput<N>
        ? [input?: OperationInput<N>]
        : [input: OperationInput<N>]
    ) => Promise<BridgeResult<N>>
  }
}
