import type { ReactNode } from 'react'
import { LogoMark } from '../ui/icons'

/** The popup's frame: a slim title bar, the section navigation when signed in, one scrolling content area. */
export function PopupLayout({ nav, children }: { nav?: ReactNode; children: ReactNode }) {
  return (
    <div className="popup">
      <header className="popup__bar">
        <LogoMark className="popup__logo" />
        <span className="popup__title">Operately Tray</span>
      </header>
      {nav}
      <main className="popup__body">{children}</main>
    </div>
  )
}
