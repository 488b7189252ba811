import { AllDone } from '../../ui/AllDone'
import { LoadedOrRetry } from '../../ui/LoadedOrRetry'
import { SectionScreen } from '../../ui/SectionScreen'
import { useEffect, useId, useRef, useState } from 'react'
import type { AssignmentsView, InboxItem } from '@shared/domain/assignments'
import { useNavigation } from '../../app/navigation'
import { VirtualGroups, type Placement } from '../../app/VirtualGroups'
import { openInBrowser } from '../../bridge/app'
import { useAssignments, useRefreshAssignments } from '../../bridge/assignments'
import type { BridgeError } from '../../bridge/bridge-error'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { Freshness } from '../../ui/Freshness'
import { RefreshButton } from '../../ui/RefreshButton'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import {
  goalGroups,
  isInboxEmpty,
  itemName,
  kindLabel,
  reviewLabel,
  roundGoalIds,
  waitingText,
} from './inbox-display'
import { InboxRow } from './InboxRow'
import { ServerDraftRows } from './ServerDraftRows'
import { startRound, type RoundSummary } from './round'
import { RoundSummaryCard } from './RoundSummaryCard'

/** A button whose visible words are shared by every row and whose accessible name also says which row. */
function RowButton({
  label,
  about,
  onClick,
  variant = 'secondary',
}: {
  label: string
  about: string
  onClick: () => void
  variant?: 'primary' | 'secondary'
}) {
  return (
    <Button variant={variant} className="compact-button" onClick={onClick}>
      {label}
      <span className="visually-hidden"> {about}</span>
    </Button>
  )
}

/** An item as the list shows it: a goal check-in to write, a review, or something else owed. */
interface Shown {
  id: string
  item: InboxItem
  show: 'goal' | 'review' | 'other'
}

function InboxLists({ view, open }: { view: AssignmentsView; open: (url: string) => void }) {
  const { navigate } = useNavigation()
  const groups = goalGroups(view)
  const roundIds = roundGoalIds(view)
  // One goal due is no round: its "Write check-in" does the same.
  const names = Object.fromEntries(
    groups
      .flatMap((group) => group.items)
      .flatMap((item) => (item.goalId ? [[item.goalId, itemName(item)]] : [])),
  )
  const round = roundIds.length > 1 ? startRound(roundIds, names) : null
  const roundHintId = useId()

  if (isInboxEmpty(view)) {
    return <AllDone>Nothing is due. You’re all caught up.</AllDone>
  }

  // The next thing to do stands out: the round when there is one, else the most urgent check-in.
  const firstGoalItem = groups[0]?.items[0]
  const goalRow = (item: InboxItem, placement: Placement) => {
    const name = itemName(item)
    return (
      <InboxRow
        placement={placement}
        item={item}
        name={name}
        action={
          item.goalId ? (
            <RowButton
              label="Write check-in"
              about={`for ${name}`}
              variant={round === null && item === firstGoalItem ? 'primary' : 'secondary'}
              onClick={() => navigate({ section: 'check-ins', goalId: item.goalId! })}
            />
          ) : item.webUrl ? (
            <RowButton label="Open in Operately" about={`(${name})`} onClick={() => open(item.webUrl!)} />
          ) : null
        }
      />
    )
  }

  // The check-ins waiting for the person's acknowledgement, in the order listed: "Acknowledge and next".
  const reviews = view.toReview.flatMap((item) => (item.review ? [item.review] : []))
  const browserRow = (item: InboxItem, detail: string, placement: Placement) => {
    const name = itemName(item)
    const review = item.review
    return (
      <InboxRow
        placement={placement}
        item={item}
        name={name}
        detail={detail}
        // A check-in someone else wrote is not late for the reviewer: say how long it has waited.
        when={item.role === 'reviewer' ? waitingText(item.dueDate, new Date()) : null}
        action={
          // A check-in to acknowledge is read and acknowledged here.
          review ? (
            <RowButton
              label="Review"
              about={`the check-in on ${name}`}
              variant="secondary"
              onClick={() => {
                const at = reviews.indexOf(review)
                navigate({ section: 'inbox', review: { ref: review, next: reviews.slice(at + 1) } })
              }}
            />
          ) : // A project's weekly check-in is written here, like a goal's; the rest opens in Operately.
          item.projectId ? (
            <RowButton
              label="Write check-in"
              about={`for ${name}`}
              variant="secondary"
              onClick={() => navigate({ section: 'projects', projectId: item.projectId!, checkIn: true })}
            />
          ) : item.webUrl ? (
            <RowButton label="Open in Operately" about={`(${name})`} onClick={() => open(item.webUrl!)} />
          ) : null
        }
      />
    )
  }

  return (
    <>
      {round ? (
        <div className="inbox-round">
          <Button className="button--block" onClick={() => navigate(round)} aria-describedby={roundHintId}>
            Start check-ins ({roundIds.length})
          </Button>
          <p id={roundHintId} className="inbox-round__hint">
            Every goal due this week, one after another. Skipped ones stay due.
          </p>
        </div>
      ) : null}

      {groups.length === 0 ? <p className="inbox-none">No goal check-ins are due.</p> : null}
      {/* Only the rows on screen are drawn: a manager may owe hundreds of things. */}
      <VirtualGroups<Shown>
        groups={[
          ...groups.map((group) => ({
            key: group.key,
            label: group.title,
            items: group.items.map((item) => ({ id: item.id, item, show: 'goal' as const })),
          })),
          {
            key: 'review',
            label: 'Waiting for your review',
            items: view.toReview.map((item) => ({ id: item.id, item, show: 'review' as const })),
          },
          {
            key: 'other',
            label: 'Other assignments',
            items: view.other.map((item) => ({ id: item.id, item, show: 'other' as const })),
          },
        ]}
        renderItem={({ item, show }, placement) =>
          show === 'goal'
            ? goalRow(item, placement)
            : browserRow(item, show === 'review' ? reviewLabel(item.kind) : kindLabel(item.kind), placement)
        }
        focusable={({ item, show }) =>
          (show === 'goal' && item.goalId !== null) ||
          item.projectId !== null ||
          item.review !== null ||
          item.webUrl !== null
        }
        estimateItem={58}
        estimateTitle={24}
      />
    </>
  )
}

