import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { SyncItem, SyncView } from '@shared/domain/sync'
import { useNavigation } from '../../app/navigation'
import { useSync, useSyncNow } from '../../bridge/sync'
import { Button } from '../../ui/Button'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import { ErrorAlert } from '../../ui/Notice'
import { AlertIcon, CheckIcon } from '../../ui/icons'
import { errorTitle } from '../session/error-titles'
import { DamagedRow } from './DamagedRow'
import {
  groupItems,
  hasAnything,
  haltedNotice,
  nextAttemptText,
  statusLine,
  waitingCount,
} from './sync-display'
import { SyncRow } from './SyncRow'
import { Loading } from '../../ui/Loading'

/** A titled list of rows; its heading names the region, so each group can be found by its title. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="sync-group" aria-labelledby={id}>
      <h2 id={id} className="sync-group__title">
        {title}
      </h2>
      <ul className="sync-group__list">{children}</ul>
    </section>
  )
}

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
  const row = (item: SyncItem) => (
    <SyncRow key={item.id} item={item} status={view.status} now={now} onDiscarded={onDiscarded} />
  )

  const damaged =
    view.damaged.length > 0 ? (
      <Group title="Could not be read">
        {view.damaged.map((file) => (
          <DamagedRow key={file.id} file={file} onDiscarded={onDiscarded} />
        ))}
      </Group>
    ) : null
  if (!hasAnything(view)) {
    return (
      <div className="sync-empty">
        <span className="sync-empty__icon" aria-hidden="true">
          <CheckIcon width="20" height="20" />
        </span>
        <p className="sync-empty__text">Nothing waiting. Everything you saved is on the server.</p>
      </div>
    )
  }
  return (
    <>
      {attention.length > 0 ? <Group title="Needs you">{attention.map(row)}</Group> : null}
      {damaged}
      {waiting.length > 0 ? <Group title="Waiting to be sent">{waiting.map(row)}</Group> : null}
    </>
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
    <section className="section-screen" aria-labelledby="sync-title">
      <header className="section-screen__head">
        <div className="section-screen__heading">
          <h1 id="sync-title" ref={heading} tabIndex={-1} className="screen-title">
            Sync
          </h1>
          {view ? (
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
          ) : null}
        </div>
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
      </header>

      {view ? <HaltedBanner view={view} onSignIn={() => navigate({ section: 'account' })} /> : null}
      <ErrorAlert title={problem ? errorTitle(problem.kind) : undefined} message={problem?.message} />
      <p className="visually-hidden" role="status">
        {note}
      </p>

      {view ? (
        <SyncLists view={view} onDiscarded={onDiscarded} />
      ) : sync.isPending ? (
        <Loading what="Loading what is waiting…" />
      ) : (
        <Button
          variant="secondary"
          busy={sync.isFetching}
          busyLabel="Trying again…"
          onClick={() => void sync.refetch()}
        >
          Try again
        </Button>
      )}
    </section>
  )
}
