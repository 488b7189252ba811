import type { ServerCapabilities } from '@shared/server-capabilities'
import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { CheckInOutcome, CreateCheckInInput, Publication } from '@shared/domain/check-ins'
import type { Freshness as FreshnessFields } from '@shared/domain/freshness'
import { subjectDraftKey } from '@shared/contract/drafts'
import { clearDraft, saveDraft, type StoredDraft } from '../../bridge/drafts'
import { keepInBackground, useCreateCheckIn } from '../../bridge/goals'
import { searchMentionable } from '../../bridge/people'
import { EMPTY_EDITOR_DOC, RichTextEditor, type RichTextEditorHandle, type ServerDoc } from '../../editor'
import { Button } from '../../ui/Button'
import { LiveRegion } from '../../ui/LiveRegion'
import { Freshness } from '../../ui/Freshness'
import { LockIcon } from '../../ui/icons'
import { CheckInAlert } from './CheckInAlert'
import { CheckInHistory } from './CheckInHistory'
import { ChecklistField } from './ChecklistField'
import { refOf, type CheckInFormSubject } from './check-in-subject'
import { restoreDraft, toStoredDraft, type Json } from './draft'
import { draftErrorText } from './draft-errors'
import { createDraftSaver } from './draft-saver'
import { DueDateField } from './DueDateField'
import { FieldError } from './FieldError'
import { checkInFormSchema, prefillFrom, toCreateCheckInInput, type CheckInFormValues } from './form-values'
import { timeAgo } from './goal-display'
import { isEmptyMessage, MESSAGE_REQUIRED } from '@shared/domain/check-in-message'
import { NotifyField } from './NotifyField'
import { PublishControls } from './PublishControls'
import { StatusField } from './StatusField'
import { describeSubmitError, type FormArea, type SubmitProblem } from './submit-errors'
import { TargetFields } from './TargetFields'
import { useTargetTrends } from './use-target-trends'
import { weeklyTiming, weeklyTimingWords } from './weekly-schedule'
import type { NumberLocale } from './number-conventions'

type DraftNote =
  | { kind: 'restored'; savedAt: string | null }
  | { kind: 'pending' }
  /** Typed into the message, which the editor reports after a pause in typing: no save can hold it yet. */
  | { kind: 'typing' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string }
  | null

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

/** After this long without an answer, the form says it is still waiting and offers the background. */
const slowSubmitMs = 3_000

/** Why this check-in cannot be submitted, said before anything is typed; null when it can be. */
function blockReason(
  canWrite: boolean,
  goal: CheckInFormSubject,
): { title: string; text: string; short: string } | null {
  const what = goal.kind
  if (!canWrite) {
    return {
      title: 'This token can only read',
      text: 'You can fill in the check-in and it is kept as a draft, but Operately refuses check-ins sent with a read-only token. In Operately, open Account → API tokens, create a token with write access, and sign in again with it.',
      short: 'the signed-in token can only read.',
    }
  }
  if (goal.canEdit === false) {
    return {
      title: `You can view this ${what} but not check in on it`,
      text: `Only people with edit access to the ${what} can post check-ins. Ask its champion or an admin of its space for access. What you type is kept as a draft.`,
      short: `you do not have edit access to this ${what}.`,
    }
  }
  return null
}

export interface CheckInFormProps {
  /** The goal or project the check-in is for; a project has none of the goal's own parts. */
  goal: CheckInFormSubject
  canWrite: boolean
  /** What the signed-in server takes: which of "Save as draft" and "Schedule…" it can do. */
  takes: ServerCapabilities | null
  /** The signed-in person, left out of @mention suggestions. */
  personId: string
  /** How the person writes numbers (decimal sign, thousands separator), the same for the whole visit. */
  locale: NumberLocale
  /** The draft main had for this check-in when the form opened. */
  stored: StoredDraft | null
  /** Reading the draft failed: say so rather than silently starting from scratch. */
  draftProblem: string | null
  /** How fresh the goal shown is (the copy kept on this computer when Operately cannot be reached). */
  freshness: FreshnessFields
  /** The check-in was created, or queued to be created later; with what the form sent. */
  onSubmitted: (outcome: CheckInOutcome, input: CreateCheckInInput) => void
  onBack: () => void
  /** Where the back button goes, in words ("All goals", "Project"). */
  backLabel: string
}

