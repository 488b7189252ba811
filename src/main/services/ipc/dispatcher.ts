import type { z } from 'zod'
import { operations, type OperationName, type Operations } from '@shared/contract'
import { AppFailure, appError, type Result } from '@shared/errors'
import type { Logger } from '../log/logger'
import { diskFailure } from '../storage/disk-errors'

type Handler<Op extends { input: z.ZodType; output: z.ZodType }> = (
  input: z.output<Op['input']>,
) => Promise<z.input<Op['output']>>

/** One async function per contract operation, taking the parsed input. */
export type OperationHandlers = { [N in OperationName]: Handler<Operations[N]> }

/** The handlers of one area (`sessionOperations`, `goalOperations`, …), built by that area's service folder. */
export type AreaHandlers<Ops extends Record<string, { input: z.ZodType; output: z.ZodType }>> = {
  [N in keyof Ops]: Handler<Ops[N]>
}

export type Dispatch = (name: string, rawInput: unknown) => Promise<Result<unknown>>

const isOperationName = (name: string): name is OperationName => Object.hasOwn(operations, name)

/**
 * The single edge between untrusted callers (the renderer over IPC, the browser harness over HTTP)
 * and the main-process services. It parses every input against the contract, answers malformed input
 * with `invalid_input`, turns every failure into a value, and checks every output against the contract
 * so that nothing undeclared (a token, say) can leak out through a handler's return value.
 */
export function createDispatcher(handlers: OperationHandlers, log: Logger): Dispatch {
  return async (name, rawInput) => {
    if (!isOperationName(name)) {
      return {
        ok: false,
        error: appError('invalid_input', `There is no operation called "${String(name).slice(0, 80)}".`),
      }
    }
    const operation = operations[name]
    const parsed = operation.input.safeParse(rawInput ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : ''
      return {
        ok: false,
        error: appError(
          'invalid_input',
          `The request to ${name} was malformed${where}: ${issue?.message ?? 'invalid input'}.`,
        ),
      }
    }
    try {
      const handler = handlers[name] as (input: unknown) => Promise<unknown>
      const value = await handler(parsed.data)
      const checked = operation.output.safeParse(value)
      if (!checked.success) {
        log.error('handler returned a value outside the contract', {
          operation: name,
          issues: checked.error.issues.length,
        })
        return {
          ok: false,
          error: appError('internal', 'The app produced an answer it could not use. Please try again.'),
        }
      }
      return { ok: true, value: checked.data }
    } catch (err) {
      if (err instanceof AppFailure) return { ok: false, error: err.error }
      // A disk that refused the data folder (full, read-only, not the app's to write) is no bug of the
      // app's: every operation says so in words the person can act on, wherever in main it was raised.
      const disk = diskFailure(err)
      if (disk) {
        log.error('operation failed: the data folder could not be written', {
          operation: name,
          error: err instanceof Error ? err.message : String(err),
        })
        return { ok: false, error: disk }
      }
      log.error('operation failed unexpectedly', {
        operation: name,
        error: err instanceof Error ? err.message : String(err),
      })
      return {
        ok: false,
        error: appError('internal', 'Something went wrong inside the app. Please try again.'),
      }
    }
  }
}
