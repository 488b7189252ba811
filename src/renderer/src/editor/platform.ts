/** Whether the page runs on Apple's systems: Cmd instead of Ctrl, and keys bound the macOS way. */
export const isMac =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
