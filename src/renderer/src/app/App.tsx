import { useState } from 'react'
import { useSession } from '../bridge/session'
import { SessionScreen } from '../features/session/SessionScreen'
import { LinkRefusal } from './links/LinkRefusal'
import { useLinkClicks } from './links/use-link-clicks'
import { PopupLayout } from './PopupLayout'
import { SignedInApp } from './SignedInApp'
import { useEscapeHidesPopup } from './use-escape-hides-popup'

export function App() {
  const session = useSession()
  useEscapeHidesPopup()
  useLinkClicks()
  const status = session.data?.status
  // Remember having seen the sign-in form, so a fresh sign-in lands on the account card (who am I,
  // can this token write) while a popup that opens already signed in starts on the inbox.
  // (State adjusted while rendering, as React recommends for values derived from what was seen before.)
  const [sawSignedOut, setSawSignedOut] = useState(false)
  if (status === 'signed_out' && !sawSignedOut) setSawSignedOut(true)

  return (
    <>
      {session.data?.status === 'signed_in' ? (
        <SignedInApp session={session.data} justSignedIn={sawSignedOut} />
      ) : (
        <PopupLayout>
          <SessionScreen />
        </PopupLayout>
      )}
      <LinkRefusal />
    </>
  )
}
