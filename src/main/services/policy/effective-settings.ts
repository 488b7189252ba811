import type { Policy } from './load-policy'
import type { PolicyValues } from './policy-keys'

/**
 * What the app actually uses, from four layers. Two kinds of setting:
 *
 * - Enforced by policy (server address when LockServerUrl is on, AutoUpdate, UpdateFeedUrl,
 *   GlobalShortcut): machine policy beats user policy beats the user's own choice beats the built-in
 *   default, and a value that comes from policy is locked ("Managed by your organisation").
 * - Recommended by policy (StartAtLogin, Reminders, and ServerUrl while it is not locked): the policy only
 *   replaces the built-in default; the user's own choice still wins and nothing is locked. The issue asks
 *   for exactly this: "start at login (user setting, policy default)", "server URL (prefilled,
 *   optionally locked)".
 */

export interface UserSettings {
  startAtLogin?: boolean
  autoUpdate?: boolean
  keepOpenOnBlur?: boolean
  /** An Electron accelerator, or "" for none. */
  globalShortcut?: string
  reminders?: boolean
}

export interface SettingsValues {
  /** The server to prefill on the sign-in screen; null when IT set none. */
  serverUrl: string | null
  autoUpdate: boolean
  /** The update feed IT set; null means the one built into the app (if any). */
  updateFeedUrl: string | null
  startAtLogin: boolean
  keepOpenOnBlur: boolean
  /** "" means no system-wide shortcut. */
  globalShortcut: string
  reminders: boolean
}

export type SettingKey = keyof SettingsValues
export type SettingSource = 'machine-policy' | 'user-policy' | 'user' | 'default'

export interface EffectiveSettings {
  values: SettingsValues
  /** Keys the user cannot change: show "Managed by your organisation" next to them. */
  locked: SettingKey[]
  sources: Record<SettingKey, SettingSource>
}

/** Must match src/main/shell/global-shortcut.ts (a test in the shell checks that it does). */
export const defaultGlobalShortcut = 'CommandOrControl+Shift+O'

export const defaultSettings: SettingsValues = {
  serverUrl: null,
  autoUpdate: true,
  updateFeedUrl: null,
  // Off unless IT or the user turns it on: an app that adds itself to login uninvited is a nuisance.
  startAtLogin: false,
  keepOpenOnBlur: false,
  globalShortcut: defaultGlobalShortcut,
  reminders: true,
}

/** The keys a person can change in the app (the others come only from policy). */
export const userSettingKeys = [
  'startAtLogin',
  'autoUpdate',
  'keepOpenOnBlur',
  'globalShortcut',
  'reminders',
] as const

type Layer = { source: SettingSource; values: Partial<SettingsValues> }

function pick<K extends SettingKey>(
  key: K,
  layers: Layer[],
): { value: SettingsValues[K]; source: SettingSource } {
  for (const layer of layers) {
    const value = layer.values[key]
    if (value !== undefined) return { value: value as SettingsValues[K], source: layer.source }
  }
  return { value: defaultSettings[key], source: 'default' }
}

function fromPolicy(values: PolicyValues): Partial<SettingsValues> {
  const { serverUrl, autoUpdate, updateFeedUrl, startAtLogin, globalShortcut, reminders } = values
  return { serverUrl, autoUpdate, updateFeedUrl, startAtLogin, globalShortcut, reminders }
}

export function effectiveSettings(policy: Policy, user: UserSettings): EffectiveSettings {
  const machine: Layer = { source: 'machine-policy', values: fromPolicy(policy.machine) }
  const userPolicy: Layer = { source: 'user-policy', values: fromPolicy(policy.user) }
  const own: Layer = { source: 'user', values: { ...user } }
  const enforced = [machine, userPolicy, own]
  const recommended = [own, machine, userPolicy]

  const serverUrl = pick('serverUrl', [machine, userPolicy])
  const autoUpdate = pick('autoUpdate', enforced)
  const updateFeedUrl = pick('updateFeedUrl', [machine, userPolicy])
  const startAtLogin = pick('startAtLogin', recommended)
  const keepOpenOnBlur = pick('keepOpenOnBlur', [own])
  const globalShortcut = pick('globalShortcut', enforced)
  const reminders = pick('reminders', recommended)

  const isPolicy = (source: SettingSource) => source === 'machine-policy' || source === 'user-policy'
  const lockServer = (policy.machine.lockServerUrl ?? policy.user.lockServerUrl) === true

  const locked: SettingKey[] = []
  if (lockServer && serverUrl.value !== null) locked.push('serverUrl')
  if (isPolicy(autoUpdate.source)) locked.push('autoUpdate')
  if (isPolicy(updateFeedUrl.source)) locked.push('updateFeedUrl')
  if (isPolicy(globalShortcut.source)) locked.push('globalShortcut')

  return {
    values: {
      serverUrl: serverUrl.value,
      autoUpdate: autoUpdate.value,
      updateFeedUrl: updateFeedUrl.value,
      startAtLogin: startAtLogin.value,
      keepOpenOnBlur: keepOpenOnBlur.value,
      globalShortcut: globalShortcut.value,
      reminders: reminders.value,
    },
    locked,
    sources: {
      serverUrl: serverUrl.source,
      autoUpdate: autoUpdate.source,
      updateFeedUrl: updateFeedUrl.source,
      startAtLogin: startAtLogin.source,
      keepOpenOnBlur: keepOpenOnBlur.source,
      globalShortcut: globalShortcut.source,
      reminders: reminders.source,
    },
  }
}

/**
 * Whether signing in to `baseUrl` (already normalised to an origin) is allowed. Main must refuse a
 * different server when the address is locked, not only grey out the field.
 */
export function serverUrlAllowed(settings: EffectiveSettings, baseUrl: string): boolean {
  return !settings.locked.includes('serverUrl') || settings.values.serverUrl === baseUrl
}
