import { useEffect, useState } from 'react'
import type { SessionState } from '@shared/session'
import { useNavigation } from '../../app/navigation'
import { browserIdle, operatelySchema } from '../../editor'
import '../../editor/editor.css'
import { ProjectCheckInScreen } from '../check-in/CheckInScreen'
import { DescriptionPage } from './DescriptionPage'
import type { LeftWithChanges } from './left-with-changes'
import { ProjectPicker } from './ProjectPicker'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

/** The Projects section: the project picker, one project's description editor, or its weekly check-in. */
export function ProjectsSection({
  session,
  projectId,
  checkIn = false,
}: {
  session: SignedIn
  projectId?: string | undefined
  checkIn?: boolean
}) {
  const { navigate } = useNavigation()
  // Said on the list after leaving a project with unsaved changes (kept as a draft, or not).
  const [leftWithDraft, setLeftWithDraft] = useState<LeftWithChanges | null>(null)
  // The document schema takes a few milliseconds to build: built while the list waits for a choice, not
  // after the click that opens a description.
  useEffect(() => {
    const handle = browserIdle.request(() => operatelySchema())
    return () => browserIdle.cancel(handle)
  }, [])

  if (projectId && checkIn) {
    return (
      <ProjectCheckInScreen
        key={`check-in:${projectId}`}
        session={session}
        projectId={projectId}
        backLabel="Project"
        onBack={() => navigate({ section: 'projects', projectId })}
      />
    )
  }
  if (projectId) {
    return (
      <DescriptionPage
        key={projectId}
        session={session}
        projectId={projectId}
        onBack={() => navigate({ section: 'projects' })}
        onLeftWithDraft={setLeftWithDraft}
      />
    )
  }
  return (
    <ProjectPicker
      canWrite={session.canWrite}
      leftWithDraft={leftWithDraft}
      onOpen={(id) => {
        setLeftWithDraft(null)
        navigate({ section: 'projects', projectId: id })
      }}
    />
  )
}
