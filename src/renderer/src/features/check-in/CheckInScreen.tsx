import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { subjectDraftKey } from '@shared/contract/drafts'
import type { CheckInResult, CreateCheckInInput, QueuedCheckIn } from '@shared/domain/check-ins'
import type { Freshness as FreshnessFields } from '@shared/domain/freshness'
import type { SessionState } from '@shared/session'
import { useNavigation } from '../../app/navigation'
import type { BridgeError } from '../../bridge/bridge-error'
import { useNumberLocale } from './use-number-locale'
import { clearDraft, draftQueryKey, getDraft, saveDraft } from '../../bridge/drafts'
import { useCheckInSubmission, useGoal } from '../../bridge/goals'
import { useProjectCheckInDetail } from '../../bridge/projects'
import { useServerCapabilities } from '../../bridge/session'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { useRoundStep } from '../inbox/round'
import { CheckInForm } from './CheckInForm'
import { CheckInQueuedView } from './CheckInQueuedView'
import { CheckInResultView } from './CheckInResultView'
import { draftOfSubmission, submissionOfDraft } from './draft'
import { goalSubject, projectSubject, refOf, type CheckInFormSubject } from './check-in-subject'
import { Loading } from '../../ui/Loading'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

/** What the screen shows once a submission exists: it waits in the outbox, or it is on the server. */
type Shown =
  | { kind: 'waiting'; queued: QueuedCheckIn; submission: CreateCheckInInput }
  | { kind: 'sent'; result: CheckInResult; sentAt?: string | null; earlier?: boolean }

/** One goal's monthly check-in: the goal read for the form, the rest as for every check-in. */
export function CheckInScreen({ session, goalId }: { session: SignedIn; goalId: string }) {
  const { navigate } = useNavigation()
  const goal = readOf(useGoal(goalId))
  return (
    <CheckInFlow
      session={session}
      read={goal}
      toSubject={goalSubject}
      // In the weekly round a submitted check-in moves straight on to the next goal, saying how it went.
      round
      backLabel="All goals"
      onBack={() => navigate({ section: 'check-ins' })}
      words={{
        loading: 'Loading the goal…',
        notFound: 'Goal not found',
        notFoundText:
          'There is no goal with this link or id that you can see. It may have been deleted, or you may not have access to it. Check the link, or pick the goal from the list.',
        notLoaded: 'The goal could not be loaded',
        back: 'Back to goals',
      }}
    />
  )
}

/** One project's weekly check-in, opened from the inbox or the project's page: the same flow as a goal's. */
export function ProjectCheckInScreen({
  session,
  projectId,
  onBack,
  backLabel,
}: {
  session: SignedIn
  projectId: string
  onBack: () => void
  backLabel: string
}) {
  const project = readOf(useProjectCheckInDetail(projectId))
  return (
    <CheckInFlow
      session={session}
      read={project}
      toSubject={projectSubject}
      round={false}
      backLabel={backLabel}
      onBack={onBack}
      words={{
        loading: 'Loading the project…',
        notFound: 'Project not found',
        notFoundText:
          'There is no project with this link or id that you can see. It may have been deleted, or you may not have access to it.',
        notLoaded: 'The project could not be loaded',
        back: backLabel,
      }}
    />
  )
}

/** What the flow uses of the goal's or project's query. */
type SubjectRead<T> =
  | { status: 'pending'; data: undefined; error: null; isFetching: boolean; refetch: () => unknown }
  | { status: 'error'; data: T | undefined; error: BridgeError; isFetching: boolean; refetch: () => unknown }
  | { status: 'success'; data: T; error: null; isFetching: boolean; refetch: () => unknown }

/**
 * The query's fields, read in the component that holds the query. React Query re-renders a component only
 * for the fields it read while rendering: read in the child instead, an answer that came while the child
 * returned early (the number locale still loading) changed nothing it had read, and the screen stayed on
 * "Loading the goal…" with the goal's 404 already in.
 */
function readOf<T>(query: UseQueryResult<T, BridgeError>): SubjectRead<T> {
  const { status, data, error, isFetching, refetch } = query
  if (status === 'pending') return { status, data: undefined, error: null, isFetching, refetch }
  if (status === 'error') return { status, data, error, isFetching, refetch }
  return { status, data, error: null, isFetching, refetch }
}

