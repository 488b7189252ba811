import { forwardRef, type ReactNode } from 'react'

/**
 * A section of the popup (Inbox, Sync): its title (an h1 that takes the focus when the section opens),
 * what is said beside the title, the section's own action, then its body.
 */
export const SectionScreen = forwardRef<
  HTMLHeadingElement,
  { id: string; title: string; beside: ReactNode; action: ReactNode; children: ReactNode }
>(function SectionScreen({ id, title, beside, action, children }, heading) {
  return (
    <section className="section-screen" aria-labelledby={id}>
      <header className="section-screen__head">
        <div className="section-screen__heading">
          <h1 id={id} ref={heading} tabIndex={-1} className="screen-title">
            {title}
          </h1>
          {beside}
        </div>
        {action}
      </header>
      {children}
    </section>
  )
})
