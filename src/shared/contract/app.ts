import { z } from 'zod'
import { numberSettingsSchema } from '../domain/number-settings'
import { noInput } from './inputs'

/**
 * What became of a link the page asked main to open: `opened`; `cancelled` (the person chose Cancel in
 * main's dialog); or `refused` by the link policy, with the reason, which the page shows.
 */
export const linkOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('opened') }).strict(),
  z.object({ status: z.literal('cancelled') }).strict(),
  z.object({ status: z.literal('refused'), reason: z.string().max(300) }).strict(),
])

export type LinkOutcome = z.infer<typeof linkOutcomeSchema>

export const appOperations = {
  /**
   * Open a link in the default browser or mail program, under the one link policy
   * (main/services/app/link-policy.ts): an http(s) address or a mailto: link opens only after the person
   * chose Open in main's own dialog, which the page can neither see nor answer (the signed-in server's
   * pages are asked about once, then open at once); anything else is refused. The call returns once that
   * is decided.
   */
  'app.openExternal': {
    input: z.object({ url: z.string().max(2048) }).strict(),
    output: linkOutcomeSchema,
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
   * stands. `settings`: the decimal sign, separator and digits the person set in the OS, which win over
   * the locale's; each null where they set none.
   */
  'app.numberLocale': {
    input: noInput,
    output: z
      .object({ locale: z.string().min(1).max(100).nullable(), settings: numberSettingsSchema })
      .strict(),
  },
} as const
