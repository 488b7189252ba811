import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CheckInResult } from '@shared/domain/check-ins'
import type { SessionState } from '@shared/session'
import { useNavigation } from '../../app/navigation'
import { draftQueryKey, getDraft } from '../../bridge/drafts'
import { useGoal } from '../../bridge/goals'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { nextInRound } from '../inbox/round'
import { CheckInForm } from './CheckInForm'
import { CheckInResultView } from './CheckInResultView'
import { draftKeyFor } from './draft'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {what}
    </p>
  )
}

/** One goal's check-in: the goal and its draft are read, then the form, then what the server recorded. */
export function CheckInScreen({ session, goalId }: { session: SignedIn; goalId: string }) {
  const { route, navigate } = useNavigation()
  const round = route.section === 'check-ins' ? route.round : undefined
  const goal = useGoal(goalId)
  const draftKey = goal.data ? draftKeyFor(goal.data.id) : null
  const draft = useQuery({
    queryKey: draftQueryKey(draftKey ?? ''),
    queryFn: () => getDraft(draftKey!),
    enabled: draftKey !== null,
    // Read each time the form opens, and never kept: main's copy on disk is the only one.
    staleTime: 0,
    gcTime: 0,
  })
  const [result, setResult] = useState<CheckInResult | null>(null)
  const backToList = () => navigate({ section: 'check-ins' })

  if (result) {
    return (
      <CheckInResultView
        result={result}
        onBack={backToList}
        round={round}
        onNext={(next) =>
          // In the weekly round (started from the inbox) the round says which goal comes next.
          navigate(
            round
              ? nextInRound(round)
              : next
                ? { section: 'check-ins', goalId: next }
                : { section: 'check-ins' },
          )
        }
      />
    )
  }

  if (goal.isPending) return <Loading what="Loading the goal…" />

  if (goal.isError) {
    const missing = goal.error.kind === 'not_found' || goal.error.kind === 'invalid_input'
    return (
      <section className="check-in-missing" aria-labelledby="check-in-missing-title">
        <button type="button" className="ci-back" onClick={backToList}>
          <span aria-hidden="true">‹</span> All goals
        </button>
        <h1 id="check-in-missing-title" className="screen-title">
          {missing ? 'Goal not found' : 'The goal could not be loaded'}
        </h1>
        <ErrorAlert
          title={missing ? undefined : errorTitle(goal.error.kind)}
          message={
            missing
              ? 'There is no goal with this link or id that you can see. It may have been deleted, or you may not have access to it. Check the link, or pick the goal from the list.'
              : goal.error.message
          }
        />
        {missing ? (
          <Button onClick={backToList}>Back to goals</Button>
        ) : (
          <Button busy={goal.isFetching} busyLabel="Trying again…" onClick={() => void goal.refetch()}>
            Try again
          </Button>
        )}
      </section>
    )
  }

  if (draft.isPending) return <Loading what="Loading your draft…" />

  return (
    <CheckInForm
      goal={goal.data}
      canWrite={session.canWrite}
      personId={session.person.id}
      stored={draft.data ?? null}
      draftProblem={
        draft.isError
          ? `Your saved draft for this goal could not be read (${draft.error.message}). You are starting from the goal as it is now.`
          : null
      }
      onSubmitted={setResult}
      onBack={backToList}
    />
  )
}
