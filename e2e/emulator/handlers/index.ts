import type { EndpointTable } from '../endpoint'
import { acknowledgeGoalCheckIn, acknowledgeProjectCheckIn } from './acknowledge-check-in'
import { getAssignmentsCount, listAssignments } from './assignments'
import { createCheckIn } from './create-check-in'
import { getCheckIn, getGoal, listCheckIns, listGoals } from './goals'
import { getUnreadCount } from './notifications'
import { getMe, listPeople, searchPeople } from './people'
import { createProjectCheckIn, getProjectCheckIn, listProjectCheckIns } from './project-check-ins'
import { getProject, listProjects, updateDescription } from './projects'

/** Every endpoint the emulator serves, by `<namespace>/<name>`. */
export const endpoints: EndpointTable = {
  'people/get_me': getMe,
  'people/search': searchPeople,
  'people/list': listPeople,
  'people/list_assignments': listAssignments,
  'people/get_assignments_count': getAssignmentsCount,
  'projects/list': listProjects,
  'projects/get': getProject,
  'projects/update_description': updateDescription,
  'projects/create_check_in': createProjectCheckIn,
  'projects/list_check_ins': listProjectCheckIns,
  'projects/get_check_in': getProjectCheckIn,
  'projects/acknowledge_check_in': acknowledgeProjectCheckIn,
  'goals/list': listGoals,
  'goals/get': getGoal,
  'goals/list_check_ins': listCheckIns,
  'goals/get_check_in': getCheckIn,
  'goals/create_check_in': createCheckIn,
  'goals/acknowledge_check_in': acknowledgeGoalCheckIn,
  'notifications/get_unread_count': getUnreadCount,
}
