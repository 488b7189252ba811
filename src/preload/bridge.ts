import type { OperationName, OperatelyBridge } from '@shared/contract'

export type Invoke = (channel: string, input: unknown) => Promise<unknown>

/**
 * `window.operately`: for every operation 'area.op', `bridge[area][op](input)` sends the input on the
 * operation's channel and resolves to main's answer. That is all it can do — no generic invoke, no
 * access to ipcRenderer, no event listeners — so a compromised page can only make the calls the
 * contract declares, each of which main validates.
 */
export function buildBridge(
  names: readonly OperationName[],
  channelFor: (name: OperationName) => string,
  invoke: Invoke,
): OperatelyBridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const name of names) {
    const [area, op, ...rest] = name.split('.')
    if (!area || !op || rest.length > 0)
      throw new Error(`Operation names look like "area.operation"; got "${name}".`)
    const channel = channelFor(name)
    const calls = (bridge[area] ??= {})
    // Exactly one argument reaches main, whatever the page passes.
    calls[op] = (input?: unknown) => invoke(channel, input ?? {})
  }
  for (const calls of Object.values(bridge)) Object.freeze(calls)
  return Object.freeze(bridge) as unknown as OperatelyBridge
}
