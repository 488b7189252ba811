import type { AssignmentsView } from '@shared/domain/assignments'
import { freshness } from './inbox-display'

/**
 * How fresh the lists are: "Updated 10:42", or "Offline · last synced 10:42" when the server could not be
 * reached and what is shown is the last answer kept on this computer. A status region, so a change is
 * announced without moving focus.
 */
export function Freshness({ view }: { view: AssignmentsView }) {
  const { text, stale, detail } = freshness(view, new Date())
  return (
    <div className="inbox-freshness" role="status">
      <p className={stale ? 'inbox-freshness__line inbox-freshness__line--stale' : 'inbox-freshness__line'}>
        {stale ? <span className="inbox-freshness__dot" aria-hidden="true" /> : null}
        {text}
        {view.refreshing ? <span className="inbox-freshness__busy"> · checking for changes…</span> : null}
      </p>
      {detail ? <p className="inbox-freshness__detail">{detail}</p> : null}
    </div>
  )
}
