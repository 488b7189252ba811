import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests: the built renderer in Debian's Chromium, served by the browser harness and backed
 * by the real main services, the real keychain and the Operately emulator. Build first:
 * `npx electron-vite build`. The keychain must be a throwaway one: run under scripts/with-keyring.sh.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // Two cores on the CI machines; every test brings its own emulator and harness on random ports.
  workers: 2,
  forbidOnly: true,
  // One retry, counted and named by `npm test` as flaky (scripts/test-all.mjs), never hidden; a test that
  // fails twice fails. Not for the specs the security gate reads or that prove delivery (security,
  // editor-differential-*, exactly-once): they set retries 0 themselves (issue 39), because the gate counts
  // a proof that passed only on retry as failed, and scripts/no-retries.test.ts keeps it so.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 380, height: 560 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // For the test machine only: no sandbox inside containers, and no background traffic or GPU.
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
})
