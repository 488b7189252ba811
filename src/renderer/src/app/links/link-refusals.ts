/**
 * Why the last link was not opened, if the popup is saying so. (Main asks its own question before a link
 * opens; the page only learns the outcome, and shows a refusal here.) A newer one replaces an older one.
 */
let current: string | null = null
const listeners = new Set<() => void>()

const changed = () => {
  for (const listener of listeners) listener()
}

export const linkRefusals = {
  show(message: string): void {
    current = message
    changed()
  },
  dismiss(): void {
    current = null
    changed()
  },
  current: (): string | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
