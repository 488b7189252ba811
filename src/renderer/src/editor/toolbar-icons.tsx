// Small line icons for the toolbar, drawn on a 16×16 grid in the current text colour. Decorative only:
// every button carries its own aria-label.
import type { ReactElement } from 'react'

function Icon({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <svg
      className="ot-toolbar__icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

export const icons = {
  link: (
    <Icon>
      <path d="M6.5 9.5l3-3" />
      <path d="M7 4.5l1-1a2.8 2.8 0 014 4l-1 1" />
      <path d="M9 11.5l-1 1a2.8 2.8 0 01-4-4l1-1" />
    </Icon>
  ),
  bulletList: (
    <Icon>
      <circle cx="3" cy="4" r="0.8" fill="currentColor" />
      <circle cx="3" cy="8" r="0.8" fill="currentColor" />
      <circle cx="3" cy="12" r="0.8" fill="currentColor" />
      <path d="M6 4h8M6 8h8M6 12h8" />
    </Icon>
  ),
  orderedList: (
    <Icon>
      <path d="M2.5 3h1v3M2.3 6h2.2M2.3 9.5c.3-.6 2-.7 2 .3 0 .8-2 1.3-2 2.2h2.1" />
      <path d="M7 4.5h7M7 11h7" />
    </Icon>
  ),
  blockquote: (
    <Icon>
      <path d="M3 3v10" />
      <path d="M6 5h7M6 8h7M6 11h5" />
    </Icon>
  ),
  codeBlock: (
    <Icon>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <path d="M6 6.5L4.5 8 6 9.5M10 6.5L11.5 8 10 9.5" />
    </Icon>
  ),
  horizontalRule: (
    <Icon>
      <path d="M2 8h12" />
      <path d="M5 4.5h6M5 11.5h6" strokeOpacity="0.4" />
    </Icon>
  ),
  highlight: (
    <Icon>
      <path d="M9.5 2.5l4 4-5.5 5.5H4v-4z" />
      <path d="M2 14h12" strokeWidth="2" />
    </Icon>
  ),
  palette: (
    <Icon>
      <path d="M4 6l4 4 4-4" />
    </Icon>
  ),
  undo: (
    <Icon>
      <path d="M5 3.5L2.5 6 5 8.5" />
      <path d="M2.5 6H10a3.5 3.5 0 010 7H6" />
    </Icon>
  ),
  redo: (
    <Icon>
      <path d="M11 3.5L13.5 6 11 8.5" />
      <path d="M13.5 6H6a3.5 3.5 0 000 7h4" />
    </Icon>
  ),
}
