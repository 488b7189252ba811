import { deterministicUuid } from './ids'

/**
 * Canonical UUIDs of every seeded record. They never change between runs; the short ids and slugs on
 * the wire are derived from them (`slugId`, `datedId`).
 */
export const SEED_IDS = {
  company: deterministicUuid('company:analytical-engines'),
  spaces: {
    engineering: deterministicUuid('space:engineering'),
    product: deterministicUuid('space:product'),
    leadership: deterministicUuid('space:leadership'),
  },
  people: {
    ada: deterministicUuid('person:ada'),
    grace: deterministicUuid('person:grace'),
    alan: deterministicUuid('person:alan'),
    katherine: deterministicUuid('person:katherine'),
    edsger: deterministicUuid('person:edsger'),
    barbara: deterministicUuid('person:barbara'),
    charles: deterministicUuid('person:charles'),
  },
  /**
   * Mary Somerville left the company and her account was deleted: not a person of the company any more,
   * yet the oldest check-in on shipEngine still mentions her (Operately answers 500 to a new mention).
   */
  formerPerson: deterministicUuid('person:mary-somerville'),
  goals: {
    /** Ada champions; check-in owed since the 1st of this month; three earlier check-ins, values rising. */
    shipEngine: deterministicUuid('goal:ship-engine'),
    /** Ada champions; checked in this month, next due on the 1st of next month. */
    supportBacklog: deterministicUuid('goal:support-backlog'),
    /** Grace champions, Ada reviews; Grace's latest check-in awaits Ada's acknowledgement. */
    dataTeam: deterministicUuid('goal:data-team'),
    /** Ada can view but not edit (403 on create_check_in). */
    compilerHandbook: deterministicUuid('goal:compiler-handbook'),
    /** Ada can comment but not edit (403); no timeframe, no targets. */
    onboardingDocs: deterministicUuid('goal:onboarding-docs'),
    /** Ada cannot see it (404). */
    acquisition: deterministicUuid('goal:acquisition'),
  },
  projects: {
    /** Ada champions: edit. */
    launchSite: deterministicUuid('project:launch-site'),
    /** Ada contributes with edit access. */
    mobileBeta: deterministicUuid('project:mobile-beta'),
    /** Ada can view but not edit (403). */
    warehouse: deterministicUuid('project:warehouse'),
    /** Ada cannot see it (404). */
    payroll: deterministicUuid('project:payroll'),
    /** Ada champions; paused; description is null. */
    officeMove: deterministicUuid('project:office-move'),
    /**
     * Only in the `project-check-ins` seed: Edsger champions, Ada reviews; Edsger's latest weekly
     * check-in awaits Ada's acknowledgement.
     */
    testSuite: deterministicUuid('project:test-suite'),
    /** Only in the `project-check-ins` seed: Ada champions; never checked in, owed since a week before last Friday. */
    exhibit: deterministicUuid('project:exhibit'),
  },
  /** Project check-ins; in the usual seed all published and acknowledged. */
  projectCheckIns: {
    /** Ada's on Launch site, two and one week before the last Friday, and on it (`project-check-ins` drops this one). */
    launchSite1: deterministicUuid('project-check-in:launch-site-1'),
    launchSite2: deterministicUuid('project-check-in:launch-site-2'),
    launchSite3: deterministicUuid('project-check-in:launch-site-3'),
    /** Katherine's on Mobile app beta, acknowledged by Edsger. */
    mobileBeta1: deterministicUuid('project-check-in:mobile-beta-1'),
    /** Only in the `project-check-ins` seed: Edsger's on the test suite, not yet acknowledged by Ada. */
    testSuite1: deterministicUuid('project-check-in:test-suite-1'),
  },
} as const
