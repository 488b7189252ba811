import { useState } from 'react'
import { openInBrowser } from '../../bridge/app'
import { ErrorAlert } from '../../ui/Notice'

/**
 * The row above a project: back to the list, its weekly check-in (beside the description it is opened
 * from), and the project's page in Operately when it is known.
 */
export function PageTop({
  onBack,
  webUrl,
  onCheckIn = null,
}: {
  onBack: () => void
  webUrl: string | null
  onCheckIn?: (() => void) | null
}) {
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <div className="page-top">
        <button type="button" className="page-top__link" aria-label="Back to projects" onClick={onBack}>
          <span aria-hidden="true">←</span> Projects
        </button>
        {onCheckIn ? (
          <button type="button" className="page-top__link" onClick={onCheckIn}>
            Write check-in
          </button>
        ) : null}
        {webUrl ? (
          <button
            type="button"
            className="page-top__link"
            onClick={() => {
              setError(null)
              openInBrowser(webUrl).catch((err: unknown) =>
                setError(err instanceof Error ? err.message : String(err)),
              )
            }}
          >
            Open in Operately <span aria-hidden="true">↗</span>
          </button>
        ) : null}
      </div>
      <ErrorAlert title={error ? 'Could not open the browser' : undefined} message={error ?? undefined} />
    </>
  )
}
