import { z } from 'zod'
import {
  assignmentsViewSchema,
  pendingNavigationSchema,
  reminderSettingsInputSchema,
  reminderSettingsSchema,
} from '../domain/assignments'
import { noInput } from './inputs'

/** The due check-ins inbox, its reminders, and the one navigation a notification click asks for. */
export const assignmentOperations = {
  /**
   * What the person owes, grouped on their calendar. Answers at once from what main already knows (the
   * last server answer, kept on disk); only when nothing is known yet does it wait for the server. With
   * `wait: true` it first lets a request that is under way (`refreshing`) finish.
   */
  'assignments.get': {
    input: z.object({ wait: z.boolean().optional() }).strict(),
    output: assignmentsViewSchema,
  },
  /**
   * Asks the server now, and answers with what it said. Call after the user changed something (a
   * check-in was sent) or pressed "Refresh". When the server cannot be reached the answer is the saved
   * lists with `fromCache: true` and `lastError`; it fails only when nothing was ever saved.
   */
  'assignments.refresh': { input: noInput, output: assignmentsViewSchema },
  'reminders.getSettings': { input: noInput, output: reminderSettingsSchema },
  'reminders.setSettings': { input: reminderSettingsInputSchema, output: reminderSettingsSchema },
  /**
   * The goal whose check-in form a notification click asked to open, handed out once (a second call
   * answers `{ goalId: null }`). The renderer asks whenever the popup becomes visible or gains focus.
   */
  'inbox.takePendingNavigation': { input: noInput, output: pendingNavigationSchema },
} as const
