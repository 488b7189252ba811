import { BridgeError } from './bridge-error'
import { call } from './operately'

/**
 * Opens a link in the default browser or mail program under main's link policy: a page of the signed-in
 * server opens at once; for any other web or e-mail address main asks its own question first, and this
 * resolves with what the person chose ('opened' or 'cancelled'). A link the policy refuses rejects with a
 * BridgeError (`invalid_input`) saying why it was not opened.
 */
export async function openInBrowser(url: string): Promise<'opened' | 'cancelled'> {
  const outcome = await call((bridge) => bridge.app.openExternal({ url }))
  if (outcome.status !== 'refused') return outcome.status
  throw new BridgeError({ kind: 'invalid_input', message: refusalMessage(outcome.reason) })
}

/** Main's reason as a sentence ("the address contains a user name or password" → "The address …."). */
const refusalMessage = (reason: string) => `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`
