import { z } from 'zod'
import { noInput } from './inputs'

/**
 * The app's settings (the person's choices merged with what IT manages), the About view and updates.
 * Main computes everything; the renderer only shows it and sends back what the person changed.
 */

export const settingKeys = [
  'serverUrl',
  'autoUpdate',
  'updateFeedUrl',
  'startAtLogin',
  'keepOpenOnBlur',
  'globalShortcut',
  'reminders',
] as const
export const settingKeySchema = z.enum(settingKeys)
export type SettingKey = z.infer<typeof settingKeySchema>

/** Where a value came from: the machine's policy beats the user's policy beats the person beats the default. */
export const settingSourceSchema = z.enum(['machine-policy', 'user-policy', 'user', 'default'])

export const effectiveSettingsSchema = z
  .object({
    values: z
      .object({
        /** The server IT set (prefilled on the sign-in screen); null when IT set none. */
        serverUrl: z.string().nullable(),
        autoUpdate: z.boolean(),
        updateFeedUrl: z.string().nullable(),
        startAtLogin: z.boolean(),
        keepOpenOnBlur: z.boolean(),
        /** An Electron accelerator; "" means no system-wide shortcut. */
        globalShortcut: z.string(),
        reminders: z.boolean(),
      })
      .strict(),
    /** Settings the organisation manages: shown disabled, with "Managed by your organisation". */
    locked: z.array(settingKeySchema),
    sources: z.record(settingKeySchema, settingSourceSchema),
  })
  .strict()
export type EffectiveSettingsView = z.infer<typeof effectiveSettingsSchema>

/** Why this copy does not update itself; each has its own sentence in the About view. */
export const updateDisabledReasons = [
  'policy',
  'user',
  'no-feed',
  'unverifiable',
  'development',
  'msi',
  'not-installed',
  'linux-package',
  'disk-image',
  'unsupported-platform',
] as const

/** ISO 8601 time of the last finished check; null before the first one. */
const lastCheckedAt = z.string().max(40).nullable()

export const updateStatusSchema = z.discriminatedUnion('state', [
  z
    .object({ state: z.literal('disabled'), reason: z.enum(updateDisabledReasons), message: z.string() })
    .strict(),
  z.object({ state: z.literal('idle'), lastCheckedAt }).strict(),
  z.object({ state: z.literal('checking'), lastCheckedAt }).strict(),
  /** Found and downloading; `percent` is null until the first progress report. */
  z
    .object({
      state: z.literal('available'),
      version: z.string(),
      percent: z.number().min(0).max(100).nullable(),
      lastCheckedAt,
    })
    .strict(),
  /** Ready: installed on restart, or when the app next quits. */
  z.object({ state: z.literal('downloaded'), version: z.string(), lastCheckedAt }).strict(),
  z.object({ state: z.literal('error'), message: z.string(), lastCheckedAt }).strict(),
])
export type UpdateStatusView = z.infer<typeof updateStatusSchema>

/** The settings a person may change in the app; every key optional, at least one present. */
export const settingsPatchSchema = z
  .object({
    startAtLogin: z.boolean().optional(),
    autoUpdate: z.boolean().optional(),
    keepOpenOnBlur: z.boolean().optional(),
    // Main checks the accelerator itself; the cap only keeps garbage out.
    globalShortcut: z.string().max(100).optional(),
    reminders: z.boolean().optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'say which setting to change',
  })

export const settingsOperations = {
  'settings.get': {
    input: noInput,
    output: effectiveSettingsSchema.extend({
      /** Only the installed app can add itself to the login items (a development build cannot). */
      startAtLoginAvailable: z.boolean(),
      /** Parts of the organisation's policy that were ignored, in plain words. */
      policyWarnings: z.array(z.string()),
    }),
  },
  /**
   * Saves the person's choices. Refused with `invalid_input` (and nothing saved) when a setting is managed
   * by the organisation, the shortcut is not a usable key combination, or start at login is unavailable.
   */
  'settings.update': { input: settingsPatchSchema, output: effectiveSettingsSchema },
  'app.about': {
    input: noInput,
    output: z
      .object({
        version: z.string(),
        /** Where the app keeps its files (settings, drafts, logs), for support requests. */
        dataFolder: z.string(),
        updates: updateStatusSchema,
      })
      .strict(),
  },
  /** "Check for updates": resolves once the check is over, with the status it left. */
  'updates.check': { input: noInput, output: updateStatusSchema },
  /** "Restart now" for a downloaded update; `restarting` is false when none is ready. */
  'updates.restart': { input: noInput, output: z.object({ restarting: z.boolean() }).strict() },
} as const
