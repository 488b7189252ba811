import { contextBridge, ipcRenderer } from 'electron'
import { channelFor, operationNames } from '@shared/contract'
import { linkQuestionEvent } from '@shared/contract/link-question-event'
import { buildBridge } from './bridge'

// The only thing the page gets from the preload. Bundled to CommonJS (out/preload/index.cjs): a sandboxed
// preload can require 'electron' but no npm module, so the contract is bundled in.
contextBridge.exposeInMainWorld(
  'operately',
  buildBridge(operationNames, channelFor, (channel, input) => ipcRenderer.invoke(channel, input)),
)

// Main's one signal ("a navigation left a link question"), passed on as a bare DOM event: the page gets
// no listener API and no data, only a reason to call app.takeLinkQuestion. Sent by main alone (ipcRenderer
// only hears main), and only to the popup.
ipcRenderer.on(linkQuestionEvent, () => {
  window.dispatchEvent(new Event(linkQuestionEvent))
})
