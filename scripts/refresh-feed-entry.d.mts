// Types for scripts/refresh-feed-entry.mjs (its tests import it from TypeScript).
export function refreshFeedEntry(
  feedText: string,
  name: string,
  file: { sha512: string; size: number },
): string
