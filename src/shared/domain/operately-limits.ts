/**
 * Operately accepts request bodies up to 256 MB (Phoenix counts 1,000,000 bytes to the MB). Whatever the
 * app sends it, and keeps on the way (drafts, the outbox), must fit what it takes, not a smaller guess.
 */
export const OPERATELY_MAX_BODY_BYTES = 256_000_000

/**
 * The most characters a rich-text document can have and still be sent: each one is at least a byte of
 * the request body. (A document close to this may still be refused by the server, whose 413 the client
 * turns into words; nothing larger is worth taking in.)
 */
export const MAX_RICH_TEXT_CHARS = OPERATELY_MAX_BODY_BYTES
