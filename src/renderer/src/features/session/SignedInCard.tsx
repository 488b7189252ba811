import { lazy, Suspense, useEffect, useRef } from 'react'
import type { SessionState } from '@shared/session'
import { useSignOut } from '../../bridge/session'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { Loading } from '../../ui/Loading'
import { errorTitle } from './error-titles'
import { displayServer, initials, splitLastWord } from './person-display'
import { ReadOnlyNotice } from './ReadOnlyNotice'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

// Reminders and the app's settings load with the account card: the inbox, the popup's first screen,
// does not carry them (its budget, 110 KB, is counted in bench/popup-weight.ts).
const AccountSettings = lazy(() =>
  import('./AccountSettings').then((module) => ({ default: module.AccountSettings })),
)

/**
 * The name in bold with the " ·" that follows glued to its last word, so a wrapped line never starts
 * with the dot, while a long name can still wrap between its other words.
 */
function NameWithDot({ fullName }: { fullName: string }) {
  const { head, last } = splitLastWord(fullName)
  return (
    <>
      {head ? <strong className="identity__name">{head} </strong> : null}
      <span className="nowrap">
        <strong className="identity__name">{last}</strong> ·
      </span>
    </>
  )
}

export function SignedInCard({ session }: { session: SignedIn }) {
  const signOut = useSignOut()
  const { person, canWrite } = session
  const heading = useRef<HTMLHeadingElement>(null)

  // After signing in the form is gone: put focus on the news, so a screen reader says who is signed in.
  useEffect(() => {
    heading.current?.focus()
  }, [])

  return (
    <section className="signed-in" aria-labelledby="signed-in-heading">
      <div className="card">
        <div className="identity">
          <div className="avatar" aria-hidden="true">
            {initials(person.fullName)}
          </div>
          <div className="identity__text">
            <h1 id="signed-in-heading" ref={heading} tabIndex={-1} className="identity__status">
              Signed in as <NameWithDot fullName={person.fullName} />
              {/* Breaks, if anywhere, before the access phrase, never inside it. */}{' '}
              <span className="nowrap">{canWrite ? 'this token can write' : 'this token is read-only'}</span>
            </h1>
            {person.title ? <p className="identity__detail">{person.title}</p> : null}
            {person.email ? <p className="identity__detail">{person.email}</p> : null}
          </div>
        </div>
        <dl className="facts">
          <div className="facts__row">
            <dt>Server</dt>
            <dd>{displayServer(session.baseUrl)}</dd>
          </div>
          {session.serverVersion ? (
            <div className="facts__row">
              <dt>Server build</dt>
              <dd>{session.serverVersion}</dd>
            </div>
          ) : null}
        </dl>
      </div>

      {canWrite ? null : <ReadOnlyNotice />}
      <Suspense fallback={<Loading what="Loading your settings…" />}>
        <AccountSettings />
      </Suspense>

      <div className="signed-in__actions">
        <ErrorAlert
          title={signOut.error ? errorTitle(signOut.error.kind) : undefined}
          message={signOut.error?.message}
        />
        <Button
          variant="secondary"
          busy={signOut.isPending}
          busyLabel="Signing out…"
          onClick={() => signOut.mutate()}
        >
          Sign out
        </Button>
      </div>
    </section>
  )
}
