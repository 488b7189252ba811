import { join } from 'node:path'
import {
  macLocale,
  macNumberSettings,
  noNumberSettings,
  type NumberSettingsSource,
  windowsInternationalKey,
  windowsNumberSettings,
} from '../services/app/number-settings'
import { runFile, type ExecFile } from './policy-sources'

/**
 * Where each OS keeps the person's own number settings, read with the same tools the policy readers use
 * (reg.exe, defaults), injectable so that each reader is tested with the text the tool prints. A tool that
 * fails or prints nothing usable gives no settings: the locale's defaults stand.
 */
export function systemNumberSettings(options: {
  platform: NodeJS.Platform
  env?: NodeJS.ProcessEnv
  execFile?: ExecFile
}): NumberSettingsSource {
  const exec = options.execFile ?? runFile
  const env = options.env ?? process.env
  const output = async (file: string, args: string[]): Promise<string | null> => {
    try {
      return (await exec(file, args)).stdout
    } catch {
      // A missing key or default (reg.exe and defaults both exit 1): nothing set, the usual case.
      return null
    }
  }
  switch (options.platform) {
    case 'win32': {
      // The full path, so that a reg.exe planted earlier on PATH is never run.
      const reg = join(env['SystemRoot'] ?? env['windir'] ?? 'C:\\Windows', 'System32', 'reg.exe')
      return {
        settings: async () => {
          const text = await output(reg, ['query', windowsInternationalKey])
          return text === null ? noNumberSettings : windowsNumberSettings(text)
        },
        locale: async () => null,
      }
    }
    case 'darwin':
      return {
        settings: async () => {
          const text = await output('/usr/bin/defaults', ['read', '-g', 'AppleICUNumberSymbols'])
          return text === null ? noNumberSettings : macNumberSettings(text)
        },
        locale: async () => {
          const text = await output('/usr/bin/defaults', ['read', '-g', 'AppleLocale'])
          return text === null ? null : macLocale(text)
        },
      }
    default:
      return { settings: async () => noNumberSettings, locale: async () => null }
  }
}
