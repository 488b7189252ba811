import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect, test as base } from '@playwright/test'
import keytar from 'keytar'
import { createMainServices } from '../../src/main/services/create-services'
import type { SyncTiming } from '../../src/main/services/sync/sync-service'
import { startEmulator } from '../emulator'
import type { Emulator, SeedName } from '../emulator/types'
import type { VersionHeaderForm } from '../emulator/version-header'
import { startHarness, type Harness } from '../harness'
import { linkDialogStandIn, type LinkDialogStandIn } from './link-dialog'

export { expect }

export interface PopupFixtures {
  /** A fresh Operately emulator on a random port (Ada Lovelace's tokens in `emulator.tokens`). */
  emulator: Emulator
  /**
   * The company the emulator seeds: the usual one by default; `test.use({ seed: 'big' })` for the company
   * of 10,000 goals (e2e/emulator/seed-big.ts).
   */
  seed: SeedName
  /** The Operately version the emulator plays (`x-operately-version`, version-gated inputs): 1.8.0 by default. */
  serverVersion: string
  /**
   * What the emulator sends in `x-operately-version`: 'release' (the build date and hash a release
   * image of `serverVersion` sends; default), 'dev' (`dev-version`) or a literal value.
   */
  serverHeader: VersionHeaderForm
  /** A fresh, empty data folder for the main services: session file, logs. */
  dataDir: string
  /** The keychain "service" this test's tokens are stored under, so no test meets another's entry. */
  vaultService: string
  /** The browser harness, backed by real main services, the real keychain and `dataDir`. */
  harness: Harness
  /** Web pages the app asked the default browser to open ("Open in Operately"), in order. */
  openedUrls: string[]
  /** Main's own question before a link to another site opens; the test answers it as the person. */
  linkDialog: LinkDialogStandIn
  /** How often the page asked main to hide the popup (an Escape nothing on the page used). */
  popupHides: { count: number }
  /** The harness, already signed in to the emulator as Ada with the write token. */
  signedIn: Harness
  /**
   * IT's policy for this test's services, as /etc/operately-tray/policy.json would hold it; none by
   * default. Set it with `test.use({ policy })`; the value `emulatorUrl` stands for the test's emulator.
   */
  policy: Record<string, unknown> | null
  /**
   * Everything Chromium refused under the page's Content-Security-Policy during the test. Checked after
   * every test: the app must run under its own policy without tripping it.
   */
  cspViolations: string[]
  /**
   * The outbox's timing for this test's services (backoff, how long an unanswered request may still land,
   * failures before "Needs you"); the app's own by default. Set it with `test.use({ syncTiming })`.
   */
  syncTiming: SyncTiming | null
}

/** In a `policy`, stands for the address of the test's emulator (which is only known once it runs). */
export const emulatorUrl = '<the emulator>'

/** The version the About view shows: package.json's, as Electron's app.getVersion() reports it. */
export const appVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/**
 * Every test gets its own emulator, data folder, keychain service and harness: nothing a test does
 * (signing in, a stored token, a log line) can leak into another, and parallel workers never collide.
 */
/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from this destructuring. */
export const test = base.extend<PopupFixtures>({
  emulator: async ({ seed, serverVersion, serverHeader }, use) => {
    const emulator = await startEmulator({ seed, version: serverVersion, header: serverHeader })
    await use(emulator)
    await emulator.close()
  },

  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'operately-tray-e2e-'))
    await use(dir)
    // Retries cover a file a service was still finishing when the test ended (ENOTEMPTY).
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  },

  vaultService: async ({}, use) => {
    await use(`Operately Tray e2e ${randomUUID()}`)
  },

  popupHides: async ({}, use) => {
    await use({ count: 0 })
  },

  openedUrls: async ({}, use) => {
    await use([])
  },

  linkDialog: async ({}, use) => {
    await use(linkDialogStandIn())
  },

  seed: ['usual', { option: true }],
  serverVersion: ['1.8.0', { option: true }],
  serverHeader: ['release', { option: true }],
  policy: [null, { option: true }],
  syncTiming: [null, { option: true }],

  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
      await use(violations)
      expect(violations, 'the page tripped its own Content-Security-Policy').toEqual([])
    },
    { auto: true },
  ],

  harness: async (
    { dataDir, vaultService, openedUrls, linkDialog, popupHides, policy, syncTiming, emulator },
    use,
  ) => {
    const policyText = policy
      ? JSON.stringify(policy, (_key, value: unknown) => (value === emulatorUrl ? emulator.url : value))
      : null
    const services = await createMainServices({
      dataDir,
      keytar,
      vaultService,
      openExternal: async (url) => void openedUrls.push(url),
      askBeforeOpening: linkDialog.ask,
      hidePopup: () => void popupHides.count++,
      appVersion,
      ...(syncTiming ? { syncTiming } : {}),
      // The Linux policy file's reader, whatever the machine: the services read it like the app does.
      ...(policyText
        ? { platform: 'linux' as const, policyReaders: { linuxPolicyFile: async () => policyText } }
        : {}),
    })
    const harness = await startHarness({ dataDir, services })
    await use(harness)
    // Leave the keychain as we found it. signOut answers with a value, never a throw; a test that
    // wanted the token gone has already checked that it is.
    await services.dispatch('session.signOut', {})
    await harness.close()
    // Sign-out makes services tidy up on disk, and sync may be mid-request: stop both before the data
    // folder is removed.
    await services.close()
  },

  signedIn: async ({ harness, emulator }, use) => {
    const result = await harness.services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    if (!result.ok) throw new Error(`could not sign in to the emulator: ${result.error.message}`)
    await use(harness)
  },
})
/* eslint-enable no-empty-pattern */

/** The keychain entry for a server, read directly: what an attacker with the keychain would find. */
export const keychainToken = (vaultService: string, serverUrl: string): Promise<string | null> =>
  keytar.getPassword(vaultService, new URL(serverUrl).origin)
