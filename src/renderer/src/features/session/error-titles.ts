import type { ErrorKind } from '@shared/errors'

/**
 * A short headline for each kind of failure, shown above main's message (which says what to do).
 * A Record keyed by every kind: adding a kind to the contract fails the typecheck until it has words here.
 */
const titles: Record<ErrorKind, string> = {
  invalid_input: 'Something in the form is not right',
  unauthorized: 'The server did not accept this token',
  read_only_token: 'This token can only read',
  forbidden: 'You do not have permission',
  not_found: 'Not found',
  bad_request: 'The server refused the request',
  server_error: 'The server ran into a problem',
  unsupported_server: 'This does not look like an Operately server',
  invalid_response: 'The server sent an answer the app cannot use',
  offline: 'Cannot reach the server',
  timeout: 'The server took too long to answer',
  keychain_unavailable: 'Your system keychain is not available',
  not_signed_in: 'You are signed out',
  disk: 'The app could not write to its data folder',
  internal: 'Something went wrong in the app',
}

export const errorTitle = (kind: ErrorKind): string => titles[kind]
