import { z } from 'zod'

/**
 * The number signs a person set in their OS (Windows' regional settings, macOS's Language & Region), which
 * win over their locale's defaults: someone in Germany who chose `.` as the decimal sign has `1.200` read
 * their way. Each part is null when the OS has no setting of its own, or one that cannot be a number sign.
 */
export const numberSettingsSchema = z
  .object({
    /** The decimal sign: one to three characters, no digit. */
    decimal: z.string().min(1).max(3).nullable(),
    /** The thousands separator; empty when the person groups with nothing. */
    group: z.string().max(3).nullable(),
    /** Windows' digit substitution: always Latin digits, or the locale's own ("national"). */
    digits: z.enum(['latin', 'native']).nullable(),
  })
  .strict()

export type NumberSettings = z.infer<typeof numberSettingsSchema>