/**
 * The popup's home once signed in: the goal check-ins the person owes, grouped by when they are due,
 * what waits for their review, and everything else they owe, with how fresh the lists are. After a round
 * of check-ins, how the round went comes first.
 */
export function InboxSection({ roundSummary }: { roundSummary?: RoundSummary | undefined }) {
  const assignments = useAssignments()
  const refresh = useRefreshAssignments()
  const heading = useRef<HTMLHeadingElement>(null)
  const summaryHeading = useRef<HTMLHeadingElement>(null)
  const [openError, setOpenError] = useState<BridgeError | null>(null)
  useRefreshKeys(() => refresh.mutate())

  // A new screen: put focus on its title (or the round's summary), so a screen reader says where it is.
  useEffect(() => {
    ;(summaryHeading.current ?? heading.current)?.focus()
  }, [])

  const open = (url: string) => {
    setOpenError(null)
    openInBrowser(url).catch((error: BridgeError) => setOpenError(error))
  }

  const view = assignments.data
  // The lists' own error (nothing known yet and the server unreachable), or a failed "Refresh".
  const problem = refresh.error ?? (view ? null : assignments.error)

  return (
    <SectionScreen
      id="inbox-title"
      ref={heading}
      title="Inbox"
      beside={view ? <Freshness read={view} busy={view.refreshing} /> : null}
      action={<RefreshButton busy={refresh.isPending} onRefresh={() => refresh.mutate()} />}
    >
      {roundSummary ? <RoundSummaryCard ref={summaryHeading} summary={roundSummary} /> : null}
      <ErrorAlert title={problem ? errorTitle(problem.kind) : undefined} message={problem?.message} />
      <ErrorAlert
        title={openError ? 'The page could not be opened' : undefined}
        message={openError?.message}
      />

      <ServerDraftRows />
      <LoadedOrRetry
        loading="Loading what is due…"
        pending={assignments.isPending}
        retrying={assignments.isFetching}
        onRetry={() => void assignments.refetch()}
      >
        {view ? <InboxLists view={view} open={open} /> : null}
      </LoadedOrRetry>
    </SectionScreen>
  )
}
