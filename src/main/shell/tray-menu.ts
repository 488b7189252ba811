import type { MenuItemConstructorOptions } from 'electron'
import type { SessionState } from '@shared/session'

/** What the tray menu can do; the shell supplies the real actions. */
export interface TrayMenuActions {
  open(): void
  setKeepOpen(keepOpen: boolean): void
  /** May return the promise of its work, so callers (and tests) can wait for it. */
  signOut(): void | Promise<void>
  quit(): void
}

export function trayTooltip(state: SessionState): string {
  return state.status === 'signed_in'
    ? `Operately Tray — signed in as ${state.person.fullName}`
    : 'Operately Tray — not signed in'
}

/**
 * Open / keep-open toggle / Sign out / Quit. "Open" comes first because on some Linux desktops the menu
 * is the only way to reach the popup (they deliver no click events to tray icons).
 */
export function trayMenuTemplate(
  state: SessionState,
  keepOpen: boolean,
  actions: TrayMenuActions,
): MenuItemConstructorOptions[] {
  const signedIn = state.status === 'signed_in'
  return [
    { id: 'open', label: 'Open', click: () => actions.open() },
    { type: 'separator' },
    {
      id: 'keep-open',
      label: 'Keep open when it loses focus',
      type: 'checkbox',
      checked: keepOpen,
      // Electron has already flipped `checked` when this runs.
      click: (item) => actions.setKeepOpen(item.checked),
    },
    { type: 'separator' },
    { id: 'sign-out', label: 'Sign out', enabled: signedIn, click: () => actions.signOut() },
    { id: 'quit', label: 'Quit', click: () => actions.quit() },
  ]
}
