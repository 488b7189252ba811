import { statusDisplay } from './goal-display'

/** A status as a coloured dot and its name: the words carry the meaning, the colour only helps. */
export function StatusBadge({ status, className }: { status: string | null; className?: string }) {
  const { label, tone } = statusDisplay(status)
  return (
    <span className={['status-badge', `status-badge--${tone}`, className ?? ''].filter(Boolean).join(' ')}>
      <span className="status-dot" aria-hidden="true" />
      {label}
    </span>
  )
}
