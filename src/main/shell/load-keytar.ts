import type { KeytarLike } from '../services/vault/token-vault'

const isKeytar = (value: unknown): value is KeytarLike => {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return ['getPassword', 'setPassword', 'deletePassword'].every(
    (name) => typeof candidate[name] === 'function',
  )
}

/**
 * keytar is a native module: when it is missing or built for another Electron, importing it fails. It is
 * loaded on demand so that failure becomes a message the user can act on, instead of a crash before
 * anything is on screen.
 */
export async function loadKeytar(
  importer: () => Promise<unknown> = () => import('keytar'),
): Promise<KeytarLike> {
  let loaded: unknown
  try {
    loaded = await importer()
  } catch (err) {
    const detail = err instanceof Error ? err.message.split('\n')[0] : String(err)
    throw new Error(
      `Operately Tray cannot use the system keychain, where it keeps your API token: its keychain component failed to load (${detail}). Reinstalling Operately Tray usually fixes this.`,
    )
  }
  // A CommonJS module imported from ESM arrives as { default: module.exports }.
  const candidate = isKeytar(loaded) ? loaded : (loaded as { default?: unknown } | null)?.default
  if (!isKeytar(candidate)) {
    throw new Error(
      'Operately Tray cannot use the system keychain, where it keeps your API token: its keychain component is incomplete. Reinstalling Operately Tray usually fixes this.',
    )
  }
  return candidate
}
