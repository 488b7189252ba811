import { AppFailure } from '@shared/errors'
import { normalizeBaseUrl } from '../operately/base-url'
import { checkAccelerator } from '../settings/accelerator'

/**
 * The settings IT can set for everyone, under the same names on every OS: registry values under
 * SOFTWARE\Policies\OperatelyTray on Windows, keys of the com.operately.tray managed preferences on macOS,
 * and keys of /etc/operately-tray/policy.json on Linux. build/policy/ holds the templates that name them.
 */
export const policyKeys = [
  'ServerUrl',
  'LockServerUrl',
  'AutoUpdate',
  'UpdateFeedUrl',
  'StartAtLogin',
  'GlobalShortcut',
  'Reminders',
] as const
export type PolicyKey = (typeof policyKeys)[number]

/** Validated policy values, one field per key; absent when the policy does not set it (or set it badly). */
export interface PolicyValues {
  /** The Operately server's origin, prefilled on the sign-in screen. */
  serverUrl?: string
  /** With a ServerUrl: people cannot sign in to any other server. */
  lockServerUrl?: boolean
  autoUpdate?: boolean
  /** The update feed folder (https, ending in "/"), replacing the one built into the app. */
  updateFeedUrl?: string
  startAtLogin?: boolean
  /** An Electron accelerator, or "" for no system-wide shortcut at all. */
  globalShortcut?: string
  reminders?: boolean
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string }

const isFlag = (raw: unknown): raw is boolean | 0 | 1 => typeof raw === 'boolean' || raw === 0 || raw === 1

/**
 * On/off settings. JSON and plists have real booleans; the registry has DWORDs, which the ADMX template
 * writes as 1 and 0, and a plist written by hand may use <integer>1</integer>.
 */
function flag(raw: unknown): Parsed<boolean> {
  if (isFlag(raw)) return { ok: true, value: raw === true || raw === 1 }
  return { ok: false, problem: `it must be true or false (1 or 0 in the registry), not ${describe(raw)}` }
}

function serverUrl(raw: unknown): Parsed<string> {
  if (typeof raw !== 'string') return { ok: false, problem: `it must be text, not ${describe(raw)}` }
  try {
    return { ok: true, value: normalizeBaseUrl(raw) }
  } catch (err) {
    return { ok: false, problem: err instanceof AppFailure ? err.message : String(err) }
  }
}

function updateFeedUrl(raw: unknown): Parsed<string> {
  if (typeof raw !== 'string') return { ok: false, problem: `it must be text, not ${describe(raw)}` }
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, problem: `“${raw.slice(0, 80)}” is not a web address` }
  }
  // Updates are code the app will run: only over https, from a plain address.
  if (url.protocol !== 'https:') {
    return { ok: false, problem: `it must be an https:// address, not a “${url.protocol}” one` }
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, problem: 'it must not contain a user name or password' }
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, problem: 'it must be a folder address without “?” or “#” parts' }
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return { ok: true, value: url.href }
}

function globalShortcut(raw: unknown): Parsed<string> {
  if (typeof raw !== 'string') return { ok: false, problem: `it must be text, not ${describe(raw)}` }
  // An empty value is IT saying "no system-wide shortcut", e.g. where it clashes with another tool.
  if (raw.trim() === '') return { ok: true, value: '' }
  const check = checkAccelerator(raw)
  return check.ok ? { ok: true, value: check.accelerator } : { ok: false, problem: check.problem }
}

function describe(raw: unknown): string {
  if (raw === null) return 'empty'
  if (Array.isArray(raw)) return 'a list'
  if (typeof raw === 'string') return `the text “${raw.slice(0, 40)}”`
  return typeof raw === 'object' ? 'a group of settings' : `${typeof raw} ${String(raw)}`
}

type Field = keyof PolicyValues
interface KeyDefinition {
  field: Field
  parse(raw: unknown): Parsed<string | boolean>
}

export const policyKeyDefinitions: Record<PolicyKey, KeyDefinition> = {
  ServerUrl: { field: 'serverUrl', parse: serverUrl },
  LockServerUrl: { field: 'lockServerUrl', parse: flag },
  AutoUpdate: { field: 'autoUpdate', parse: flag },
  UpdateFeedUrl: { field: 'updateFeedUrl', parse: updateFeedUrl },
  StartAtLogin: { field: 'startAtLogin', parse: flag },
  GlobalShortcut: { field: 'globalShortcut', parse: globalShortcut },
  Reminders: { field: 'reminders', parse: flag },
}

export type PolicyEntryResult =
  | { kind: 'value'; field: Field; value: string | boolean }
  | { kind: 'invalid'; key: PolicyKey; problem: string }
  | { kind: 'unknown'; suggestion: PolicyKey | null }
  | { kind: 'ignored' }

/**
 * Interprets one name/value pair from a policy source. `caseInsensitive` is for the registry, whose value
 * names are case-insensitive; JSON and plist keys must match exactly, and a near miss is reported with the
 * right spelling.
 */
export function readPolicyEntry(name: string, raw: unknown, caseInsensitive: boolean): PolicyEntryResult {
  // Configuration profiles carry their own bookkeeping keys (PayloadUUID, …) next to the settings.
  if (name.startsWith('Payload')) return { kind: 'ignored' }
  const match =
    policyKeys.find((key) => key === name) ??
    policyKeys.find((key) => key.toLowerCase() === name.toLowerCase())
  if (!match || (match !== name && !caseInsensitive)) return { kind: 'unknown', suggestion: match ?? null }
  const definition = policyKeyDefinitions[match]
  const parsed = definition.parse(raw)
  if (!parsed.ok) return { kind: 'invalid', key: match, problem: parsed.problem }
  return { kind: 'value', field: definition.field, value: parsed.value }
}
