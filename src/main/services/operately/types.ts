/** The Operately shapes the rest of the app codes against, in one place. Parsers live in schemas.ts. */
export type {
  Assignment,
  AssignmentGroup,
  AssignmentOrigin,
  Assignments,
  CheckIn,
  CheckInChecklistItem,
  ContextualDate,
  Goal,
  GoalCheck,
  GoalCheckInRead,
  Person,
  Project,
  ProjectCheckInRead,
  ProjectContributor,
  Space,
  Subscriber,
  Target,
  TargetUpdate,
  Timeframe,
} from './schemas'
export type {
  CheckInStatus,
  ChecklistItemInput,
  ContextualDateInput,
  CreateCheckInInput,
  CreateProjectCheckInInput,
  UpdateDescriptionInput,
} from './bodies'
export type { OperatelyClient, OperatelyClientOptions, SearchPeopleInput, SearchScopeType } from './client'
