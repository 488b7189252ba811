import { linkPrompts } from '../app/links/link-prompt-store'
import { call } from './operately'

/**
 * Opens a link in the default browser under main's link policy: a page of the signed-in server opens at
 * once; a link to another site makes the popup ask first; anything else rejects with a BridgeError
 * (`invalid_input`) saying it was not opened.
 */
export async function openInBrowser(url: string): Promise<void> {
  const outcome = await call((bridge) => bridge.app.openExternal({ url }))
  if (outcome.status === 'ask') linkPrompts.show({ kind: 'ask', question: outcome.question })
}

/** The question a navigation left in main (after the `operately:link-question` signal), if any. */
export const takeLinkQuestion = () =>
  call((bridge) => bridge.app.takeLinkQuestion()).then((answer) => answer.question)

/** The person's answer; main opens the address it kept for the question, never one sent from here. */
export const answerLinkQuestion = (id: string, open: boolean) =>
  call((bridge) => bridge.app.answerLinkQuestion({ id, open }))
