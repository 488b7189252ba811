import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfigFromFile } from 'electron-vite'
import { describe, expect, it } from 'vitest'
import { windowsPublisherNames } from './publisher.mjs'

// electron-vite bundles its configuration, and the scripts it imports, before running it: a script that
// Node runs happily can still break that step (a `#!` line, once code is put before it). Loading the
// configuration the way `electron-vite build` does catches it here, not only in the build step.
const root = fileURLToPath(new URL('..', import.meta.url))

describe('electron.vite.config.ts', () => {
  it('loads as electron-vite loads it, with the Windows signer names from build/publisher.json', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      join(root, 'electron.vite.config.ts'),
      root,
      'silent',
    )
    const main = loaded.config.main as { define?: Record<string, string> } | undefined
    expect(main?.define?.['__OPERATELY_TRAY_WINDOWS_PUBLISHERS__']).toBe(
      JSON.stringify(windowsPublisherNames()),
    )
  })
})
