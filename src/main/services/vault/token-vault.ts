import { AppFailure, appError } from '@shared/errors'

/** The three calls of `keytar` we use; the real module satisfies this. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/** API tokens, one per server origin, kept only in the OS keychain. */
export interface TokenVault {
  get(origin: string): Promise<string | null>
  set(origin: string, token: string): Promise<void>
  delete(origin: string): Promise<boolean>
}

export interface TokenVaultOptions {
  keytar: KeytarLike
  /** Keychain "service" name; the account is the server origin. */
  service?: string
  platform?: NodeJS.Platform
}

export const defaultVaultService = 'Operately Tray'

/** What to do about a missing or locked keychain, in the words of each OS. */
export function keychainFix(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'macOS Keychain refused access. Open Keychain Access, unlock your login keychain, and sign in again.'
    case 'win32':
      return 'Windows Credential Manager is not available. Sign in to Windows with your own account (not a guest or a restricted session) and try again.'
    default:
      return 'No Secret Service is running, or it is locked. Install and unlock GNOME Keyring (package gnome-keyring) or KWallet, then sign in again.'
  }
}

/**
 * Every keychain failure becomes `keychain_unavailable`. There is deliberately no fallback to a file:
 * a token on disk in plain text is worse than asking the user to fix their keychain.
 */
export function createTokenVault({
  keytar,
  service = defaultVaultService,
  platform = process.platform,
}: TokenVaultOptions): TokenVault {
  const guard = async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action()
    } catch (err) {
      if (err instanceof AppFailure) throw err
      throw new AppFailure(
        appError(
          'keychain_unavailable',
          `Your API token cannot be kept safely on this computer. ${keychainFix(platform)}`,
        ),
      )
    }
  }
  return {
    get: (origin) => guard(() => keytar.getPassword(service, origin)),
    set: (origin, token) => guard(() => keytar.setPassword(service, origin, token)),
    delete: (origin) => guard(() => keytar.deletePassword(service, origin)),
  }
}
