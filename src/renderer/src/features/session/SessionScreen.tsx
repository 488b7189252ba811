import { lazy, Suspense } from 'react'
import { useSession } from '../../bridge/session'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from './error-titles'
import { SignedInCard } from './SignedInCard'
import { Loading } from '../../ui/Loading'

// Only someone signed out needs the form (and its form and schema libraries): loaded when it is shown,
// so the popup's first screen for everyone signed in stays light.
const SignInForm = lazy(() => import('./SignInForm').then((module) => ({ default: module.SignInForm })))

/** Chooses what the popup shows from the session main reports. */
export function SessionScreen() {
  const session = useSession()

  if (session.isPending) {
    return <Loading />
  }

  if (session.isError) {
    return (
      <section className="session-error" aria-labelledby="session-error-heading">
        <h1 id="session-error-heading" className="screen-title">
          Cannot open your session
        </h1>
        <ErrorAlert title={errorTitle(session.error.kind)} message={session.error.message} />
        <Button busy={session.isFetching} busyLabel="Trying again…" onClick={() => void session.refetch()}>
          Try again
        </Button>
      </section>
    )
  }

  return session.data.status === 'signed_in' ? (
    <SignedInCard session={session.data} />
  ) : (
    <Suspense fallback={<Loading />}>
      <SignInForm lastBaseUrl={session.data.lastBaseUrl} />
    </Suspense>
  )
}
