import { call } from './operately'

/** Opens a page of the signed-in Operately server in the default browser (main refuses any other origin). */
export const openInBrowser = (url: string): Promise<void> =>
  call((bridge) => bridge.app.openExternal({ url })).then(() => undefined)
