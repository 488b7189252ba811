import type { assignmentOperations } from '@shared/contract/assignments'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { PendingNavigationBox } from '../reminders/pending-navigation'
import type { ReminderScheduler } from '../reminders/reminder-scheduler'
import type { AssignmentsService } from './assignments-service'

/** The inbox's operations: the lists, the reminder settings, and the navigation a notification asked for. */
export function createAssignmentHandlers(deps: {
  assignments: AssignmentsService
  reminders: Pick<ReminderScheduler, 'getSettings' | 'setSettings'>
  navigation: PendingNavigationBox
}): AreaHandlers<typeof assignmentOperations> {
  return {
    'assignments.get': (input) => deps.assignments.get(input.wait === undefined ? {} : { wait: input.wait }),
    'assignments.refresh': () => deps.assignments.refresh(),
    'reminders.getSettings': () => deps.reminders.getSettings(),
    'reminders.setSettings': (input) => deps.reminders.setSettings(input),
    'inbox.takePendingNavigation': async () => deps.navigation.take(),
  }
}