/**
 * A check-in, a goal's or a project's: what it is for and its draft are read, then the form, then what
 * the server recorded. Each has one submission at a time: when one for it is still waiting in the outbox
 * (sent from another visit, queued offline, kept in the background, or cut short by a restart), the
 * screen shows that one, following it until it is in, never a second empty form.
 */
function CheckInFlow<T extends FreshnessFields>({
  session,
  read: goal,
  toSubject,
  round,
  backLabel,
  onBack,
  words,
}: {
  session: SignedIn
  /** The goal or project as main answers it (fresh, or the copy kept for offline). */
  read: SubjectRead<T>
  toSubject: (read: T) => CheckInFormSubject
  /** Whether the weekly round of goals moves on after a submission. */
  round: boolean
  backLabel: string
  onBack: () => void
  /** What the screen says while the goal or project loads, or when it cannot be. */
  words: { loading: string; notFound: string; notFoundText: string; notLoaded: string; back: string }
}) {
  const { navigate } = useNavigation()
  const queryClient = useQueryClient()
  const roundStep = useRoundStep()
  const subject = useMemo(() => (goal.data ? toSubject(goal.data) : null), [goal.data, toSubject])
  // Asked as the form opens: a server updated since sign-in is asked again (main keeps the answer).
  const takes = useServerCapabilities(goal.status === 'success')
  // Numbers are read and written the person's way (1,200.5 or 1.200,5): the OS's, asked of main once.
  const locale = useNumberLocale()
  const draftKey = subject ? subjectDraftKey(refOf(subject)) : null
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
  const waiting = useCheckInSubmission(subject ? refOf(subject) : null, draftSubmission, {
    follow: false,
    enabled: shown === null && !draft.isPending,
    recent: !another && openedWithoutDraft === true,
  })
  const backToList = onBack
  const openSync = () => navigate({ section: 'sync' })
  const onNext = (next: string | null) =>
    navigate(next ? { section: 'check-ins', goalId: next } : { section: 'check-ins' })
  /**
   * Before a waiting submission is taken back to be edited: the draft must hold it. It normally does (the
   * form writes it before submitting), but that write may have failed, or the draft been removed since;
   * the outbox copy is then the only one, and it is about to go.
   */
  const keepAsDraft = async (submission: CreateCheckInInput) => {
    if (!draftKey || !subject || locale === null) return
    const stored = await getDraft(draftKey)
    if (submissionOfDraft(stored.value) === submission.submissionId) return
    await saveDraft(draftKey, draftOfSubmission(submission, subject, new Date(), locale))
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
        backLabel={backLabel}
      />
    )
  }
  if (current?.kind === 'waiting') {
    return (
      <CheckInQueuedView
        key={current.queued.submissionId}
        queued={current.queued}
        submitted={current.submission}
        goalName={subject?.name ?? 'This check-in'}
        onNext={onNext}
        onBack={backToList}
        backLabel={backLabel}
        onOpenSync={openSync}
        onSent={(result) => setShown({ kind: 'sent', result })}
        onBackToForm={backToForm}
        keepAsDraft={keepAsDraft}
      />
    )
  }

  if (goal.status === 'pending') return <Loading what={words.loading} />

  if (goal.status === 'error') {
    const missing = goal.error.kind === 'not_found' || goal.error.kind === 'invalid_input'
    return (
      <section className="check-in-missing" aria-labelledby="check-in-missing-title">
        <button type="button" className="ci-back" onClick={backToList}>
          <span aria-hidden="true">‹</span> {backLabel}
        </button>
        <h1 id="check-in-missing-title" className="screen-title">
          {missing ? words.notFound : words.notLoaded}
        </h1>
        <ErrorAlert
          title={missing ? undefined : errorTitle(goal.error.kind)}
          message={missing ? words.notFoundText : goal.error.message}
        />
        {missing ? (
          <Button onClick={backToList}>{words.back}</Button>
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
      goal={subject!}
      backLabel={backLabel}
      canWrite={session.canWrite}
      takes={takes.data ?? session.capabilities}
      personId={session.person.id}
      locale={locale}
      stored={draft.data ?? null}
      draftProblem={
        draft.isError
          ? `Your saved draft for this check-in could not be read (${draft.error.message}). You are starting from the goal as it is now.`
          : null
      }
      freshness={goal.data}
      onSubmitted={(outcome, input) => {
        if (roundStep && round && subject) {
          // The round goes on; a check-in still on its way is followed by the Sync view and a notification.
          roundStep({
            goalId: subject.id,
            goalName: subject.name,
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
