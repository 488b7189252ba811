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
  // One retry: the editor's differential sessions at 200 and 5,000 blocks have failed once each under a
  // loaded two-core machine and passed in the other runs. A test that needs the retry is counted and
  // named by `npm test` as flaky (scripts/test-all.mjs), never hidden; a test that fails twice fails.
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
