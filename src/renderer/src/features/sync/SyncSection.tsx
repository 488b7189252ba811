import { AllDone } from '../../ui/AllDone'
import { LoadedOrRetry } from '../../ui/LoadedOrRetry'
import { SectionScreen } from '../../ui/SectionScreen'
import { useEffect, useRef, useState } from 'react'
import type { DamagedItem, SyncItem, SyncView } from '@shared/domain/sync'
import { useNavigation } from '../../app/navigation'
import { VirtualGroups } from '../../app/VirtualGroups'
import { useSync, useSyncNow } from '../../bridge/sync'
import { Button } from '../../ui/Button'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import { ErrorAlert } from '../../ui/Notice'
import { AlertIcon } from '../../ui/icons'
import { errorTitle } from '../session/error-titles'
import { DamagedRow } from './DamagedRow'
import { useHeldRows } from './held-rows'
import {
  groupItems,
  hasAnything,
  haltedNotice,
  nextAttemptText,
  statusLine,
  waitingCount,
} from './sync-display'
import { SyncRow } from './SyncRow'

/** A row of the Sync view: an item waiting to be sent, or a queued file that could not be read. */
type Shown = { id: string; item: SyncItem; file?: never } | { id: string; file: DamagedItem; item?: never }

/** The whole queue waits for the person (signed out, token refused or read-only): say so, and where to go. */
function HaltedBanner({ view, onSignIn }: { view: SyncView; onSignIn: () => void }) {
  const halted = view.status.halted
  return (
    <div role="alert" className={halted ? 'alert alert--shown sync-halted' : 'alert'}>
      {halted ? (
        <>
          <AlertIcon className="alert__icon" />
          <div className="alert__text">
            <strong className="alert__title">{haltedNotice(halted).title}</strong>
            <p className="alert__message">{haltedNotice(halted).text}</p>
            <Button variant="secondary" className="compact-button sync-halted__action" onClick={onSignIn}>
              Sign in again
            </Button>
          </div>
        </>
      ) : null}
    </div>
  )
}

function SyncLists({ view, onDiscarded }: { view: SyncView; onDiscarded: (title: string) => void }) {
  // Captured per render: the poll re-renders every few seconds, which keeps "10:42" and "yesterday" right.
  const now = new Date()
  const { attention, waiting } = groupItems(view.items)
  const [held, hold] = useHeldRows()

  if (!hasAnything(view)) {
    return <AllDone>Nothing waiting. Everything you saved is on the server.</AllDone>
  }
  const shown = (items: readonly SyncItem[]): Shown[] => items.map((item) => ({ id: item.id, item }))
  // Only the rows on screen are drawn: a week offline can queue hundreds of check-ins.
  return (
    <VirtualGroups<Shown>
      groups={[
        { key: 'attention', label: 'Needs you', items: shown(attention) },
        {
          key: 'damaged',
          label: 'Could not be read',
          items: view.damaged.map((file) => ({ id: file.id, file })),
        },
        { key: 'waiting', label: 'Waiting to be sent', items: shown(waiting) },
      ]}
      renderItem={(row, placement) =>
        row.item ? (
          <SyncRow
            placement={placement}
            item={row.item}
            status={view.status}
            now={now}
            onDiscarded={onDiscarded}
            onHold={hold}
          />
        ) : (
          <DamagedRow placement={placement} file={row.file!} onDiscarded={onDiscarded} onHold={hold} />
        )
      }
      // Every row has "Discard…" at least.
      focusable={() => true}
      held={held}
      estimateItem={110}
      estimateTitle={26}
    />
  )
}

/**
 * The Sync view: what is saved on this computer and not yet on the server (description saves and
 * check-ins made offline or while Operately could not take them), whether the app reaches the server,
 * and what the person can do: send now, retry one item, discard one (after confirming), or open it.
 */
export function SyncSection() {
  const sync = useSync()
  const syncNow = useSyncNow()
  const { navigate } = useNavigation()
  const heading = useRef<HTMLHeadingElement>(null)
  const [note, setNote] = useState('')
  // F5 / Ctrl+R read the list again (sending is "Sync now", a choice of its own).
  useRefreshKeys(() => void sync.refetch())

  // A new screen: put focus on its title, so a screen reader says where the popup is.
  useEffect(() => {
    heading.current?.focus()
  }, [])

  const view = sync.data
  // The view's own error (nothing known and main did not answer), or a failed "Sync now".
  const problem = syncNow.error ?? (view ? null : sync.error)
  const waiting = waitingCount(view)
  const next = view ? nextAttemptText(view.status, waiting, new Date()) : null

  const onDiscarded = (title: string) => {
    setNote(`Discarded: ${title}.`)
    // The row that had focus is gone: start again from the title rather than from nowhere.
    heading.current?.focus()
  }

  return (
    <SectionScreen
      id="sync-title"
      ref={heading}
      title="Sync"
      beside={
        view ? (
          <div role="status" className="sync__status">
            <p
              className={
                view.status.online ? 'sync__status-line' : 'sync__status-line sync__status-line--offline'
              }
            >
              {view.status.online ? null : <span className="sync__status-dot" aria-hidden="true" />}
              {statusLine(view.status, waiting, new Date())}
            </p>
            {next ? <p className="sync__status-detail">{next}</p> : null}
          </div>
        ) : null
      }
      action={
        <Button
          variant="secondary"
          className="compact-button"
          busy={syncNow.isPending}
          busyLabel="Syncing…"
          onClick={() => {
            setNote('')
            syncNow.mutate()
          }}
        >
          Sync now
        </Button>
      }
    >
      {view ? <HaltedBanner view={view} onSignIn={() => navigate({ section: 'account' })} /> : null}
      <ErrorAlert title={problem ? errorTitle(problem.kind) : undefined} message={problem?.message} />
      <p className="visually-hidden" role="status">
        {note}
      </p>

      <LoadedOrRetry
        loading="Loading what is waiting…"
        pending={sync.isPending}
        retrying={sync.isFetching}
        onRetry={() => void sync.refetch()}
      >
        {view ? <SyncLists view={view} onDiscarded={onDiscarded} /> : null}
      </LoadedOrRetry>
    </SectionScreen>
  )
}
