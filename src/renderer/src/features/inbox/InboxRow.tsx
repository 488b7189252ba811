import type { ReactNode } from 'react'
import type { InboxItem } from '@shared/domain/assignments'
import type { Placement } from '../../app/VirtualGroups'

/**
 * One thing owed: what it is about, when it is due, and the one action that deals with it. The action's
 * accessible name says which item it acts on ("Write check-in for …"), since every row has one.
 */
export function InboxRow({
  item,
  name,
  detail,
  when,
  action,
  placement,
}: {
  item: InboxItem
  name: string
  /** A line under the name, before the due label ("Goal check-in to acknowledge"). */
  detail?: string
  /** Said instead of the item's due label ("Waiting 3 days" for a review). */
  when?: string | null
  action: ReactNode
  /** Where the row sits in a list that draws only the rows on screen. */
  placement?: Placement
}) {
  // Late work of your own is marked; a check-in someone else wrote late is only dated.
  const overdue = item.role !== 'reviewer' && item.dueLabel.startsWith('Overdue')
  return (
    <li {...placement} className={placement ? `inbox-row ${placement.className}` : 'inbox-row'}>
      <div className="inbox-row__text">
        <span className="inbox-row__name">{name}</span>
        <span className="inbox-row__meta">
          {detail ? <>{detail} · </> : null}
          <span className={overdue ? 'inbox-row__due inbox-row__due--overdue' : 'inbox-row__due'}>
            {when ?? item.dueLabel}
          </span>
        </span>
      </div>
      <div className="inbox-row__action">{action}</div>
    </li>
  )
}
