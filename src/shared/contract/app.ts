import { z } from 'zod'
import { noInput } from './inputs'

/** "Open example.com in your browser?": a link to another site, waiting for the person's answer. */
export const linkQuestionSchema = z
  .object({
    /** Main's name for the question; the answer refers to it, never to an address. */
    id: z.string().min(1).max(64),
    /** The site, as the address really names it (punycode for look-alike names), with any port. */
    host: z.string(),
    /** The whole address, shown under the question so the person sees where it goes. */
    url: z.string(),
  })
  .strict()

export type LinkQuestion = z.infer<typeof linkQuestionSchema>

export const linkOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('opened') }).strict(),
  z.object({ status: z.literal('ask'), question: linkQuestionSchema }).strict(),
  z.object({ status: z.literal('refused'), reason: z.string() }).strict(),
])

export type LinkOutcome = z.infer<typeof linkOutcomeSchema>

export const appOperations = {
  /**
   * Open a link in the default browser, under the one link policy (main/services/app/link-policy.ts):
   * a page of the signed-in server opens at once (`opened`); another http(s) address comes back as a
   * question for the popup to ask (`ask`, answered with app.answerLinkQuestion); anything else is refused
   * with `invalid_input`.
   */
  'app.openExternal': {
    input: z.object({ url: z.string().max(2048) }).strict(),
    output: z.discriminatedUnion('status', [
      z.object({ status: z.literal('opened') }).strict(),
      z.object({ status: z.literal('ask'), question: linkQuestionSchema }).strict(),
    ]),
  },
  /**
   * The question a navigation left (a link the page followed by itself, window.open): main tells the
   * popup there is one with the DOM event `operately:link-question`, and the page takes it here, once.
   */
  'app.takeLinkQuestion': {
    input: noInput,
    output: z.object({ question: linkQuestionSchema.nullable() }).strict(),
  },
  /** The person's answer. Main opens the address it kept for `id`; a stale or unknown id opens nothing. */
  'app.answerLinkQuestion': {
    input: z.object({ id: z.string().min(1).max(64), open: z.boolean() }).strict(),
    output: z.object({ opened: z.boolean() }).strict(),
  },
  /**
   * Hide the popup: the page asks on an Escape that nothing on the page used (closing a mention list, a
   * link field or a menu uses it up), so Escape first closes the innermost thing, then the popup.
   */
  'app.hidePopup': { input: noInput, output: z.object({}).strict() },
  /**
   * The locale the OS writes numbers in (Windows' regional format, macOS's region, LANG on Linux): target
   * values are read that way, even when the app's language is another (English Windows in Germany reads
   * "1,200" as one point two). Null where main cannot tell (the browser harness): the page's language
   * stands.
   */
  'app.numberLocale': {
    input: noInput,
    output: z.object({ locale: z.string().min(1).max(100).nullable() }).strict(),
  },
} as const
