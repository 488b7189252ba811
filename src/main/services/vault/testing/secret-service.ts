/**
 * Whether the tests that need the OS keychain can run: a D-Bus session with a Secret Service (on this
 * machine, scripts/with-keyring.sh starts a private gnome-keyring). Outside it (`npx vitest` in a plain
 * shell) those suites are skipped. Under `npm test`, which starts one and says so
 * (OPERATELY_TRAY_PRIVATE_KEYRING=1), a missing one is an error: the suites must fail loudly, never skip
 * themselves and leave the run green.
 */
export function secretServiceAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  const available = Boolean(env.DBUS_SESSION_BUS_ADDRESS)
  if (!available && env.OPERATELY_TRAY_PRIVATE_KEYRING === '1') {
    throw new Error(
      'npm test started a private keyring, but no D-Bus session reached the tests: the keychain suites would be skipped.',
    )
  }
  return available
}

export const hasSecretService = secretServiceAvailable()
