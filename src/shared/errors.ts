import { z } from 'zod'

/**
 * Every failure that crosses a boundary (server → main, main → renderer) is a value of this shape.
 * The renderer switches on `kind`; it never parses status codes or message strings.
 */
export const errorKinds = [
  'invalid_input', // the caller sent something malformed (IPC input, a bad URL, an empty token)
  'unauthorized', // 401: token unknown, deleted, or the person suspended
  'read_only_token', // 403 on a mutation: the token was created read-only
  'forbidden', // 403 JSON: the person may view but not edit
  'not_found', // 404: unknown id, or no access
  'bad_request', // 400: the server rejected the request's fields
  'server_error', // 5xx, including a proxy's HTML error page
  'unsupported_server', // the endpoint does not exist on this server (404 "Query not found")
  'invalid_response', // the server answered 2xx with something we cannot use
  'offline', // the network or the server could not be reached
  'timeout', // no answer in time; a mutation may or may not have been applied
  'keychain_unavailable', // no Secret Service / keychain to keep the token in
  'not_signed_in',
  'disk', // the app could not write its data folder: the disk is full, read-only, or not ours to write
  'internal', // a bug on our side; the message says what happened
] as const

export type ErrorKind = (typeof errorKinds)[number]

/** Which form field an error concerns, so the UI can show it next to that field. */
export const errorFields = ['baseUrl', 'token'] as const
export type ErrorField = (typeof errorFields)[number]

export const appErrorSchema = z
  .object({
    kind: z.enum(errorKinds),
    message: z.string(),
    field: z.enum(errorFields).optional(),
    /** HTTP status when the error came from the server; for display and logs only. */
    status: z.number().int().optional(),
    /** Seconds the server asked us to wait (Retry-After), when it did. */
    retryAfterSeconds: z.number().nonnegative().optional(),
    /**
     * A change was sent and may have been applied although it failed: `answered` when the server itself
     * answered with an error after processing it (a look now tells for sure); `pending` when no answer
     * came from the server (a timeout, a connection lost after sending, a gateway's 502/503/504, a 408),
     * so it may still be applied a little later. Absent: nothing was applied.
     */
    maybeApplied: z.enum(['answered', 'pending']).optional(),
  })
  .strict()

export type AppError = z.infer<typeof appErrorSchema>

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (error: AppError): Result<never> => ({ ok: false, error })

/** Thrown inside main-process services and turned into a Result at the IPC edge. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message)
    this.name = 'AppFailure'
  }
}

export const appError = (
  kind: ErrorKind,
  message: string,
  extra: Omit<AppError, 'kind' | 'message'> = {},
): AppError => ({
  kind,
  message,
  ...extra,
})
