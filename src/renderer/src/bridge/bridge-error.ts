import type { AppError, ErrorField, ErrorKind } from '@shared/errors'

/**
 * A failed bridge call, as the UI sees it. Components switch on `kind` and place the message next to
 * `field` when there is one; they never look at status codes or message wording.
 */
export class BridgeError extends Error {
  readonly kind: ErrorKind
  readonly field: ErrorField | undefined
  readonly retryAfterSeconds: number | undefined

  constructor(error: AppError) {
    super(error.message)
    this.name = 'BridgeError'
    this.kind = error.kind
    this.field = error.field
    this.retryAfterSeconds = error.retryAfterSeconds
  }
}

/** When the bridge itself is missing or broken there is no server error to show: say what to do. */
export const bridgeUnavailable = (): BridgeError =>
  new BridgeError({
    kind: 'internal',
    message: 'The app’s background service did not answer. Quit Operately Tray and open it again.',
  })

// Lets react-query type every `error` it hands out as a BridgeError, so `error.kind` needs no cast.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: BridgeError
  }
}
