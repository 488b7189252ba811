import { useAssignments } from '../../bridge/assignments'

/**
 * The Inbox tab's words: "Inbox" and, when goal check-ins are due now (overdue or today), their number in
 * a small badge. The number is read out with what it counts: "Inbox, 2 due" (one hidden phrase, since
 * browsers put spaces between the pieces of a name made of separate boxes).
 */
export function InboxTabLabel() {
  const due = useAssignments().data?.dueNowCount ?? 0
  if (due === 0) return <>Inbox</>
  return (
    <>
      <span aria-hidden="true">
        Inbox
        <span className="tab-badge">{due}</span>
      </span>
      <span className="visually-hidden">Inbox, {due} due</span>
    </>
  )
}
