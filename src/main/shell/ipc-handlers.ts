import { ipcMain, type WebContents } from 'electron'
import { channelFor, operationNames } from '@shared/contract'
import type { Dispatch } from '../services/ipc/dispatcher'
import type { Logger } from '../services/log/logger'
import { checkSender } from './trusted-sender'

export interface IpcHandlerOptions {
  dispatch: Dispatch
  /** The popup's webContents, the only one allowed to call; null while it does not exist. */
  popupContents(): WebContents | null
  isAppUrl(url: string): boolean
  log: Logger
}

/**
 * One `ipcMain.handle` per contract operation. Every call is checked first: only the app's own page in
 * the popup's top frame is heard. Anything else is logged and answered with nothing — it never reaches
 * the services. Returns a function that removes the handlers.
 */
export function registerIpcHandlers({
  dispatch,
  popupContents,
  isAppUrl,
  log,
}: IpcHandlerOptions): () => void {
  for (const name of operationNames) {
    const channel = channelFor(name)
    ipcMain.handle(channel, async (event, input: unknown) => {
      const verdict = checkSender(event, popupContents(), isAppUrl)
      if (!verdict.trusted) {
        log.warn('ignored a request from an untrusted sender', {
          channel,
          reason: verdict.reason,
          url: event.senderFrame?.url.slice(0, 200) ?? null,
        })
        return undefined
      }
      return dispatch(name, input)
    })
  }
  return () => {
    for (const name of operationNames) ipcMain.removeHandler(channelFor(name))
  }
}
