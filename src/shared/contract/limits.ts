// Bounds of the contract the renderer needs at run time, kept apart from the zod schemas that enforce
// them so the popup's first screen can read them without loading the schema library.

/**
 * How many ids one question about edit rights may name: a screenful of rows and then some. More would let
 * a page make main send thousands of requests with one call.
 */
export const EDIT_RIGHTS_IDS_PER_CALL = 50

/**
 * How many rows of a long list the page asks for first (goals, projects): more than a tall window shows,
 * so the first screen is whole while the rest of the list is on its way.
 */
export const FIRST_SCREEN_ROWS = 40

/** The most rows a page may ask for as its first screen; a larger first part would defeat the split. */
export const FIRST_SCREEN_ROWS_MAX = 500
