import { sha256Hex } from '../storage/sha256-hex'

/**
 * The texts main last served to a window, by draft key, so a draft may name one by its hash instead of
 * carrying it (drafts.save `served`). A description draft stores the server version it edits, a megabyte
 * for a long description: main served that text when the project opened, and the window's first draft
 * need not send it back.
 *
 * Only the newest text per key counts (a draft edits what was opened last), and only a few keys are kept:
 * each entry holds a string the cache and the window hold anyway. The hash is worked out when first asked.
 */
export interface ServedTexts {
  /** `text` was served for the draft `key`. */
  remember(key: string, text: string): void
  /** The text served for `key` whose SHA-256 (hex, of its UTF-8) is `sha256`; null when there is none. */
  find(key: string, sha256: string): string | null
}

/** Keys remembered: a person has a few projects open over a session, never hundreds at once. */
const KEPT_KEYS = 16

export function createServedTexts(kept = KEPT_KEYS): ServedTexts {
  const byKey = new Map<string, { text: string; hash: string | null }>()
  return {
    remember(key, text) {
      // The newest last: Map keeps insertion order, so the first key is the one served longest ago.
      byKey.delete(key)
      byKey.set(key, { text, hash: null })
      while (byKey.size > kept) byKey.delete(byKey.keys().next().value as string)
    },
    find(key, sha256) {
      const entry = byKey.get(key)
      if (!entry) return null
      entry.hash ??= sha256Hex(entry.text)
      return entry.hash === sha256 ? entry.text : null
    },
  }
}
