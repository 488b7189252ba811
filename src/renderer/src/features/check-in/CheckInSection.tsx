import type { SessionState } from '@shared/session'
import '../../editor/editor.css'
import { CheckInScreen } from './CheckInScreen'
import { GoalPicker } from './GoalPicker'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

/** The check-ins section: the goal picker, or the check-in of one goal (fresh state per goal). */
export function CheckInSection({ session, goalId }: { session: SignedIn; goalId?: string | undefined }) {
  return goalId ? (
    <CheckInScreen key={goalId} session={session} goalId={goalId} />
  ) : (
    <GoalPicker canWrite={session.canWrite} />
  )
}
