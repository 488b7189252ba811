import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { SyncView } from '@shared/domain/sync'
import type { CheckInOutcome, CreateCheckInInput } from '@shared/domain/check-ins'
import { sameId } from '@shared/ids'
import type { SessionState } from '@shared/session'
import { useNavigation } from '../../app/navigation'
import { useNumberLocale } from './use-number-locale'
import { draftQueryKey, getDraft } from '../../bridge/drafts'
import { useGoal } from '../../bridge/goals'
import { useSyncPick } from '../../bridge/sync'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { useRoundStep } from '../inbox/round'
import { CheckInForm } from './CheckInForm'
import { CheckInQueuedView } from './CheckInQueuedView'
import { CheckInResultView } from './CheckInResultView'
import { draftKeyFor } from './draft'
import { Loading } from '../../ui/Loading'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

/**
 * One goal's check-in: the goal and its draft are read, then the form, then what the server recorded (or,
 * when Operately could not be reached, that the check-in waits in the outbox).
 */
export function CheckInScreen({ session, goalId }: { session: SignedIn; goalId: string }) {
  const { navigate } = useNavigation()
  // In the weekly round a submitted check-in moves straight on to the next goal, saying how this one went.
  const roundStep = useRoundStep()
  const goal = useGoal(goalId)
  // Numbers are read and written the person's way (1,200.5 or 1.200,5): the OS's, asked of main once.
  const locale = useNumberLocale()
  const draftKey = goal.data ? draftKeyFor(goal.data.id) : null
  const draft = useQuery({
    queryKey: draftQueryKey(draftKey ?? ''),
    queryFn: () => getDraft(draftKey!),
    enabled: draftKey !== null,
    // Read each time the form opens, and never kept: main's copy on disk is the only one.
    staleTime: 0,
    gcTime: 0,
  })
  const [submitted, setSubmitted] = useState<{ outcome: CheckInOutcome; input: CreateCheckInInput } | null>(
    null,
  )
  // A check-in for this goal already waiting in the outbox: the form says so, so it is not written twice.
  const shownGoalId = goal.data?.id ?? null
  const waitingSince = useSyncPick(
    useCallback(
      (view: SyncView) =>
        view.items.find(
          (item) => item.kind === 'check-in' && shownGoalId !== null && sameId(item.targetId, shownGoalId),
        )?.createdAt ?? null,
      [shownGoalId],
    ),
  ).data
  const waiting = submitted ? null : (waitingSince ?? null)
  const backToList = () => navigate({ section: 'check-ins' })
  const openSync = () => navigate({ section: 'sync' })
  const onNext = (next: string | null) =>
    navigate(next ? { section: 'check-ins', goalId: next } : { section: 'check-ins' })

  if (submitted?.outcome.outcome === 'created') {
    return (
      <CheckInResultView
        result={submitted.outcome}
        locale={locale ?? 'en-US'}
        onBack={backToList}
        onNext={onNext}
      />
    )
  }
  if (submitted?.outcome.outcome === 'queued') {
    return (
      <CheckInQueuedView
        queued={submitted.outcome}
        submitted={submitted.input}
        goalName={goal.data?.name ?? 'This goal'}
        onNext={onNext}
        onBack={backToList}
        onOpenSync={openSync}
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

  if (draft.isPending || locale === null) return <Loading what="Loading your draft…" />

  return (
    <CheckInForm
      goal={goal.data}
      canWrite={session.canWrite}
      personId={session.person.id}
      locale={locale}
      stored={draft.data ?? null}
      draftProblem={
        draft.isError
          ? `Your saved draft for this goal could not be read (${draft.error.message}). You are starting from the goal as it is now.`
          : null
      }
      freshness={goal.data}
      waitingSince={waiting}
      onOpenSync={openSync}
      onSubmitted={(outcome, input) =>
        roundStep
          ? roundStep({
              goalId: goal.data.id,
              goalName: goal.data.name,
              outcome: outcome.outcome === 'created' ? 'sent' : 'queued',
              status: input.status,
            })
          : setSubmitted({ outcome, input })
      }
      onBack={backToList}
    />
  )
}
