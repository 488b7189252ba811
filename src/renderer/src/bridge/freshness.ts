/**
 * How long a list read from the server (goals, projects) is shown without asking again: opening the popup,
 * or a list screen, with an older list reads it again. Main does the same for what is due.
 */
export const LIST_FRESH_MS = 30_000
