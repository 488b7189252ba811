import { useQuery } from '@tanstack/react-query'
import type { SessionState } from '@shared/session'
import { draftQueryKey, getDraft } from '../../bridge/drafts'
import { useProject } from '../../bridge/projects'
import { RichTextView } from '../../editor'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { showBlobsAsFiles } from './blob-display'
import { descriptionDraftKey, readDescriptionDraft } from './description-draft'
import { DescriptionEditing } from './DescriptionEditing'
import type { LeftWithChanges } from './left-with-changes'
import { PageTop } from './PageTop'
import { Loading } from '../../ui/Loading'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

export interface DescriptionPageProps {
  session: SignedIn
  projectId: string
  onBack: () => void
  /** Left with unsaved changes: whether their draft was written. */
  onLeftWithDraft: (left: LeftWithChanges) => void
}

/**
 * One project's description: read fresh from the server together with any draft left from an earlier
 * visit, then edited in DescriptionEditing. A project that is gone says so and shows the draft kept for it.
 */
export function DescriptionPage({ session, projectId, onBack, onLeftWithDraft }: DescriptionPageProps) {
  const project = useProject(projectId)
  const draftKey = descriptionDraftKey(projectId)
  const draft = useQuery({
    queryKey: draftQueryKey(draftKey),
    queryFn: () => getDraft(draftKey),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

  if (project.isPending || draft.isPending) {
    return (
      <div className="description">
        <PageTop onBack={onBack} webUrl={null} />
        <Loading what="Loading the description…" />
      </div>
    )
  }

  const stored = draft.isSuccess ? draft.data : { value: null, savedAt: null }
  const kept = readDescriptionDraft(stored.value)

  if (project.isError) {
    const gone = project.error.kind === 'not_found'
    const keptDoc = kept?.doc ?? kept?.keptCopy?.doc ?? null
    return (
      <div className="description">
        <PageTop onBack={onBack} webUrl={null} />
        <ErrorAlert
          title={gone ? 'Project not available' : 'Could not open this project'}
          message={keptDoc ? `${project.error.message} Your text is kept as a draft.` : project.error.message}
        />
        {gone ? null : (
          <Button variant="secondary" onClick={() => void project.refetch()}>
            Try again
          </Button>
        )}
        {keptDoc ? (
          <section className="description__kept-draft" aria-label="Your draft">
            <h2 className="description__section-title">Your draft</h2>
            <RichTextView
              value={keptDoc}
              resolveBlobSrc={showBlobsAsFiles}
              className="description__reference"
            />
          </section>
        ) : null}
      </div>
    )
  }

  return (
    <DescriptionEditing
      session={session}
      detail={project.data}
      draftKey={draftKey}
      storedDraft={stored.value}
      draft={kept}
      draftSavedAt={stored.savedAt}
      draftProblem={draft.isError ? draft.error.message : null}
      onBack={onBack}
      onLeftWithDraft={onLeftWithDraft}
    />
  )
}
