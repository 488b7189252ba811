import type { Freshness as FreshnessFields } from '@shared/domain/freshness'
import { freshness } from './freshness'

/**
 * How fresh a screen's data is: "Updated 10:42", or "Offline · last synced 10:42" when the server could
 * not be reached and what is shown is the copy kept on this computer. A status region, so a change is
 * announced without moving focus. `busy`: main is asking the server right now.
 */
export function Freshness({
  read,
  busy = false,
  className,
}: {
  read: FreshnessFields
  busy?: boolean
  className?: string
}) {
  const { text, stale, detail } = freshness(read, new Date())
  return (
    <div className={['freshness', className ?? ''].filter(Boolean).join(' ')} role="status">
      <p className={stale ? 'freshness__line freshness__line--stale' : 'freshness__line'}>
        {stale ? <span className="freshness__dot" aria-hidden="true" /> : null}
        {text}
        {busy ? <span className="freshness__busy"> · checking for changes…</span> : null}
      </p>
      {detail ? <p className="freshness__detail">{detail}</p> : null}
    </div>
  )
}
