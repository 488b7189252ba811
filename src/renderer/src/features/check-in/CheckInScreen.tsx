import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { CheckInResult, CreateCheckInInput, QueuedCheckIn } from '@shared/domain/check-ins'
import type { SessionState } from '@shared/session'
import { useNavigation } from '../../app/navigation'
import { useNumberLocale } from './use-number-locale'
import { clearDraft, draftQueryKey, getDraft, saveDraft } from '../../bridge/drafts'
import { useCheckInSubmission, useGoal } from '../../bridge/goals'
import { useServerCapabilities } from '../../bridge/session'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { useRoundStep } from '../inbox/round'
import { CheckInForm } from './CheckInForm'
import { CheckInQueuedView } from './CheckInQueuedView'
import { CheckInResultView } from './CheckInResultView'
import { draftKeyFor, draftOfSubmission, submissionOfDraft } from './draft'
import { Loading } from '../../ui/Loading'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

/** What the screen shows once a submission exists: it waits in the outbox, or it is on the server. */
type Shown =
  | { kind: 'waiting'; queued: QueuedCheckIn; submission: CreateCheckInInput }
  | { kind: 'sent'; result: CheckInResult; sentAt?: string | null; earlier?: boolean }

/**
 * One goal's check-in: the goal and its draft are read, then the form, then what the server recorded. A
 * goal has one submission at a time: when one for it is still waiting in the outbox (sent from another
 * visit, queued offline, kept in the background, or cut short by a restart), the screen shows that one,
 * following it until it is in, never a second empty form.
 */
