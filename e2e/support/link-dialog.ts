import type { LinkQuestion } from '../../src/main/services/app/link-policy'
import type { AskBeforeOpening } from '../../src/main/services/app/link-service'

/**
 * Main's native link dialog (shell/link-dialog.ts), stood in for in the browser harness, which has no
 * Electron: the services ask it exactly as they ask the real one, and each question waits until the
 * test answers Open or Cancel, as the person would. The page sees none of it, as in the app.
 */
export interface LinkDialogStandIn {
  /** Every question main asked, oldest first. */
  readonly asked: LinkQuestion[]
  ask: AskBeforeOpening
  /** The person's answer to the open question: Open (true) or Cancel (false). */
  answer(open: boolean): void
}

export function linkDialogStandIn(): LinkDialogStandIn {
  const asked: LinkQuestion[] = []
  const waiting: ((open: boolean) => void)[] = []
  return {
    asked,
    ask: (question) => {
      asked.push(question)
      return new Promise((resolve) => waiting.push(resolve))
    },
    answer(open) {
      const next = waiting.shift()
      if (!next) throw new Error('main asked no question that is still waiting for an answer')
      next(open)
    },
  }
}
