import { join } from 'node:path'
import { z } from 'zod'
import type { Logger } from '../log/logger'
import type { UserSettings } from '../policy/effective-settings'
import { createJsonFile, type JsonFile } from '../storage/json-file'
import { checkAccelerator } from './accelerator'

/**
 * The user's own choices, in `<dataDir>/settings.json`. Only what the person actually chose is stored, so a
 * policy default (StartAtLogin, Reminders) still applies to everything they never touched. Each field is
 * read on its own: one damaged value falls back to its default without losing the others.
 */
export interface StoredSettings extends UserSettings {
  /**
   * What start-at-login was last set to in the OS. The app changes the login item only when the setting
   * differs from this, so someone who removed the app from their login items in the OS's own settings is
   * not overruled at every start.
   */
  appliedStartAtLogin?: boolean
}

const optionalFlag = z.boolean().optional().catch(undefined)

const storedSettingsSchema = z
  .object({
    startAtLogin: optionalFlag,
    autoUpdate: optionalFlag,
    keepOpenOnBlur: optionalFlag,
    globalShortcut: z.string().max(200).optional().catch(undefined),
    reminders: optionalFlag,
    appliedStartAtLogin: optionalFlag,
  })
  .catch({})

export const settingsFileName = 'settings.json'

export interface UserSettingsStore {
  read(): Promise<StoredSettings>
  write(settings: StoredSettings): Promise<void>
}

export function createUserSettingsStore(dataDir: string, log: Logger): UserSettingsStore {
  const path = join(dataDir, settingsFileName)
  const file: JsonFile<StoredSettings> = createJsonFile(path, storedSettingsSchema, {}, log)
  return {
    async read() {
      const stored = await file.read()
      const { globalShortcut, ...rest } = stored
      const settings: StoredSettings = {}
      for (const [key, value] of Object.entries(rest) as [keyof StoredSettings, boolean | undefined][]) {
        if (value !== undefined) Object.assign(settings, { [key]: value })
      }
      if (globalShortcut !== undefined) {
        const check =
          globalShortcut === '' ? ({ ok: true, accelerator: '' } as const) : checkAccelerator(globalShortcut)
        if (check.ok) settings.globalShortcut = check.accelerator
        else
          log.warn('the saved keyboard shortcut is not valid; using the default', {
            path,
            problem: check.problem,
          })
      }
      return settings
    },
    write: (settings) => file.write(settings),
  }
}
