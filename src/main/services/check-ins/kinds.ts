import { isProjectCheckIn, type CheckInSubject, type CreateCheckInInput } from '@shared/domain/check-ins'
import type { OperatelyClient } from '../operately/client'
import type { CheckIn, Goal, Project } from '../operately/types'
import { prepareCheckIn, type PreparedCheckIn } from './body'
import { prepareProjectCheckIn, type PreparedProjectCheckIn } from './project-body'

/**
 * The only places where a goal's check-in and a project's differ on their way to the server: which list
 * shows them, what is read before one is built, and which endpoint takes it. Everything else (the
 * outbox, the look before any re-send, claims, drafts, the result) is one mechanism for both.
 */

/** A request built against its goal or project as the server had it just before sending. */
export type Prepared =
  | { kind: 'goal'; goal: Goal; prepared: PreparedCheckIn }
  | { kind: 'project'; project: Project; prepared: PreparedProjectCheckIn }

/**
 * The check-ins of the subject, newest first: what the snapshot and every look read. Operately answers
 * `projects/list_check_ins` for a project the person cannot see with [] rather than a 404 (R41 in
 * e2e/emulator/README.md): an empty list is only taken as "none" once the project is seen to be there,
 * else a look after an unclear answer would take "hidden for a moment" for "not saved" and send it again.
 */
export async function listCheckInsOf(api: OperatelyClient, subject: CheckInSubject): Promise<CheckIn[]> {
  if (subject.kind === 'goal') return api.listCheckIns(subject.id)
  const list = await api.listProjectCheckIns(subject.id)
  if (list.length === 0) await api.getProject(subject.id)
  return list
}

/**
 * Reads the subject (its answer carries the version header that says whether what the server takes must
 * be asked again), then builds the request. A check-in to publish now needs nothing the probe finds: what
 * is known is used, and it never waits for nor pays for a probe (a server failing the probe would slow
 * every check-in). A draft or a schedule asks the server first.
 */
export async function prepareFor(
  api: OperatelyClient,
  input: CreateCheckInInput,
  /** `knownOnly`: never ask the server what it takes (a result view rebuilding what was sent). */
  options: { knownOnly?: boolean } = {},
): Promise<Prepared> {
  const publishNow = (input.publication?.mode ?? 'now') === 'now'
  const takes = async () =>
    publishNow || options.knownOnly ? api.knownCapabilities() : await api.capabilities()
  if (isProjectCheckIn(input)) {
    const project = await api.getProject(input.projectId)
    return { kind: 'project', project, prepared: prepareProjectCheckIn(input, project, await takes()) }
  }
  const goal = await api.getGoal(input.goalId)
  return { kind: 'goal', goal, prepared: prepareCheckIn(input, goal, await takes()) }
}

export function createFrom(api: OperatelyClient, sending: Prepared): Promise<CheckIn | null> {
  return sending.kind === 'goal'
    ? api.createCheckIn(sending.prepared.body)
    : api.createProjectCheckIn(sending.prepared.body)
}
