/**
 * The Operately emulator: a small HTTP server that answers like Operately's external API on the
 * endpoints the app uses, with seeded data and fault switches. See e2e/emulator/README.md.
 */
export { startEmulator } from './server'
export { DEFAULT_TOKENS } from './tokens'
export { SEED_IDS } from './seed-ids'
export { RELEASE_VERSION_HEADERS, DEV_VERSION_HEADER, versionHeader } from './version-header'
export type { VersionHeaderForm } from './version-header'
export { BIG_SEED } from './seed-big'
export { SEED_NAMES } from './types'
export { defaultFaults } from './faults'
export { shortIdFromUuid, slugId, parseIdInput } from './ids'
export type {
  Emulator,
  EmulatorOptions,
  EmulatorState,
  EmulatorTokens,
  SeedName,
  Faults,
  RequestLogEntry,
  Person,
  Goal,
  Project,
  CheckIn,
  ProjectCheckIn,
  CheckInRecord,
  Target,
  GoalCheck,
  ContextualDate,
  Timeframe,
  RichDoc,
  ApiToken,
  AccessLevel,
  AccessRules,
} from './types'
