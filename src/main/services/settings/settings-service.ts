import { AppFailure, appError } from '@shared/errors'
import type { Logger } from '../log/logger'
import {
  effectiveSettings,
  userSettingKeys,
  type EffectiveSettings,
  type UserSettings,
} from '../policy/effective-settings'
import type { Policy } from '../policy/load-policy'
import { checkAccelerator } from './accelerator'
import { createUserSettingsStore, type StoredSettings, type UserSettingsStore } from './user-settings'

/** What the person may change; keys left out stay as they are. */
export type SettingsPatch = Partial<Pick<UserSettings, (typeof userSettingKeys)[number]>>

export interface SettingsService {
  /** The settings in force now: the user's choices merged with policy and defaults. */
  current(): EffectiveSettings
  /**
   * Saves the user's choices. Refuses (AppFailure, `invalid_input`) a change to a setting the organisation
   * manages and a shortcut that is not valid, saving nothing of that patch.
   */
  update(patch: SettingsPatch): Promise<EffectiveSettings>
  /** Called after every change of the effective settings. */
  subscribe(listener: (settings: EffectiveSettings) => void): () => void
  /** The managed configuration the app started with (its sources and warnings are for the About view). */
  readonly policy: Policy
  appliedStartAtLogin(): boolean | undefined
  recordAppliedStartAtLogin(enabled: boolean): Promise<void>
}

export interface SettingsServiceOptions {
  dataDir: string
  policy: Policy
  log: Logger
  /** Defaults to `<dataDir>/settings.json`. */
  store?: UserSettingsStore
}

export const managedMessage = 'This setting is managed by your organisation and cannot be changed here.'

const invalid = (message: string) => new AppFailure(appError('invalid_input', message))

function validatedPatch(patch: SettingsPatch): SettingsPatch {
  const clean: SettingsPatch = {}
  for (const key of userSettingKeys) {
    const value = patch[key]
    if (value === undefined) continue
    if (key === 'globalShortcut') {
      if (typeof value !== 'string') throw invalid('The keyboard shortcut must be text.')
      if (value.trim() === '') {
        clean.globalShortcut = ''
        continue
      }
      const check = checkAccelerator(value)
      if (!check.ok) throw invalid(check.problem)
      clean.globalShortcut = check.accelerator
    } else {
      if (typeof value !== 'boolean') throw invalid(`The setting ${key} must be on or off.`)
      clean[key] = value
    }
  }
  return clean
}

export async function createSettingsService(options: SettingsServiceOptions): Promise<SettingsService> {
  const { policy, log } = options
  const store = options.store ?? createUserSettingsStore(options.dataDir, log)
  let stored: StoredSettings = await store.read()
  let effective = effectiveSettings(policy, stored)
  const listeners = new Set<(settings: EffectiveSettings) => void>()
  // One write at a time, in order: two quick toggles must not finish in the wrong order on disk.
  let queue: Promise<unknown> = Promise.resolve()
  const serialised = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  const commit = async (next: StoredSettings) => {
    await store.write(next)
    stored = next
    const before = JSON.stringify(effective)
    effective = effectiveSettings(policy, stored)
    if (JSON.stringify(effective) === before) return
    for (const listener of listeners) {
      try {
        listener(effective)
      } catch (err) {
        log.error('a settings listener failed', { error: err instanceof Error ? err.message : String(err) })
      }
    }
  }

  return {
    policy,
    current: () => effective,
    update: (patch) =>
      serialised(async () => {
        const clean = validatedPatch(patch)
        for (const key of Object.keys(clean) as (keyof SettingsPatch)[]) {
          if (effective.locked.includes(key) && clean[key] !== effective.values[key]) {
            throw new AppFailure(appError('invalid_input', managedMessage))
          }
        }
        await commit({ ...stored, ...clean })
        return effective
      }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    appliedStartAtLogin: () => stored.appliedStartAtLogin,
    recordAppliedStartAtLogin: (enabled) =>
      serialised(async () => {
        if (stored.appliedStartAtLogin !== enabled) await commit({ ...stored, appliedStartAtLogin: enabled })
      }),
  }
}
