import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import keytar from 'keytar'
import { startEmulator } from '../e2e/emulator'
import { harnessVaultService, startHarness } from '../e2e/harness'
import { prepareDataFolder } from '../e2e/harness/data-folder'
import { createMainServices } from '../src/main/services/create-services'

/**
 * `npm run demo`: try the whole app with no Operately account. Starts the Operately emulator, signs in
 * to it as Ada Lovelace with a write-enabled token, and opens the app: Electron when its binary is
 * installed, otherwise the browser harness (same renderer, same main services). Ctrl+C stops
 * everything and removes the demo token from the keychain.
 */

const root = fileURLToPath(new URL('..', import.meta.url))

/** The Electron binary, if `npm install` managed to download it (it cannot on some machines). */
function electronBinary(): string | null {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

function ensureBuilt(needsElectronBuild: boolean): void {
  const built =
    existsSync(join(root, 'out', 'renderer', 'index.html')) &&
    (!needsElectronBuild || existsSync(join(root, 'out', 'main', 'index.js')))
  if (built) return
  console.log('Building the app first (npx electron-vite build)…')
  const result = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.')
    process.exit(1)
  }
}

const electron = electronBinary()
ensureBuilt(electron !== null)
// A fresh private folder unless one is given (then it must be the user's own and closed to others).
const folder = await prepareDataFolder({
  given: process.env.OPERATELY_TRAY_DATA_DIR,
  prefix: 'operately-tray-demo-',
})
if (!folder.ok) {
  console.error(folder.problem)
  process.exit(2)
}
const dataDir = folder.dir

const emulator = await startEmulator()
// The Electron app reads the token under its own keychain name; the browser harness keeps its own.
const services = await createMainServices({
  dataDir,
  keytar,
  ...(electron ? {} : { vaultService: harnessVaultService }),
})
const signIn = await services.dispatch('session.signIn', {
  baseUrl: emulator.url,
  token: emulator.tokens.write,
})

console.log(`Operately emulator: ${emulator.url}`)
console.log(`  write token:      ${emulator.tokens.write}`)
console.log(`  read-only token:  ${emulator.tokens.readOnly}`)
console.log(`  deleted token:    ${emulator.tokens.revoked}`)
console.log(`Data folder: ${dataDir}`)
const session = await services.session.get()
if (signIn.ok && session.status === 'signed_in') {
  console.log(`Signed in as ${session.person.fullName} with the write token.`)
} else if (!signIn.ok) {
  console.log(`Could not sign in automatically: ${signIn.error.message}`)
  console.log('The app opens on the sign-in form; use the address and a token above.')
}

let stopping = false
const stop = async (code: number) => {
  if (stopping) return
  stopping = true
  // The emulator's port changes every run: leave no keychain entry behind for it.
  await services.dispatch('session.signOut', {})
  await harness?.close()
  await services.close()
  await emulator.close()
  if (folder.temporary) await rm(dataDir, { recursive: true, force: true })
  process.exit(code)
}

let harness: Awaited<ReturnType<typeof startHarness>> | undefined
if (electron) {
  console.log('Starting Operately Tray (Electron). Look for its icon in the system tray.')
  const app = spawn(electron, [root], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, OPERATELY_TRAY_DATA_DIR: dataDir },
  })
  app.on('exit', (code) => void stop(code ?? 0))
  app.on('error', (err) => {
    console.error(`Electron could not start: ${err.message}`)
    void stop(1)
  })
} else {
  harness = await startHarness({ dataDir, services })
  console.log('Electron is not installed here, so the app runs in the browser harness instead.')
  console.log('Open this address (it carries the key the harness answers to; keep it to yourself):')
  console.log(`  ${harness.url}`)
}
console.log('Press Ctrl+C to stop.')
process.once('SIGINT', () => void stop(0))
process.once('SIGTERM', () => void stop(0))
