import type { ReactNode } from 'react'
import { InboxTabLabel } from '../features/inbox/InboxTabLabel'
import { SyncTabLabel } from '../features/sync/SyncTabLabel'
import { useNavigation, type Route, type Section } from './navigation'

// Each section opens on its list; the item-less route of every section is a valid Route.
const sections: Array<{ section: Section; label: ReactNode; route: Route }> = [
  { section: 'inbox', label: <InboxTabLabel />, route: { section: 'inbox' } },
  { section: 'check-ins', label: 'Check-ins', route: { section: 'check-ins' } },
  { section: 'projects', label: 'Projects', route: { section: 'projects' } },
  { section: 'sync', label: <SyncTabLabel />, route: { section: 'sync' } },
  { section: 'account', label: 'Account', route: { section: 'account' } },
]

/** The popup's sections. Plain links-as-buttons with aria-current: Tab reaches each, Enter opens it. */
export function SectionNav() {
  const { route, navigate } = useNavigation()
  return (
    <nav className="section-nav" aria-label="Sections">
      {sections.map(({ section, label, route: target }) => (
        <button
          key={section}
          type="button"
          className="section-nav__item"
          aria-current={route.section === section ? 'page' : undefined}
          onClick={() => navigate(target)}
        >
          {label}
        </button>
      ))}
    </nav>
  )
}
