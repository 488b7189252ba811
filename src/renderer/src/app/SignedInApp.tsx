import { lazy, Suspense } from 'react'
import type { SessionState } from '@shared/session'
import { useRefreshAfterCheckIns } from '../bridge/assignments'
import { InboxSection } from '../features/inbox/InboxSection'
import { PendingNavigation } from '../features/inbox/PendingNavigation'
import { RoundBar } from '../features/inbox/RoundBar'
import { SignedInCard } from '../features/session/SignedInCard'
import { NavigationProvider, useNavigation, type Route } from './navigation'
import { PopupLayout } from './PopupLayout'
import { SectionNav } from './SectionNav'
import { Loading } from '../ui/Loading'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

// The check-in form and the description editor bring TipTap and ProseMirror, and the Sync view is opened
// now and then: they load when first opened, so the popup's first screen (the inbox) stays light.
const CheckInSection = lazy(() =>
  import('../features/check-in/CheckInSection').then((module) => ({ default: module.CheckInSection })),
)
const ProjectsSection = lazy(() =>
  import('../features/description/ProjectsSection').then((module) => ({ default: module.ProjectsSection })),
)
const SyncSection = lazy(() =>
  import('../features/sync/SyncSection').then((module) => ({ default: module.SyncSection })),
)

function CurrentSection({ session }: { session: SignedIn }) {
  const { route } = useNavigation()
  switch (route.section) {
    case 'inbox':
      return <InboxSection roundSummary={route.roundSummary} />
    case 'check-ins':
      return (
        <>
          {route.goalId && route.round ? (
            <RoundBar
              goalId={route.goalId}
              round={route.round}
              log={route.roundLog ?? []}
              names={route.roundNames ?? {}}
            />
          ) : null}
          <CheckInSection session={session} goalId={route.goalId} />
        </>
      )
    case 'projects':
      return (
        <ProjectsSection session={session} projectId={route.projectId} checkIn={route.checkIn ?? false} />
      )
    case 'sync':
      return <SyncSection />
    case 'account':
      return <SignedInCard session={session} />
  }
}

/**
 * The popup once signed in. Right after signing in it shows the account card, so the person sees who they
 * are signed in as and whether the token can write; every later opening starts on the inbox.
 */
export function SignedInApp({ session, justSignedIn }: { session: SignedIn; justSignedIn: boolean }) {
  useRefreshAfterCheckIns()
  const initial: Route = justSignedIn ? { section: 'account' } : { section: 'inbox' }
  return (
    <NavigationProvider initial={initial}>
      <PendingNavigation />
      <PopupLayout nav={<SectionNav />}>
        <Suspense fallback={<Loading />}>
          <CurrentSection session={session} />
        </Suspense>
      </PopupLayout>
    </NavigationProvider>
  )
}
