import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import type { ReviewRef } from '@shared/domain/reviews'
import type { RoundStep, RoundSummary } from '../features/inbox/round'

/**
 * Where the popup is. Five sections, some with an optional item open in it. Kept in memory only: what
 * must survive closing the popup (drafts, queued saves) lives in main, not in the route.
 */
export type Route =
  /**
   * `roundSummary`: a round of check-ins just ended here; the inbox shows how it went. `review`: a check-in
   * to acknowledge, read in the popup, with the ones waiting after it ("Acknowledge and next").
   */
  | { section: 'inbox'; roundSummary?: RoundSummary; review?: { ref: ReviewRef; next: ReviewRef[] } }
  /**
   * `round`: during the weekly round of check-ins ("Start check-ins" in the inbox), the goals still to
   * visit after `goalId`, in order; `roundLog`: what became of the goals visited before; `roundNames`:
   * their names, for a goal that leaves the inbox meanwhile. All absent outside a round.
   */
  | {
      section: 'check-ins'
      goalId?: string
      round?: string[]
      roundLog?: RoundStep[]
      /** The round's goals by id, named as the inbox listed them when the round started. */
      roundNames?: Record<string, string>
    }
  /** `checkIn`: the project's weekly check-in form rather than its description. */
  | { section: 'projects'; projectId?: string; checkIn?: boolean }
  /** What is saved on this computer but not yet on the server (the outbox). */
  | { section: 'sync' }
  | { section: 'account' }

export type Section = Route['section']

interface Navigation {
  route: Route
  navigate(route: Route): void
}

const NavigationContext = createContext<Navigation | null>(null)

export function NavigationProvider({ initial, children }: { initial: Route; children: ReactNode }) {
  const [route, navigate] = useState<Route>(initial)
  const value = useMemo(() => ({ route, navigate }), [route])
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext)
  if (!navigation) throw new Error('useNavigation must be used inside NavigationProvider')
  return navigation
}
