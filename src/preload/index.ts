import { contextBridge, ipcRenderer } from 'electron'
import { channelFor, operationNames } from '@shared/contract'
import { buildBridge } from './bridge'

// The only thing the page gets from the preload. Bundled to CommonJS (out/preload/index.cjs): a sandboxed
// preload can require 'electron' but no npm module, so the contract is bundled in.
contextBridge.exposeInMainWorld(
  'operately',
  buildBridge(operationNames, channelFor, (channel, input) => ipcRenderer.invoke(channel, input)),
)