export function CheckInScreen({ session, goalId }: { session: SignedIn; goalId: string }) {
  const { navigate } = useNavigation()
  const queryClient = useQueryClient()
  // In the weekly round a submitted check-in moves straight on to the next goal, saying how this one went.
  const roundStep = useRoundStep()
  const goal = useGoal(goalId)
  // Asked as the form opens: a server updated since sign-in is asked again (main keeps the answer).
  const takes = useServerCapabilities(goal.isSuccess)
  // Numbers are read and written the person's way (1,200.5 or 1.200,5): the OS's, asked of main once.
  const locale = useNumberLocale()
  const draftKey = goal.data ? draftKeyFor(goal.data.id) : null
  const [shown, setShown] = useState<Shown | null>(null)
  // "Write another check-in": the person chose a second one over the one sent lately (see below).
  const [another, setAnother] = useState(false)
  const draft = useQuery({
    queryKey: draftQueryKey(draftKey ?? ''),
    queryFn: () => getDraft(draftKey!),
    enabled: draftKey !== null && shown === null,
    // Read each time the form opens, and never kept: main's copy on disk is the only one.
    staleTime: 0,
    gcTime: 0,
  })
  // The submission the draft was submitted as, if it was: main says how that one ended. A draft can
  // outlive its check-in (the app stopped after the server had it, before the draft was removed), and
  // such a draft must open on what the server recorded, never as a form whose edits would go nowhere.
  const draftSubmission = draft.data ? submissionOfDraft(draft.data.value) : null
  // A submission of this goal already in the outbox when the screen opened (or after an edit was undone);
  // with no draft at all, the check-in sent from this computer in the last day, in this run or an earlier
  // one: the goal opens on that, and a second check-in is a deliberate step, never a blank form by default.
  // Decided once, from the draft as the screen found it: a draft written (or read again) while the form
  // is open must not swap the form out for another question.
  const [openedWithoutDraft, setOpenedWithoutDraft] = useState<boolean | null>(null)
  if (openedWithoutDraft === null && draft.data) setOpenedWithoutDraft(draft.data.value === null)
  const waiting = useCheckInSubmission(goal.data?.id ?? null, draftSubmission, {
    follow: false,
    enabled: shown === null && !draft.isPending,
    recent: !another && openedWithoutDraft === true,
  })
  const backToList = () => navigate({ section: 'check-ins' })
  const openSync = () => navigate({ section: 'sync' })
  const onNext = (next: string | null) =>
    navigate(next ? { section: 'check-ins', goalId: next } : { section: 'check-ins' })
  /**
   * Before a waiting submission is taken back to be edited: the draft must hold it. It normally does (the
   * form writes it before submitting), but that write may have failed, or the draft been removed since;
   * the outbox copy is then the only one, and it is about to go.
   */
  const keepAsDraft = async (submission: CreateCheckInInput) => {
    if (!draftKey || !goal.data || locale === null) return
    const stored = await getDraft(draftKey)
    if (submissionOfDraft(stored.value) === submission.submissionId) return
    await saveDraft(draftKey, draftOfSubmission(submission, goal.data, new Date(), locale))
    // The form opens on what is read now, not on the (missing) draft read when the screen opened.
    await queryClient.invalidateQueries({ queryKey: draftQueryKey(draftKey) })
  }
  /** Back to the form (edited, or discarded from the Sync view): its draft and the outbox are read again. */
  const backToForm = () => {
    setShown(null)
    void queryClient.invalidateQueries({ queryKey: ['check-in-submission'] })
  }

  const found = waiting.data?.status === 'waiting' ? waiting.data : null
  const sentBefore = waiting.data?.status === 'sent' ? waiting.data : null
  useEffect(() => {
    // The draft held a check-in that is on the server: it is done with (main removes it after a delivery
    // it sees; this one it did not get to).
    if (!sentBefore || !draftKey) return
    clearDraft(draftKey).catch((error: unknown) =>
      console.warn('The draft of a posted check-in could not be removed', error),
    )
  }, [sentBefore, draftKey])
  const current: Shown | null =
    shown ??
    (found
      ? { kind: 'waiting', queued: found.queued, submission: found.submission }
      : sentBefore
        ? { kind: 'sent', result: sentBefore.result, sentAt: sentBefore.sentAt, earlier: true }
        : null)

  // Every view below writes or shows numbers the person's way: none opens before the locale is known.
  if (locale === null) return <Loading what="Loading your check-in…" />
  if (current?.kind === 'sent') {
    const writeAnother = () => {
      setAnother(true)
      setShown(null)
    }
    return (
      <CheckInResultView
        result={current.result}
        locale={locale}
        onBack={backToList}
        onNext={onNext}
        sentAt={current.sentAt ?? null}
        onWriteAnother={current.earlier ? writeAnother : null}
      />
    )
  }
  if (current?.kind === 'waiting') {
    return (
      <CheckInQueuedView
        key={current.queued.submissionId}
        queued={current.queued}
        submitted={current.submission}
        goalName={goal.data?.name ?? 'This goal'}
        onNext={onNext}
        onBack={backToList}
        onOpenSync={openSync}
        onSent={(result) => setShown({ kind: 'sent', result })}
        onBackToForm={backToForm}
        keepAsDraft={keepAsDraft}
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

  // Main answers from memory and disk, without the network: worth waiting for, so no second form flashes.
  if (draft.isPending || waiting.isPending) return <Loading what="Loading your draft…" />

  return (
    <CheckInForm
      goal={goal.data}
      canWrite={session.canWrite}
      takes={takes.data ?? session.capabilities}
      personId={session.person.id}
      locale={locale}
      stored={draft.data ?? null}
      draftProblem={
        draft.isError
          ? `Your saved draft for this goal could not be read (${draft.error.message}). You are starting from the goal as it is now.`
          : null
      }
      freshness={goal.data}
      onSubmitted={(outcome, input) => {
        if (roundStep) {
          // The round goes on; a check-in still on its way is followed by the Sync view and a notification.
          roundStep({
            goalId: goal.data.id,
            goalName: goal.data.name,
            outcome: outcome.outcome === 'created' ? 'sent' : 'queued',
            status: input.status,
          })
          return
        }
        setShown(
          outcome.outcome === 'created'
            ? { kind: 'sent', result: outcome }
            : { kind: 'waiting', queued: outcome, submission: input },
        )
      }}
      onBack={backToList}
    />
  )
}
