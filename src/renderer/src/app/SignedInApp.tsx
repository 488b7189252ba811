import { lazy, Suspense, useEffect } from 'react'
import { preloadable } from './preloadable'
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
const checkIns = preloadable(() =>
  import('../features/check-in/CheckInSection').then((module) => module.CheckInSection),
)
const projects = preloadable(() =>
  import('../features/description/ProjectsSection').then((module) => module.ProjectsSection),
)
const reviews = preloadable(() =>
  import('../features/review/ReviewScreen').then((module) => module.ReviewScreen),
)
const CheckInSection = checkIns.Component
const ReviewScreen = reviews.Component
const ProjectsSection = projects.Component
const SyncSection = lazy(() =>
  import('../features/sync/SyncSection').then((module) => ({ default: module.SyncSection })),
)

/**
 * Once the first screen is drawn and the page has nothing to do, the forms' code (the check-in form, the
 * editor) is fetched and run, so the first "Write check-in" waits for its data only. Idle time only: the
 * inbox is never held up for it (a timeout would run it anyway while the person acts).
 */
function usePrefetchForms(): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return
    const handle = requestIdleCallback(() => {
      // A failure here is met again, and shown, when the section is opened.
      void checkIns.preload().catch(() => undefined)
      void projects.preload().catch(() => undefined)
    })
    return () => cancelIdleCallback(handle)
  }, [])
}

function CurrentSection({ session }: { session: SignedIn }) {
  const { route } = useNavigation()
  switch (route.section) {
    case 'inbox':
      return route.review ? (
        <ReviewScreen
          key={`${route.review.ref.kind}:${route.review.ref.checkInId}`}
          reviewRef={route.review.ref}
          next={route.review.next}
        />
      ) : (
        <InboxSection roundSummary={route.roundSummary} />
      )
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
  usePrefetchForms()
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
