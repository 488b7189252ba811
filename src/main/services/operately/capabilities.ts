import type { ServerCapabilities } from '@shared/server-capabilities'
import { AppFailure, appError } from '@shared/errors'
import type { ApiRequest, RawAnswer } from './http'

/**
 * Asks the server what `goals/create_check_in` and `projects/create_check_in` take, with requests it must refuse: nothing is created.
 *
 * Operately parses a request's inputs before it looks at the token (TurboConnect's ParseInputs, then
 * RequireApiToken, EnforceTokenAccessMode, RequiredFieldValidator; operately-api.md §1). A body holding
 * only the key in question therefore stops at parsing on a server that does not know the key (400
 * "Unknown input field", or 500 where the name is unknown to the server altogether), and otherwise goes on
 * to be refused for the token (401, 403) or for the fields it lacks (400 "Missing required fields: …").
 * Only those three answers mean "taken"; none of them reaches the handler.
 */

type Verdict = 'taken' | 'not_taken'
/** A 500 from the server: a key it has no atom for, or a moment's failure (its database away). */
type Answered = Verdict | 'crashed'

const missingFields = (said: string | null): string[] | null => {
  const match = /^Missing required fields:\s*(.*)$/i.exec(said ?? '')
  return match ? match[1]!.split(',').map((field) => field.trim().replace(/\.$/, '')) : null
}

const unknownAnswer = (key: string, status: number): AppFailure =>
  new AppFailure(
    appError(
      'server_error',
      `The server answered the app's question about "${key}" in a way Operately does not (status ${status}), so the app cannot tell what it takes. It asks again later.`,
      { status },
    ),
  )

/** An answer that stopped before the handler for a body the server read: 401, 403, missing fields. */
const refusedAsExpected = (answer: RawAnswer): boolean =>
  answer.status === 401 || answer.status === 403 || (answer.status === 400 && !!missingFields(answer.said))

function verdictOf(answer: RawAnswer, key: string): Answered {
  if (refusedAsExpected(answer)) return 'taken'
  if (answer.status === 400 && /unknown input field/i.test(answer.said ?? '')) return 'not_taken'
  if (answer.status === 500 && answer.fromServer) return 'crashed'
  // A proxy's 502, a 2xx to a body with no goal: no answer Operately gives. Better unknown than wrong.
  throw unknownAnswer(key, answer.status)
}

/** What one create endpoint takes, and the fields its refusal of a bare body named (null: not said). */
interface EndpointTakes {
  drafts: boolean
  schedule: boolean
  missing: string[] | null
}

async function probeEndpoint(
  answerOf: (req: ApiRequest) => Promise<RawAnswer>,
  endpoint: string,
  now: () => number,
): Promise<EndpointTakes> {
  const ask = (body: Record<string, unknown>) => answerOf({ method: 'POST', path: endpoint, body })

  const draftBody = { post_as_draft: false }
  // Any moment a year ahead: the value must parse, and the missing fields stop the request before the
  // handler would check that it lies in the future.
  const scheduleBody = { scheduled_at: new Date(now() + 365 * 86_400_000).toISOString() }
  const draftAnswer = await ask(draftBody)
  let drafts = verdictOf(draftAnswer, 'post_as_draft')
  let schedule = verdictOf(await ask(scheduleBody), 'scheduled_at')
  // With a write token, the list of missing fields names `due_date` where the server still requires it (a
  // refused token cannot tell); a server that stopped at the unknown key is asked again with no key at all.
  const plain = drafts === 'taken' ? null : await ask({})
  if (drafts === 'crashed' || schedule === 'crashed') {
    // A 500 is "not taken" only from a server that is otherwise well (it reads a body without the key as
    // always) and that fails the same way when asked again: a 1.8 server whose database is away for a
    // moment must not be kept as one that takes neither drafts nor scheduling until its next upgrade.
    const control = plain ?? (await ask({}))
    if (!refusedAsExpected(control)) throw unknownAnswer(endpoint, control.status)
    const again = async (body: Record<string, unknown>, key: string): Promise<Verdict> => {
      const verdict = verdictOf(await ask(body), key)
      return verdict === 'crashed' ? 'not_taken' : verdict
    }
    if (drafts === 'crashed') drafts = await again(draftBody, 'post_as_draft')
    if (schedule === 'crashed') schedule = await again(scheduleBody, 'scheduled_at')
  }
  return {
    drafts: drafts === 'taken',
    schedule: schedule === 'taken',
    missing: missingFields((plain ?? draftAnswer).said),
  }
}

/**
 * Both kinds of check-in are asked, each at its own endpoint: the keys came to both in the same releases,
 * but what the app offers on a project's form is what that endpoint was found to take, never inferred.
 */
export async function probeCapabilities(
  answerOf: (req: ApiRequest) => Promise<RawAnswer>,
  serverVersion: () => string | null,
  now: () => number = Date.now,
): Promise<ServerCapabilities> {
  const goals = await probeEndpoint(answerOf, 'goals/create_check_in', now)
  const projects = await probeEndpoint(answerOf, 'projects/create_check_in', now)
  return {
    header: serverVersion(),
    drafts: goals.drafts,
    schedule: goals.schedule,
    dueDateRequired: goals.missing ? goals.missing.includes('due_date') : null,
    projects: { drafts: projects.drafts, schedule: projects.schedule },
  }
}
