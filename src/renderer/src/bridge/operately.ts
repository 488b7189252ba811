import type { OperatelyBridge } from '@shared/contract'
import type { AppError } from '@shared/errors'
import { BridgeError, bridgeUnavailable } from './bridge-error'

declare global {
  interface Window {
    /** Built by the preload (Electron) or the browser harness, from the contract's operation list. */
    readonly operately?: OperatelyBridge
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError }

const isOutcome = (value: unknown): value is Outcome<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'

/**
 * Runs one bridge call and unwraps its result: the value on success, a thrown BridgeError otherwise, so
 * react-query sees failures as failures. Bridge calls are documented never to reject; if one does anyway
 * (the preload is missing, the harness went away), that too becomes a BridgeError rather than a crash.
 */
export async function call<T>(invoke: (bridge: OperatelyBridge) => Promise<Outcome<T>>): Promise<T> {
  const bridge = window.operately
  if (!bridge) throw bridgeUnavailable()
  let outcome: unknown
  try {
    outcome = await invoke(bridge)
  } catch {
    throw bridgeUnavailable()
  }
  if (!isOutcome(outcome)) throw bridgeUnavailable()
  if (outcome.ok) return outcome.value as T
  throw new BridgeError(outcome.error)
}
