/**
 * The Windows signer names (certificate CN or full DN) this build demands of an update's installer, put
 * into the main bundle at build time by electron.vite.config.ts (from scripts/publisher.mjs: the
 * `windowsPublisherName` of build/publisher.json, the name Windows builds are also signed as). Built in,
 * inside the integrity-checked asar, so a copy updating from IT's policy feed, which has no
 * app-update.yml, still knows whose signature to demand. Empty in development and tests.
 */
declare const __OPERATELY_TRAY_WINDOWS_PUBLISHERS__: readonly string[] | undefined

export const builtInPublisherNames: readonly string[] =
  typeof __OPERATELY_TRAY_WINDOWS_PUBLISHERS__ === 'undefined' ? [] : __OPERATELY_TRAY_WINDOWS_PUBLISHERS__
