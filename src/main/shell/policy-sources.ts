import { execFile } from 'node:child_process'
import { access, readFile } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import {
  linuxPolicyPath,
  macPolicyDomain,
  type PolicyReaders,
  type PolicyScope,
} from '../services/policy/load-policy'
import { parseRegQueryOutput, policyRegistryPath } from '../services/policy/registry'

/**
 * The OS side of the managed configuration: where each platform keeps policy and how to read it. The
 * loader (services/policy/load-policy.ts) interprets what these return; here is only I/O, with the
 * commands and paths injectable so each reader is tested without the OS it is for.
 */

export interface ExecResult {
  stdout: string
}
export type ExecFile = (file: string, args: string[]) => Promise<ExecResult>

export interface PolicySourceOptions {
  platform: NodeJS.Platform
  env?: NodeJS.ProcessEnv
  execFile?: ExecFile
  /** Linux policy file; /etc/operately-tray/policy.json. */
  linuxPolicyFile?: string
  /** macOS managed preferences folder; /Library/Managed Preferences. */
  managedPreferencesDir?: string
  /** The macOS user whose managed preferences apply; the current user. */
  userName?: string
}

export const runFile: ExecFile = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { encoding: 'utf8', windowsHide: true, timeout: 15_000, maxBuffer: 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve({ stdout })),
    )
  })

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    if (isMissing(err)) return null
    throw new Error(`could not read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
}

export function systemPolicyReaders(options: PolicySourceOptions): PolicyReaders {
  const env = options.env ?? process.env
  const exec = options.execFile ?? runFile
  switch (options.platform) {
    case 'linux': {
      const path = options.linuxPolicyFile ?? linuxPolicyPath
      return { linuxPolicyFile: () => readIfPresent(path) }
    }
    case 'win32': {
      // The full path, so that a reg.exe planted earlier on PATH is never run.
      const reg = join(env['SystemRoot'] ?? env['windir'] ?? 'C:\\Windows', 'System32', 'reg.exe')
      return {
        windowsRegistry: async (hive) => {
          try {
            const { stdout } = await exec(reg, ['query', `${hive}\\${policyRegistryPath}`])
            return parseRegQueryOutput(stdout)
          } catch (err) {
            // reg.exe exits with 1 when the key does not exist: no policy, the usual case.
            if ((err as { code?: unknown }).code === 1) return null
            throw new Error(`could not run reg.exe (${err instanceof Error ? err.message : String(err)})`)
          }
        },
      }
    }
    case 'darwin': {
      const dir = options.managedPreferencesDir ?? '/Library/Managed Preferences'
      const user = options.userName ?? userInfo().username
      const fileFor = (scope: PolicyScope) =>
        scope === 'machine'
          ? join(dir, `${macPolicyDomain}.plist`)
          : join(dir, user, `${macPolicyDomain}.plist`)
      return {
        macManagedPreferences: async (scope) => {
          const file = fileFor(scope)
          try {
            await access(file)
          } catch (err) {
            if (isMissing(err)) return null
            throw err
          }
          // Managed preferences are usually binary plists; plutil prints them as XML on stdout.
          const { stdout } = await exec('/usr/bin/plutil', ['-convert', 'xml1', '-o', '-', file])
          return stdout
        },
      }
    }
    default:
      return {}
  }
}
