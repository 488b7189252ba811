import { z } from 'zod'

export const appOperations = {
  /**
   * Open a page of the signed-in Operately server in the default browser. Main accepts only http(s)
   * URLs on that server's origin; anything else is refused with `invalid_input`.
   */
  'app.openExternal': {
    input: z.object({ url: z.string().max(2048) }).strict(),
    output: z.object({}).strict(),
  },
  /**
   * Hide the popup: the page asks on an Escape that nothing on the page used (closing a mention list, a
   * link field or a menu uses it up), so Escape first closes the innermost thing, then the popup.
   */
  'app.hidePopup': { input: z.object({}).strict(), output: z.object({}).strict() },
} as const