export function CheckInForm({
  goal,
  canWrite,
  takes,
  personId,
  locale,
  stored,
  draftProblem,
  freshness,
  onSubmitted,
  onBack,
  backLabel,
}: CheckInFormProps) {
  const id = useId()
  const [now] = useState(() => new Date())
  const [prefill] = useState(() => prefillFrom(goal, now, locale))
  const [restored] = useState(() => (stored?.value != null ? restoreDraft(stored.value, prefill) : null))
  const draftKey = subjectDraftKey(refOf(goal))
  const isGoal = goal.kind === 'goal'
  const trends = useTargetTrends(goal)
  const checklistItems = useMemo(
    () => [...goal.checklist].sort((a, b) => a.index - b.index),
    [goal.checklist],
  )
  const schema = useMemo(() => checkInFormSchema(goal, locale), [goal, locale])
  const form = useForm<CheckInFormValues>({
    resolver: zodResolver(schema),
    defaultValues: restored?.values ?? prefill,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  })
  const { register, handleSubmit, formState, getValues, subscribe, reset } = form

  const heading = useRef<HTMLHeadingElement>(null)
  const alert = useRef<HTMLDivElement>(null)
  const blockedNotice = useRef<HTMLDivElement>(null)
  const editor = useRef<RichTextEditorHandle>(null)
  const message = useRef<Json | null>(restored?.message ?? null)
  const [editorValue, setEditorValue] = useState<unknown>(() => restored?.message ?? EMPTY_EDITOR_DOC)
  const [draftNote, setDraftNote] = useState<DraftNote>(() =>
    restored ? { kind: 'restored', savedAt: stored?.savedAt ?? null } : null,
  )
  const [saver] = useState(() =>
    createDraftSaver<Json>({
      save: (value) => saveDraft(draftKey, value),
      // A save that ends while the message has words the editor has not reported yet did not hold them.
      onSaved: () => setDraftNote((note) => (note?.kind === 'typing' ? note : { kind: 'saved' })),
      onError: (error) =>
        setDraftNote({ kind: 'error', message: draftErrorText(error, 'The draft could not be saved.') }),
    }),
  )

  const blocked = blockReason(canWrite, goal)
  // Said before anything is sent: a project's check-in written too early does not count for its week.
  const weeklyWords = weeklyTimingWords(goal.nextCheckInDue, now)
  const weekly = weeklyWords
    ? { words: weeklyWords, counts: weeklyTiming(goal.nextCheckInDue, now)?.counts ?? true }
    : null
  const createCheckIn = useCreateCheckIn()
  // A second click or Ctrl+Enter can arrive before React re-renders the disabled button.
  const inFlight = useRef(false)
  // Chosen at the first attempt and kept, in the draft too, until one succeeds: main never posts the same
  // submission twice. A draft submitted before (and not sent: main was asked) goes on as that submission.
  const submissionId = useRef<string | null>(restored?.submissionId ?? null)
  const [problem, setProblem] = useState<SubmitProblem | null>(null)
  // A submit that takes more than a few seconds says so, and can be let go on in the background.
  const [slowSubmission, setSlowSubmission] = useState<string | null>(null)
  const [backgroundError, setBackgroundError] = useState<string | null>(null)
  const pendingSubmission = createCheckIn.isPending ? (createCheckIn.variables?.submissionId ?? null) : null
  useEffect(() => {
    if (!pendingSubmission) return
    const timer = setTimeout(() => setSlowSubmission(pendingSubmission), slowSubmitMs)
    return () => clearTimeout(timer)
  }, [pendingSubmission])
  const slow = pendingSubmission !== null && slowSubmission === pendingSubmission
  const toBackground = () => {
    const id = pendingSubmission
    if (!id) return
    setBackgroundError(null)
    // Main answers the pending submit at once ("queued", being sent); the screen then follows it.
    keepInBackground(id).catch((error: unknown) =>
      setBackgroundError(error instanceof Error ? error.message : 'The app could not let it go on.'),
    )
  }

  // Opening the form puts focus on its heading, which also reads out why submitting is off, if it is.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
    heading.current?.closest('main')?.scrollTo({ top: 0 })
  }, [])

  const scheduleDraft = useCallback(() => {
    const submission = submissionId.current
    saver.schedule(
      toStoredDraft(
        {
          values: getValues(),
          message: message.current,
          ...(submission ? { submissionId: submission } : {}),
        },
        prefill,
      ),
    )
    // "Draft saved" stands for what is on screen: it goes quiet until the latest change is saved.
    setDraftNote((note) => (note?.kind === 'saved' ? { kind: 'pending' } : note))
  }, [saver, getValues, prefill])

  // Every change of a value (typing, a click, setValue) is a change to the draft.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => scheduleDraft() }),
    [subscribe, scheduleDraft],
  )

  // Leaving the form (another goal, another section) saves what is pending at once; so does the popup
  // being hidden or the page going away, as far as the page still gets to run.
  useEffect(() => {
    saver.open()
    const saveNow = () => void saver.flush()
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow()
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', saveNow)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', saveNow)
      saver.close()
    }
  }, [saver])

  // "Draft saved" goes at the first key into the message, not when the editor reports the words.
  const onMessageEdit = useCallback(() => {
    setDraftNote((note) =>
      note === null || note.kind === 'saved' || note.kind === 'pending' ? { kind: 'typing' } : note,
    )
  }, [])
  const onMessageChange = useCallback(
    (doc: ServerDoc) => {
      setDraftNote((note) => (note?.kind === 'typing' ? { kind: 'pending' } : note))
      message.current = doc as Json
      scheduleDraft()
      // "Message required" goes once there is one.
      if (!isEmptyMessage(doc)) setProblem((shown) => (shown?.message === MESSAGE_REQUIRED ? null : shown))
    },
    [scheduleDraft],
  )
  // "Start from this message" (the history above): loaded the way a restored draft is, unknown content
  // kept, and saved as the draft at once; with the note about mentions that became plain text.
  const [startNote, setStartNote] = useState<string | null>(null)
  const startFrom = useCallback(
    (doc: Json, note: string | null) => {
      message.current = doc
      setEditorValue(doc)
      setStartNote(note)
      scheduleDraft()
      editor.current?.focus()
    },
    [scheduleDraft],
  )
  const hasMessage = useCallback(
    () => !isEmptyMessage(editor.current?.getDocument() ?? message.current ?? EMPTY_EDITOR_DOC),
    [],
  )
  const mentionSearch = useCallback((query: string) => searchMentionable(query, [personId]), [personId])

  // Where focus goes once the screen shows the outcome of a submission: set with the state that shows it,
  // acted on right after React has put that on screen.
  const focusNext = useRef<'problem' | null>(null)
  const [focusTick, setFocusTick] = useState(0)
  useEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    if (target !== 'problem' || !problem) return
    if (problem.area === 'message') return editor.current?.focus()
    const area = problem.area ? document.getElementById(`${id}-area-${problem.area}`) : null
    const control = area?.querySelector<HTMLElement>('input:not([disabled]), select, button')
    ;(control ?? alert.current)?.focus()
  }, [focusTick, problem, id])

  // What the last attempt asked for: "Try again" repeats it, a draft stays a draft.
  const lastPublication = useRef<Publication | undefined>(undefined)

  const send = (values: CheckInFormValues, publication?: Publication) => {
    if (inFlight.current || blocked) return
    const doc: unknown = editor.current?.getDocument() ?? message.current ?? EMPTY_EDITOR_DOC
    if (isEmptyMessage(doc)) {
      focusNext.current = 'problem'
      setProblem({
        title: 'Message required',
        message: MESSAGE_REQUIRED,
        area: 'message',
        retry: false,
        ambiguous: false,
      })
      setFocusTick((tick) => tick + 1)
      return
    }
    submissionId.current ??= crypto.randomUUID()
    // The draft names the submission before main hears of it (flushed below).
    scheduleDraft()
    lastPublication.current = publication
    const input: CreateCheckInInput = {
      ...toCreateCheckInInput({
        values,
        goal,
        message: doc,
        submissionId: submissionId.current,
        locale,
      }),
      ...(publication ? { publication } : {}),
    }
    inFlight.current = true
    setProblem(null)
    // The draft holds exactly what is submitted before main queues it: "Edit" from "Needs you", or a form
    // opened after a restart, starts from these words.
    void saver
      .flush()
      .catch(() => undefined)
      .finally(() => submitInput(input))
  }

  const submitInput = (input: CreateCheckInInput) => {
    createCheckIn.mutate(input, {
      onSuccess: (outcome) => {
        if (outcome.outcome === 'created') {
          // The check-in is in: nothing typed from now on belongs to a draft.
          saver.stop()
          clearDraft(draftKey).catch((error: unknown) => {
            // Main removes the draft of a posted check-in itself; this second removal is only a backstop.
            console.warn('The draft of a posted check-in could not be removed', error)
          })
        } else {
          // Not on the server yet: main keeps the submission in the outbox, and the draft (written just
          // before submitting) stays until the server has the check-in. Nothing typed here changes it now.
          saver.stop()
        }
        onSubmitted(outcome, input)
      },
      onError: (error) => {
        focusNext.current = 'problem'
        setProblem(describeSubmitError(error))
        setFocusTick((tick) => tick + 1)
      },
      onSettled: () => {
        inFlight.current = false
      },
    })
  }

  // handleSubmit validates first; invalid fields get their message and the first of them gets focus.
  const submit = (publication?: Publication) => {
    // Nothing can be sent: say why again (the notice at the top) instead of checking fields for nothing.
    if (blocked) return blockedNotice.current?.focus()
    return handleSubmit((values) => send(values, publication))()
  }

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return
    // Caught before the editor sees it (where Ctrl+Enter would add a line break).
    event.preventDefault()
    event.stopPropagation()
    void submit()
  }

  const discardDraft = () => {
    reset(prefill)
    message.current = null
    setEditorValue({ ...EMPTY_EDITOR_DOC })
    saver.cancel()
    setDraftNote(null)
    clearDraft(draftKey).catch((error: unknown) =>
      setDraftNote({
        kind: 'error',
        message: error instanceof Error ? error.message : 'The draft could not be removed.',
      }),
    )
    heading.current?.focus()
  }

  const areaError = (area: FormArea): string | undefined =>
    problem?.area === area ? problem.message : undefined
  const topProblem = problem && problem.area === null ? problem : null
  const errors = formState.errors
  const blockedId = `${id}-blocked`
  const reasonId = `${id}-reason`

  return (
    <section className="check-in" aria-labelledby={`${id}-title`}>
      <header className="check-in__head">
        <div className="check-in__nav">
          <button type="button" className="ci-back" onClick={onBack}>
            <span aria-hidden="true">‹</span> {backLabel}
          </button>
          <p className="check-in__eyebrow">{isGoal ? 'New check-in' : 'New weekly check-in'}</p>
        </div>
        <h1
          id={`${id}-title`}
          ref={heading}
          tabIndex={-1}
          className="check-in__title"
          aria-describedby={blocked ? blockedId : undefined}
        >
          {goal.name}
        </h1>
        {goal.championName || goal.reviewerName ? (
          <p className="check-in__meta">
            {[
              goal.championName ? `Champion ${goal.championName}` : null,
              goal.reviewerName ? `Reviewer ${goal.reviewerName}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        <Freshness read={freshness} className="check-in__freshness" />
        {weekly ? (
          <p
            id={`${id}-week`}
            className={weekly.counts ? 'check-in__meta' : 'notice notice--warning check-in__week'}
          >
            {weekly.words}
          </p>
        ) : null}
      </header>

      {blocked ? (
        <div
          id={blockedId}
          ref={blockedNotice}
          tabIndex={-1}
          className="notice notice--warning check-in__blocked"
        >
          <p className="notice__title">
            <LockIcon className="notice__icon" />
            {blocked.title}
          </p>
          <p>{blocked.text}</p>
        </div>
      ) : null}
      {draftProblem ? <p className="check-in__draft-problem">{draftProblem}</p> : null}

      <CheckInAlert
        ref={alert}
        problem={topProblem}
        onRetry={() => void submit(lastPublication.current)}
        busy={createCheckIn.isPending}
      />

      <CheckInHistory subject={refOf(goal)} locale={locale} hasMessage={hasMessage} onStart={startFrom} />

      {/* A form landmark without a <form> element: the editor's link field is a form of its own, and forms
          cannot nest. Nothing here relies on implicit submission: the button and Ctrl+Enter submit. */}
      <div
        role="form"
        className="check-in__form"
        aria-labelledby={`${id}-title`}
        onKeyDownCapture={onKeyDownCapture}
      >
        <div id={`${id}-area-status`}>
          <StatusField
            register={register}
            previous={goal.status}
            error={errors.status?.message ?? areaError('status')}
          />
        </div>
        {/* The goal's own parts: a project's check-in has none. */}
        {isGoal ? (
          <>
            <div id={`${id}-area-due`}>
              <DueDateField form={form} current={goal.dueDate} now={now} areaError={areaError('due')} />
            </div>
            <div id={`${id}-area-targets`}>
              <TargetFields
                targets={goal.targets}
                form={form}
                locale={locale}
                history={trends}
                errors={errors.targets}
                areaError={areaError('targets')}
              />
            </div>
            <div id={`${id}-area-checklist`}>
              <ChecklistField items={checklistItems} register={register} areaError={areaError('checklist')} />
            </div>
          </>
        ) : null}
        <div id={`${id}-area-message`} className="ci-section">
          <div className="ci-section__label" aria-hidden="true">
            Message
          </div>
          <FieldError id={`${id}-message-error`} message={areaError('message')} />
          {/* Always there, so the note is announced as "Start from this message" puts it in. */}
          <LiveRegion
            label="Started from an earlier message"
            className={startNote ? 'notice notice--warning ci-start-note' : 'ci-start-note'}
          >
            {startNote}
          </LiveRegion>
          <RichTextEditor
            ref={editor}
            errorId={areaError('message') ? `${id}-message-error` : undefined}
            value={editorValue}
            onChange={onMessageChange}
            onEdit={onMessageEdit}
            mentionSearch={mentionSearch}
            label="Message"
            placeholder="What changed since the last check-in? Type @ to mention someone."
          />
        </div>
        <div id={`${id}-area-notify`}>
          <NotifyField
            form={form}
            candidates={goal.potentialSubscribers}
            areaError={areaError('notify')}
            kind={goal.kind}
          />
        </div>

        {blocked ? null : (
          <PublishControls
            takes={takes}
            kind={goal.kind}
            pending={createCheckIn.isPending}
            onPublish={(publication) => void submit(publication)}
          />
        )}

        <div className="ci-footer">
          <p className="ci-footer__draft" role="status">
            {draftNote?.kind === 'saved' ? 'Draft saved' : null}
            {draftNote?.kind === 'restored' ? (
              <>
                Draft restored{draftNote.savedAt ? ` from ${timeAgo(draftNote.savedAt, now)}` : ''} ·{' '}
                <button type="button" className="ci-link" onClick={discardDraft}>
                  Discard
                </button>
              </>
            ) : null}
            {draftNote?.kind === 'error' ? (
              <span className="ci-footer__draft-error">Draft not saved: {draftNote.message}</span>
            ) : null}
          </p>
          <div className="ci-footer__submit">
            <Button
              onClick={() => void submit()}
              busy={createCheckIn.isPending}
              busyLabel="Submitting…"
              aria-disabled={blocked ? true : undefined}
              // A check-in too early to count for its week: said at the button too, before it is sent.
              aria-describedby={
                blocked ? reasonId : weekly && !weekly.counts ? `${id}-week ${id}-shortcut` : `${id}-shortcut`
              }
              className={blocked ? 'button--blocked' : undefined}
            >
              Submit check-in
            </Button>
            {/* Always in the document, empty until the submission is slow: announced when it becomes so. */}
            <LiveRegion className="ci-slow__text" label="Submission progress">
              {slow
                ? 'Still waiting for Operately… Your check-in is saved on this computer and is sent once, whatever happens.'
                : null}
            </LiveRegion>
            {slow ? (
              <Button variant="secondary" className="ci-button-small" onClick={toBackground}>
                Keep it in the background
              </Button>
            ) : null}
            <LiveRegion role="alert" className="ci-footer__reason">
              {slow ? backgroundError : null}
            </LiveRegion>
            {blocked ? (
              <p id={reasonId} className="ci-footer__reason">
                Submitting is off: {blocked.short}
              </p>
            ) : (
              <p id={`${id}-shortcut`} className="ci-footer__shortcut">
                or {isMac ? '⌘' : 'Ctrl'}+Enter
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
