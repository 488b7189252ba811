import { useId, useRef, type RefObject } from 'react'
import { useAbout, useCheckForUpdates, useRestartToUpdate } from '../../bridge/settings'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { updateStatusText } from './update-status-text'
import { Loading } from '../../ui/Loading'

/** Version, update status with "Check for updates" or "Restart now", and where the app keeps its files. */
export function AboutSection() {
  const headingId = useId()
  const folderId = useId()
  const about = useAbout()
  const check = useCheckForUpdates()
  const restart = useRestartToUpdate()
  const failure = check.error ?? restart.error
  const checkButton = useRef<HTMLButtonElement>(null)
  // The busy button dropped focus while checking: give it back, so keyboard users are where they were.
  const refocus = () => {
    if (document.activeElement === document.body || document.activeElement === null)
      checkButton.current?.focus()
  }

  return (
    <section className="card settings-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-group__title">
        About
      </h2>
      {about.isPending ? (
        <Loading />
      ) : about.isError ? (
        <div className="settings-group__body">
          <ErrorAlert title={errorTitle(about.error.kind)} message={about.error.message} />
          <Button
            ref={checkButton}
            variant="secondary"
            busy={about.isFetching}
            busyLabel="Trying again…"
            onClick={() => void about.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <div className="settings-group__body">
          <dl className="about__facts">
            <div className="facts__row">
              <dt>Version</dt>
              <dd>Operately Tray {about.data.version}</dd>
            </div>
          </dl>
          <UpdateStatus
            status={updateStatusText(about.data.updates, new Date())}
            checking={check.isPending}
            restarting={restart.isPending || restart.data?.restarting === true}
            checkButton={checkButton}
            onCheck={() => check.mutate(undefined, { onSettled: refocus })}
            onRestart={() => restart.mutate()}
          />
          <ErrorAlert title={failure ? errorTitle(failure.kind) : undefined} message={failure?.message} />
          <div className="about__folder">
            <label htmlFor={folderId} className="setting__label">
              Data folder
            </label>
            <input
              id={folderId}
              className="about__path"
              readOnly
              value={about.data.dataFolder}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
            />
            <p className="setting__note">
              Settings, drafts and logs are kept here. Your token is not: it is in the system keychain.
            </p>
          </div>
        </div>
      )}
    </section>
  )
}

function UpdateStatus({
  status,
  checking,
  restarting,
  checkButton,
  onCheck,
  onRestart,
}: {
  status: ReturnType<typeof updateStatusText>
  checking: boolean
  restarting: boolean
  checkButton: RefObject<HTMLButtonElement | null>
  onCheck(): void
  onRestart(): void
}) {
  return (
    <div className="about__updates">
      <div className="about__update-text">
        <span className="setting__label">Updates</span>
        {/* Polite: the status changes on its own while an update downloads. */}
        <p role="status" className="about__update-headline">
          {status.headline}
        </p>
        {status.detail ? <p className="setting__note">{status.detail}</p> : null}
      </div>
      {status.readyVersion ? (
        <Button busy={restarting} busyLabel="Restarting…" onClick={onRestart}>
          Restart now
        </Button>
      ) : (
        <Button
          ref={checkButton}
          variant="secondary"
          busy={checking}
          busyLabel="Checking…"
          disabled={!status.canCheck}
          onClick={onCheck}
        >
          Check for updates
        </Button>
      )}
    </div>
  )
}
