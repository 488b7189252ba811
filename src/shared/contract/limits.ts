// Bounds of the contract the renderer needs at run time, kept apart from the zod schemas that enforce
// them so the popup's first screen can read them without loading the schema library.

/**
 * How many ids one question about edit rights may name: a screenful of rows and then some. More would let
 * a page make main send thousands of requests with one call.
 */
export const EDIT_RIGHTS_IDS_PER_CALL = 50
