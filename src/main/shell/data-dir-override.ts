import { resolve } from 'node:path'

/** The variable that moves the app's data (and Electron's profile with it) to another folder. */
export const dataDirVariable = 'OPERATELY_TRAY_DATA_DIR'

export type DataDirOverride =
  { kind: 'none' } | { kind: 'use'; dir: string } | { kind: 'ignored'; given: string }

/**
 * Whether OPERATELY_TRAY_DATA_DIR decides where the app keeps its data. Tests, the e2e harness and
 * side-by-side development profiles need it. A packaged build ignores it: the app there would trust a
 * folder anyone who can set its environment chose (another user's, a world-writable one) without the
 * owner and mode checks the harness makes, and keep the session, the outbox and logs in it.
 */
export function dataDirOverride(env: NodeJS.ProcessEnv, isPackaged: boolean): DataDirOverride {
  const given = env[dataDirVariable]
  if (!given) return { kind: 'none' }
  if (isPackaged) return { kind: 'ignored', given }
  return { kind: 'use', dir: resolve(given) }
}
