import type { LinkQuestion } from '@shared/contract/app'

/**
 * What the link prompt shows, if anything: a question about a link to another site ("Open example.com in
 * your browser?"), or why a link was not opened. One at a time; a newer one replaces an older one, whose
 * question then simply expires in main (an unanswered question never opens anything).
 */
export type LinkPrompt = { kind: 'ask'; question: LinkQuestion } | { kind: 'refused'; message: string }

let current: LinkPrompt | null = null
const listeners = new Set<() => void>()

export const linkPrompts = {
  show(prompt: LinkPrompt): void {
    current = prompt
    for (const listener of listeners) listener()
  },
  dismiss(): void {
    current = null
    for (const listener of listeners) listener()
  },
  current: (): LinkPrompt | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
