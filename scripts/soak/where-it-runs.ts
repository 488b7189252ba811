/**
 * Whether the chaos soak runs here. It needs the OS keychain (a Secret Service). Outside CI a machine
 * without one skips it, as the other keychain suites do; under CI (CI=true) a missing one is a failure
 * with its reason: a soak that skipped itself would leave a green run that proved nothing.
 */
export function soakRunsHere(env: NodeJS.ProcessEnv, hasSecretService: boolean): boolean {
  if (hasSecretService) return true
  if (env.CI === 'true') {
    throw new Error(
      'CI=true, but no Secret Service is running (no D-Bus session): the chaos soak cannot run, and is not skipped under CI. Run it inside scripts/with-keyring.sh (npm test does), or install dbus and gnome-keyring.',
    )
  }
  return false
}
