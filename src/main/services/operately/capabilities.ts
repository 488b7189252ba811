import type { ServerCapabilities } from '@shared/server-capabilities'
import { AppFailure, appError } from '@shared/errors'
import type { ApiRequest, RawAnswer } from './http'

/**
 * Asks the server what `goals/create_check_in` takes, with requests it must refuse: nothing is created.
 *
 * Operately parses a request's inputs before it looks at the token (TurboConnect's ParseInputs, then
 * RequireApiToken, EnforceTokenAccessMode, RequiredFieldValidator; operately-api.md §1). A body holding
 * only the key in question therefore stops at parsing on a server that does not know the key (400
 * "Unknown input field", or 500 where the name is unknown to the server altogether), and otherwise goes on
 * to be refused for the token (401, 403) or for the fields it lacks (400 "Missing required fields: …").
 * Only those three answers mean "taken"; none of them reaches the handler.
 */

const endpoint = 'goals/create_check_in'

type Verdict = 'taken' | 'not_taken'

const missingFields = (said: string | null): string[] | null => {
  const match = /^Missing required fields:\s*(.*)$/i.exec(said ?? '')
  return match ? match[1]!.split(',').map((field) => field.trim().replace(/\.$/, '')) : null
}

function verdictOf(answer: RawAnswer, key: string): Verdict {
  if (answer.status === 401 || answer.status === 403) return 'taken'
  if (answer.status === 400 && missingFields(answer.said)) return 'taken'
  if (answer.status === 400 && /unknown input field/i.test(answer.said ?? '')) return 'not_taken'
  if (answer.status === 500 && answer.fromServer) return 'not_taken'
  // A proxy's 502, a 2xx to a body with no goal: no answer Operately gives. Better unknown than wrong.
  throw new AppFailure(
    appError(
      'server_error',
      `The server answered the app's question about "${key}" in a way Operately does not (status ${answer.status}), so the app cannot tell what it takes. It asks again later.`,
      { status: answer.status },
    ),
  )
}

export async function probeCapabilities(
  answerOf: (req: ApiRequest) => Promise<RawAnswer>,
  serverVersion: () => string | null,
  now: () => number = Date.now,
): Promise<ServerCapabilities> {
  const ask = (body: Record<string, unknown>) => answerOf({ method: 'POST', path: endpoint, body })

  const draftAnswer = await ask({ post_as_draft: false })
  const drafts = verdictOf(draftAnswer, 'post_as_draft') === 'taken'
  // Any moment a year ahead: the value must parse, and the missing fields stop the request before the
  // handler would check that it lies in the future.
  const scheduleAnswer = await ask({ scheduled_at: new Date(now() + 365 * 86_400_000).toISOString() })
  const schedule = verdictOf(scheduleAnswer, 'scheduled_at') === 'taken'
  // With a write token, the list of missing fields names `due_date` where the server still requires it (a
  // refused token cannot tell); a server that stopped at the unknown key is asked again with no key at all.
  const fields = missingFields((drafts ? draftAnswer : await ask({})).said)
  return {
    header: serverVersion(),
    drafts,
    schedule,
    dueDateRequired: fields ? fields.includes('due_date') : null,
  }
}
