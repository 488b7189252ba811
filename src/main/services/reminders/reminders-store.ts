import { join } from 'node:path'
import { z } from 'zod'
import { calendarDateSchema } from '@shared/domain/assignments'
import { TIME_PATTERN } from '@shared/domain/working-time'
import type { Logger } from '../log/logger'
import { createJsonFile } from '../storage/json-file'

/**
 * `<dataDir>/reminders.json`: the user's reminder settings (null until they choose, so a default set by
 * policy still applies) and which reminders went out on which local day, so a restart never repeats one.
 */
export const notifiedSchema = z
  .object({
    /** The local day the "due today" reminder went out. */
    dueOn: calendarDateSchema.nullable(),
    /** The local day the one "overdue" reminder went out. */
    overdueOn: calendarDateSchema.nullable(),
  })
  .strict()
export type Notified = z.infer<typeof notifiedSchema>

export const remindersStateSchema = z
  .object({
    // Not the contract's schema: a hand-edited value that breaks a rule (a time inside the quiet hours,
    // no working day, a day that is none, quiet hours at 25:00) is replaced by the default when used
    // (working-hours.ts), not thrown away, so it never costs the rest of the file (what was sent, the
    // switch). Files written before working days and quiet hours existed have neither: the defaults apply.
    settings: z
      .object({
        enabled: z.boolean(),
        time: z.string().regex(TIME_PATTERN),
        workingDays: z.array(z.string()).optional(),
        quietHours: z.object({ from: z.string(), to: z.string() }).strict().optional(),
      })
      .strict()
      .nullable(),
    /** Keyed by `<item id>@<due date>`: the same goal due next month is a new item. */
    notified: z.record(z.string(), notifiedSchema),
  })
  .strict()
export type RemindersState = z.infer<typeof remindersStateSchema>

export const emptyRemindersState: RemindersState = { settings: null, notified: {} }

export interface RemindersStore {
  read(): Promise<RemindersState>
  write(state: RemindersState): Promise<void>
}

export const remindersPath = (dataDir: string) => join(dataDir, 'reminders.json')

export function createRemindersStore(dataDir: string, log: Logger): RemindersStore {
  return createJsonFile(remindersPath(dataDir), remindersStateSchema, emptyRemindersState, log)
}
