import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * The platform-dependent modules' tests, run a second time with Windows' path rules: `node:path` is
 * `path.win32` for the code and its tests (scripts/win32/path.ts), so a test that compares a joined
 * path with a POSIX literal fails here, on Linux, before the Windows runner runs it
 * (`npx vitest run src/` in installers.yml). The list is the modules that build paths without touching
 * the disk; a module that reads or writes files would be given Windows paths this machine cannot open.
 * Left to the runner because they read or write real files at joined paths: start-at-login,
 * managed-configuration, version-flag, app-request-handler, tray, start-shell (windowsOnlyOnRunner in
 * scripts/windows-unit-tests.test.ts names them).
 * scripts/windows-unit-tests.test.ts runs this configuration and keeps the list honest.
 */
export const win32PathTests = [
  'src/main/shell/app-location.test.ts',
  'src/main/shell/refuse-remote-debugging.test.ts',
  'src/main/services/updates/update-support.test.ts',
  'src/main/shell/policy-sources.test.ts',
  'src/main/shell/data-dir-override.test.ts',
  'src/main/services/settings/autostart-entry.test.ts',
  'src/main/shell/number-settings-source.test.ts',
  'src/main/services/updates/update-config.test.ts',
  'src/main/services/settings/autostart-path-on-windows.test.ts',
  'src/main/shell/popup-window.test.ts',
  'src/main/shell/link-dialog.test.ts',
  'src/main/shell/security.test.ts',
]

const windowsPath = fileURLToPath(new URL('./scripts/win32/path.ts', import.meta.url))
const sandbox = fileURLToPath(new URL('./scripts/win32/sandbox.ts', import.meta.url))

// Not mergeConfig: it would add this list to the base's include, running everything.
export default defineConfig({
  ...base,
  resolve: {
    alias: [
      ...Object.entries(base.resolve?.alias ?? {}).map(([find, replacement]) => ({ find, replacement })),
      { find: /^node:path$/, replacement: windowsPath },
    ],
  },
  // WIN32_PATH_TESTS=a.test.ts,b.test.ts tries other files under the same rules before adding them.
  test: {
    ...base.test,
    include: process.env['WIN32_PATH_TESTS']?.split(',') ?? win32PathTests,
    // Processes, not threads: each file changes its working folder (scripts/win32/sandbox.ts).
    pool: 'forks',
    setupFiles: [sandbox],
  },
})
