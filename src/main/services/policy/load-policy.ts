import type { Logger } from '../log/logger'
import { parsePlist } from './plist'
import { readPolicyEntry, type PolicyValues } from './policy-keys'
import { policyRegistryPath, registryValueData, type RegistryValue } from './registry'

/**
 * The managed configuration IT sets, read once at start-up. Machine policy (HKLM, /etc, the device's
 * managed preferences) beats user policy (HKCU, the user's managed preferences). The OS access is injected
 * as readers returning raw data, so every source is tested here with fixtures; the real readers live in
 * src/main/shell/policy-sources.ts.
 *
 * A policy that cannot be read or understood never stops the app: each bad source, key or value is skipped
 * with a warning (logged, and kept for the About view), and everything else still applies.
 */

export type PolicyScope = 'machine' | 'user'

export interface PolicyReaders {
  /** Linux: the text of /etc/operately-tray/policy.json; null when the file does not exist. */
  linuxPolicyFile?: () => Promise<string | null>
  /** Windows: the values of SOFTWARE\Policies\OperatelyTray in a hive; null when the key does not exist. */
  windowsRegistry?: (hive: 'HKLM' | 'HKCU') => Promise<RegistryValue[] | null>
  /**
   * macOS: the com.operately.tray managed preferences, machine-wide or for this user, as JSON or XML plist
   * text (`plutil -convert xml1 -o -`); null when none are installed.
   */
  macManagedPreferences?: (scope: PolicyScope) => Promise<string | null>
}

export interface PolicySource {
  scope: PolicyScope
  /** Where the values came from, in the words IT uses: a path or a registry key. */
  origin: string
}

export interface Policy {
  machine: PolicyValues
  user: PolicyValues
  /** The sources that exist and were read (possibly with warnings). */
  sources: PolicySource[]
  /** Everything that was skipped, in plain words. */
  warnings: string[]
}

export const emptyPolicy: Policy = { machine: {}, user: {}, sources: [], warnings: [] }

export const linuxPolicyPath = '/etc/operately-tray/policy.json'
export const macPolicyDomain = 'com.operately.tray'

export interface LoadPolicyOptions {
  platform: NodeJS.Platform
  readers: PolicyReaders
  log: Logger
}

type Entries = { entries: [string, unknown][]; caseInsensitive: boolean }

interface SourcePlan {
  scope: PolicyScope
  origin: string
  read: () => Promise<Entries | null>
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

function entriesOfDocument(document: unknown, origin: string): Entries {
  if (
    typeof document !== 'object' ||
    document === null ||
    Array.isArray(document) ||
    Buffer.isBuffer(document)
  ) {
    throw new Error(
      `${origin} must hold a set of named settings ({ "ServerUrl": … }), not a single value or a list`,
    )
  }
  return { entries: Object.entries(document), caseInsensitive: false }
}

function parseJson(text: string, origin: string): Entries {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (err) {
    throw new Error(`${origin} is not valid JSON (${message(err)})`)
  }
  return entriesOfDocument(document, origin)
}

function parseManagedPreferences(text: string, origin: string): Entries {
  if (text.trimStart().startsWith('{')) return parseJson(text, origin)
  let document: unknown
  try {
    document = parsePlist(text)
  } catch (err) {
    throw new Error(`${origin} could not be read as a property list (${message(err)})`)
  }
  return entriesOfDocument(document, origin)
}

function plan(platform: NodeJS.Platform, readers: PolicyReaders): SourcePlan[] {
  switch (platform) {
    case 'win32': {
      const registry = readers.windowsRegistry
      if (!registry) return []
      return (['HKLM', 'HKCU'] as const).map((hive) => ({
        scope: hive === 'HKLM' ? 'machine' : 'user',
        origin: `${hive}\\${policyRegistryPath}`,
        read: async () => {
          const values = await registry(hive)
          if (!values) return null
          return {
            entries: values.map((value): [string, unknown] => [value.name, registryValueData(value)]),
            caseInsensitive: true,
          }
        },
      }))
    }
    case 'darwin': {
      const preferences = readers.macManagedPreferences
      if (!preferences) return []
      return (['machine', 'user'] as const).map((scope) => {
        const origin =
          scope === 'machine'
            ? `/Library/Managed Preferences/${macPolicyDomain}.plist`
            : `/Library/Managed Preferences/<user>/${macPolicyDomain}.plist`
        return {
          scope,
          origin,
          read: async () => {
            const text = await preferences(scope)
            return text === null ? null : parseManagedPreferences(text, origin)
          },
        }
      })
    }
    case 'linux': {
      const file = readers.linuxPolicyFile
      if (!file) return []
      return [
        {
          scope: 'machine',
          origin: linuxPolicyPath,
          read: async () => {
            const text = await file()
            return text === null ? null : parseJson(text, linuxPolicyPath)
          },
        },
      ]
    }
    default:
      return []
  }
}

export async function loadPolicy({ platform, readers, log }: LoadPolicyOptions): Promise<Policy> {
  const policy: Policy = { machine: {}, user: {}, sources: [], warnings: [] }
  const warn = (text: string, origin: string) => {
    policy.warnings.push(text)
    log.warn(text, { policySource: origin })
  }

  for (const source of plan(platform, readers)) {
    let read: Entries | null
    try {
      read = await source.read()
    } catch (err) {
      warn(`The policy in ${source.origin} was ignored: ${message(err)}.`, source.origin)
      continue
    }
    if (!read) continue
    policy.sources.push({ scope: source.scope, origin: source.origin })
    const values = policy[source.scope]
    for (const [name, raw] of read.entries) {
      const entry = readPolicyEntry(name, raw, read.caseInsensitive)
      switch (entry.kind) {
        case 'value':
          // The key's own parser produced a value of the field's type.
          Object.assign(values, { [entry.field]: entry.value })
          break
        case 'invalid':
          warn(
            `The policy setting ${entry.key} in ${source.origin} was ignored: ${entry.problem}.`,
            source.origin,
          )
          break
        case 'unknown':
          warn(
            `The policy setting “${name.slice(0, 80)}” in ${source.origin} is not one Operately Tray knows and was ignored` +
              (entry.suggestion ? ` (did you mean ${entry.suggestion}?).` : '.'),
            source.origin,
          )
          break
        case 'ignored':
          break
      }
    }
  }

  const lock = policy.machine.lockServerUrl ?? policy.user.lockServerUrl
  if (lock === true && (policy.machine.serverUrl ?? policy.user.serverUrl) === undefined) {
    const origin = policy.sources.map((source) => source.origin).join(', ')
    warn('LockServerUrl is on but no valid ServerUrl is set, so the server address is not locked.', origin)
  }
  if (policy.sources.length > 0) {
    log.info('managed configuration applied', {
      sources: policy.sources.map((source) => source.origin),
      machine: Object.keys(policy.machine),
      user: Object.keys(policy.user),
    })
  }
  return policy
}
