import { useState } from 'react'
import { openInBrowser } from '../../bridge/app'
import { ErrorAlert } from '../../ui/Notice'

/** The row above a project: back to the list, and the project's page in Operately when it is known. */
export function PageTop({ onBack, webUrl }: { onBack: () => void; webUrl: string | null }) {
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <div className="page-top">
        <button type="button" className="page-top__link" aria-label="Back to projects" onClick={onBack}>
          <span aria-hidden="true">←</span> Projects
        </button>
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
