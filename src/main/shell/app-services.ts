import { shell } from 'electron'
import { createMainServices, type MainServices } from '../services/create-services'
import type { KeytarLike } from '../services/vault/token-vault'
import { loadKeytar as loadRealKeytar } from './load-keytar'

export interface AppServicesInput {
  /** Electron's userData folder (already redirected to OPERATELY_TRAY_DATA_DIR when that is set). */
  dataDir: string
  loadKeytar?: () => Promise<KeytarLike>
}

/** The services with their real dependencies: the OS keychain through keytar and global fetch. */
export async function createAppServices({
  dataDir,
  loadKeytar = loadRealKeytar,
}: AppServicesInput): Promise<MainServices> {
  return createMainServices({
    dataDir,
    keytar: await loadKeytar(),
    openExternal: (url) => shell.openExternal(url),
  })
}
