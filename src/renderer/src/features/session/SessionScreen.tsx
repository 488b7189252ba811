import { useSession } from '../../bridge/session'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from './error-titles'
import { SignedInCard } from './SignedInCard'
import { SignInForm } from './SignInForm'
import { Loading } from '../../ui/Loading'

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
    <SignInForm lastBaseUrl={session.data.lastBaseUrl} />
  )
}
