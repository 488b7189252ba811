import type { ReactNode } from 'react'

/**
 * A live region that is in the document before it has anything to say. Screen readers announce changes to
 * a region they already know; one inserted together with its text is, in most of them, not read at all.
 * So the caller renders this always and passes `null` while there is nothing to say, and never hides it
 * with `display: none` or `hidden` when empty (that, too, takes it out of the accessibility tree): an empty
 * paragraph with no margin or padding takes no room.
 */
export function LiveRegion({
  role = 'status',
  label,
  id,
  className,
  children,
}: {
  /** "status" (polite) for news, "alert" (assertive) for an error the person must act on. */
  role?: 'status' | 'alert'
  /** Names the region for whoever looks for it (tests, a screen reader's list of landmarks). */
  label?: string
  id?: string
  className?: string
  children?: ReactNode
}) {
  return (
    <div
      id={id}
      role={role}
      aria-label={label}
      className={['live-region', className ?? ''].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  )
}
