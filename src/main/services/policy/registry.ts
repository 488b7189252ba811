/**
 * Windows policy lives in the registry under SOFTWARE\Policies\OperatelyTray, in HKLM (the machine, set by
 * Group Policy computer configuration or Intune device policy) and HKCU (the user). The shell reads it with
 * `reg query`, whose output this turns into name/type/data triples. Pure, so it is tested with recorded
 * output instead of a Windows machine.
 */

export const policyRegistryPath = 'SOFTWARE\\Policies\\OperatelyTray'

export interface RegistryValue {
  name: string
  /** REG_SZ, REG_DWORD, REG_EXPAND_SZ, REG_MULTI_SZ, REG_QWORD, REG_BINARY, … */
  type: string
  /** The data as `reg query` prints it: text for strings, 0x-hex for DWORD and QWORD. */
  data: string
}

// `reg query` prints each value as four spaces, the name, four spaces, the type, four spaces, the data.
// Names may themselves contain spaces, hence the lazy name and the explicit REG_ type in the middle.
const valueLine = /^ {4}(.+?) {4}(REG_[A-Z0-9_]+)(?: {4}(.*))?$/

export function parseRegQueryOutput(output: string): RegistryValue[] {
  const values: RegistryValue[] = []
  let keysSeen = 0
  for (const line of output.split(/\r?\n/)) {
    if (/^HKEY_/i.test(line)) {
      // The first path is the key asked for; `reg query` without /s lists subkeys after its values, as bare
      // paths, and their values are not ours to read.
      keysSeen += 1
      continue
    }
    if (keysSeen !== 1) continue
    const match = valueLine.exec(line.trimEnd())
    if (!match) continue
    const [, name = '', type = '', data = ''] = match
    values.push({ name: name === '(Default)' ? '' : name, type, data })
  }
  return values
}

/**
 * What a registry value means as a policy value: numbers for DWORD/QWORD (the ADMX writes on/off as
 * DWORD 1/0), text for the string types. Other types have no meaning here and come back as themselves so
 * that the loader can say "wrong type".
 */
export function registryValueData(value: RegistryValue): unknown {
  switch (value.type) {
    case 'REG_DWORD':
    case 'REG_QWORD': {
      const number = Number.parseInt(value.data, 16)
      return /^0x[0-9a-f]+$/i.test(value.data) && Number.isSafeInteger(number) ? number : value.data
    }
    case 'REG_SZ':
    case 'REG_EXPAND_SZ':
      return value.data
    default:
      return { registryType: value.type }
  }
}
