import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import keytar from 'keytar'
import { chromium, type Page } from 'playwright-core'
import { startEmulator, type Emulator, type SeedName } from '../e2e/emulator'
import { startHarness } from '../e2e/harness'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import { chromiumArgs } from './editor'

/** What the lists bench and its profile run against: a signed-in popup on the browser harness. */
export interface ListsRig {
  page: Page
  /** The emulator the services are signed in to (its request log counts what a piece of work asked). */
  emulator: Emulator
  close(): Promise<void>
}

/**
 * The emulator with `seed`, main's services signed in to it (a throwaway data folder and keychain
 * entry), the browser harness, and headless Chromium at the popup's size (380×560) on the popup's first
 * screen. `close` takes it all down again, the keychain entry included.
 */
export async function startListsRig(seed: SeedName): Promise<ListsRig> {
  const emulator = await startEmulator({ seed })
  const dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-bench-lists-'))
  const vaultService = `Operately Tray bench ${randomUUID()}`
  const services = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
  const harness = await startHarness({ dataDir, services })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
  const close = async () => {
    await browser.close()
    await services.dispatch('session.signOut', {})
    await harness.close()
    await services.close()
    await keytar.deletePassword(vaultService, emulator.url).catch(() => false)
    await emulator.close()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    const signedIn = await services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    if (!signedIn.ok) throw new Error(`lists: sign-in failed: ${signedIn.error.message}`)
    const page = await browser.newPage({ viewport: { width: 380, height: 560 } })
    await page.goto(harness.url)
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    return { page, emulator, close }
  } catch (err) {
    await close()
    throw err
  }
}
