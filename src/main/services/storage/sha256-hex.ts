import { createHash } from 'node:crypto'

/**
 * The SHA-256 of a text's UTF-8 bytes, as lowercase hex. File names on disk (drafts, delivered
 * records) and the renderer's served-text names are built from it, so its output may never change.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')
