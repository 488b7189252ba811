import type { MainServices } from '../../create-services'

/**
 * A person's first minute after signing in, as the main services see it, without a window: the inbox's
 * first poll (the shell starts it; the next one is 15 minutes away), then the popup's screens as the
 * renderer calls them: the Check-ins tab (the goals list, then the edit rights of the rows of its first
 * screen), a filter typed into it (the rights of the first screen of the matches), the Projects tab and a
 * filter there, the inbox and the Sync view. The rows on screen are the first `ROWS_ON_SCREEN` rows, as in
 * the popup at its usual size (380×560); the renderer names only the rows the list could not settle.
 *
 * Used by the request-budget test (permissions/first-minute.test.ts) and by `npm run bench`, which
 * count what reached the server.
 */

/** Rows of a list the popup shows at once, with some to spare. */
export const ROWS_ON_SCREEN = 12

interface Row {
  id: string
  name: string
  canEdit: boolean | null
}

async function run<T>(services: MainServices, name: string, input: unknown = {}): Promise<T> {
  const result = await services.dispatch(name, input)
  if (!result.ok) throw new Error(`${name}: ${result.error.kind}: ${result.error.message}`)
  return result.value as T
}

/** What the renderer asks for a screenful of rows: the rights of those the list left unknown. */
async function shown(services: MainServices, area: 'goals' | 'projects', rows: Row[]): Promise<void> {
  const unknown = rows.slice(0, ROWS_ON_SCREEN).filter((row) => row.canEdit === null)
  if (unknown.length > 0) await run(services, `${area}.editRights`, { ids: unknown.map((row) => row.id) })
}

const matching = (rows: Row[], words: string) =>
  rows.filter((row) => row.name.toLowerCase().includes(words.toLowerCase()))

export async function firstMinuteScreens(
  services: MainServices,
  filters: { goals: string; projects: string },
): Promise<void> {
  services.assignments.start()
  const { goals } = await run<{ goals: Row[] }>(services, 'goals.list')
  await shown(services, 'goals', goals)
  await shown(services, 'goals', matching(goals, filters.goals))
  const { projects } = await run<{ projects: Row[] }>(services, 'projects.list')
  await shown(services, 'projects', projects)
  await shown(services, 'projects', matching(projects, filters.projects))
  await run(services, 'assignments.get')
  await run(services, 'sync.get')
}

/** API requests the server saw, by endpoint (`GET goals/get`), and how many in all. */
export function requestsByEndpoint(requests: ReadonlyArray<{ method: string; endpoint: string | null }>): {
  byEndpoint: Record<string, number>
  total: number
} {
  const byEndpoint: Record<string, number> = {}
  for (const r of requests) {
    const key = `${r.method} ${r.endpoint ?? '(not an endpoint)'}`
    byEndpoint[key] = (byEndpoint[key] ?? 0) + 1
  }
  return { byEndpoint, total: requests.length }
}
