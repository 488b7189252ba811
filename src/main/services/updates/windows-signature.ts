import { execFile } from 'node:child_process'
import { win32 } from 'node:path'
// The distinguished-name parser electron-updater itself uses, so a publisher name means here exactly what
// it meant to electron-builder and to docs/it-deployment.md (a CN alone, or a full DN).
import { parseDn } from 'builder-util-runtime/out/rfc2253Parser.js'

/**
 * The Windows updater's signature check, failing closed. electron-updater's own check answers "fine" (it
 * logs a warning and skips) whenever PowerShell cannot be run or its answer cannot be read: on machines
 * where PowerShell is blocked (AppLocker, WDAC, software restriction policies — exactly the managed
 * machines this app is deployed to) every downloaded installer would be run unchecked. This one answers
 * null only when PowerShell ran, said the installer's Authenticode signature is Valid for that very file,
 * and its signer is one of the publisher names; anything else is a refusal with the reason.
 */

/** What PowerShell printed, or a rejection when it could not be started, failed or timed out. */
export type RunProgram = (
  file: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number },
) => Promise<string>

export interface WindowsSignatureCheckOptions {
  /** Signer names an installer may carry: a certificate CN (`Acme Ltd`) or a full DN (`CN=…, O=…`). */
  publisherNames: readonly string[]
  run?: RunProgram
  /** The environment PowerShell is started with (SystemRoot locates it); process.env by default. */
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
}

/** Null when the file is signed by one of the names, otherwise why it is refused. */
export type WindowsSignatureCheck = (file: string) => Promise<string | null>

/** The environment variable carrying the file's path into PowerShell, so no path is ever parsed as code. */
const fileVariable = 'OPERATELY_TRAY_UPDATE_FILE'

// Constrained Language Mode (what WDAC imposes) allows only core types, so the script sets no console
// encoding; instead the path and subject travel as hex of their UTF-16 code units, which no code page
// can garble (a publisher such as "Müller GmbH" must still match).
const script = [
  "$ErrorActionPreference = 'Stop'",
  `$signature = Get-AuthenticodeSignature -LiteralPath $env:${fileVariable}`,
  "function Hex([string] $text) { -join ($text.ToCharArray() | ForEach-Object { '{0:x4}' -f [int]$_ }) }",
  '$subject = $null',
  'if ($signature.SignerCertificate) { $subject = Hex $signature.SignerCertificate.Subject }',
  '[pscustomobject]@{ Status = [string]$signature.Status; Path = (Hex $signature.Path); Subject = $subject } | ConvertTo-Json -Compress',
].join('\n')

const encodedScript = Buffer.from(script, 'utf16le').toString('base64')

/** Windows PowerShell by its full path: a powershell.exe earlier on PATH is not asked. */
export const powerShellPath = (env: NodeJS.ProcessEnv): string =>
  win32.join(
    env['SystemRoot'] ?? env['SYSTEMROOT'] ?? 'C:\\Windows',
    'System32',
    'WindowsPowerShell',
    'v1.0',
    'powershell.exe',
  )

const runWithoutShell: RunProgram = (file, args, { env, timeoutMs }) =>
  new Promise((resolve, reject) => {
    execFile(
      file,
      [...args],
      { env, timeout: timeoutMs, windowsHide: true, maxBuffer: 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    )
  })

const fromHex = (hex: unknown): string | null => {
  if (typeof hex !== 'string' || hex.length % 4 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return null
  let text = ''
  for (let i = 0; i < hex.length; i += 4) text += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16))
  return text
}

/** Whether a signer's subject is one of the publisher names, by electron-updater's own rule. */
export function signerMatches(subject: string, publisherNames: readonly string[]): boolean {
  const signer = parseDn(subject)
  return publisherNames.some((name) => {
    const wanted = parseDn(name)
    if (wanted.size === 0) return name.trim() !== '' && name.trim() === signer.get('CN')
    return [...wanted.keys()].every((key) => wanted.get(key) === signer.get(key))
  })
}

/** Reads what the script printed for `file`; null when it proves the signature, otherwise why not. */
export function signatureVerdict(
  output: string,
  file: string,
  publisherNames: readonly string[],
): string | null {
  let answer: unknown
  try {
    answer = JSON.parse(output.replace(/^\uFEFF/, '').trim())
  } catch {
    return 'refused: PowerShell’s answer about the signature could not be read'
  }
  if (typeof answer !== 'object' || answer === null) {
    return 'refused: PowerShell’s answer about the signature could not be read'
  }
  const { Status: status, Path: pathHex, Subject: subjectHex } = answer as Record<string, unknown>
  if (status !== 'Valid')
    return `refused: the installer’s signature is not valid (${String(status).slice(0, 40)})`
  const path = fromHex(pathHex)
  if (path === null || win32.normalize(path).toLowerCase() !== win32.normalize(file).toLowerCase()) {
    return 'refused: PowerShell checked another file than the downloaded installer'
  }
  const subject = fromHex(subjectHex)
  if (subject === null || subject === '') return 'refused: the installer’s signature names no signer'
  if (!signerMatches(subject, publisherNames)) {
    return `refused: the installer is signed by "${subject.slice(0, 200)}", not by ${publisherNames.map((name) => `"${name}"`).join(' or ')}`
  }
  return null
}

export function createWindowsSignatureCheck(options: WindowsSignatureCheckOptions): WindowsSignatureCheck {
  const names = options.publisherNames.map((name) => name.trim()).filter(Boolean)
  const run = options.run ?? runWithoutShell
  const baseEnv = options.env ?? process.env
  const timeoutMs = options.timeoutMs ?? 120_000
  return async (file) => {
    if (names.length === 0) return 'refused: no publisher name to check the installer’s signature against'
    // PowerShell 7's module path makes Windows PowerShell fail to load its signature cmdlets
    // (electron-builder issue 7127): Windows PowerShell finds its own modules without it.
    const env: NodeJS.ProcessEnv = { ...baseEnv, [fileVariable]: file }
    for (const key of Object.keys(env)) if (key.toLowerCase() === 'psmodulepath') delete env[key]
    let output: string
    try {
      output = await run(
        powerShellPath(baseEnv),
        [
          '-NoLogo',
          '-NoProfile',
          '-NonInteractive',
          '-InputFormat',
          'None',
          '-EncodedCommand',
          encodedScript,
        ],
        { env, timeoutMs },
      )
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n')[0]?.slice(0, 200) : String(err)
      return `refused: the signature could not be checked (PowerShell: ${reason})`
    }
    return signatureVerdict(output, file, names)
  }
}
