/**
 * The Windows signer names (certificate CN or full DN) this build demands of an update's installer, put
 * into the main bundle at build time by electron.vite.config.ts (from scripts/windows-publisher.mjs: the
 * `windowsPublisherName` of build/publisher.json, and AZURE_TRUSTED_SIGNING_PUBLISHER_NAME). Built in,
 * inside the integrity-checked asar, so a copy updating from IT's policy feed, which has no
 * app-update.yml, still knows whose signature to demand. Empty in development and tests.
 */
declare const __OPERATELY_TRAY_WINDOWS_PUBLISHERS__: readonly string[] | undefined

export const builtInPublisherNames: readonly string[] =
  typeof __OPERATELY_TRAY_WINDOWS_PUBLISHERS__ === 'undefined' ? [] : __OPERATELY_TRAY_WINDOWS_PUBLISHERS__
