import { z } from 'zod'

/**
 * What the signed-in Operately server takes, found by asking it (main's capability probe), never by
 * reading its version header: a release image sends its build date and git hash there, a development
 * server `dev-version` (operately-api.md §1). Shared: main builds check-ins by it, the form offers
 * only what the server takes.
 */
export const serverCapabilitiesSchema = z
  .object({
    /** The `x-operately-version` the answers carried; asked again when the server sends another. */
    header: z.string().nullable(),
    /** `post_as_draft`: the server keeps a check-in unpublished (Operately 1.7 and later). */
    drafts: z.boolean(),
    /** `scheduled_at`: the server publishes a check-in at a chosen time (Operately 1.8 and later). */
    schedule: z.boolean(),
    /**
     * Whether `goals/create_check_in` still requires `due_date` (1.5 and 1.6); null when the token could
     * not tell (a read-only token is refused before the list of missing fields is made).
     */
    dueDateRequired: z.boolean().nullable(),
    /**
     * The same two keys at `projects/create_check_in`, asked there. Absent in answers kept before project
     * check-ins: such an answer is asked again before a project's form relies on it.
     */
    projects: z.object({ drafts: z.boolean(), schedule: z.boolean() }).strict().optional(),
  })
  .strict()
export type ServerCapabilities = z.infer<typeof serverCapabilitiesSchema>

/** Which publishing choices a kind of check-in has on this server; null while not known. */
export const publishingTakes = (
  takes: ServerCapabilities | null,
  kind: 'goal' | 'project',
): { drafts: boolean; schedule: boolean } | null => {
  if (!takes) return null
  if (kind === 'goal') return { drafts: takes.drafts, schedule: takes.schedule }
  return takes.projects ?? null
}
