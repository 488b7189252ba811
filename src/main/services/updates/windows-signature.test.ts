import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createWindowsSignatureCheck,
  powerShellPath,
  signatureVerdict,
  signerMatches,
  type RunProgram,
} from './windows-signature'

// What the check's PowerShell script prints: the status, and the path and subject as hex of UTF-16 units.
const hex = (text: string) =>
  text
    .split('')
    .map((unit) => unit.charCodeAt(0).toString(16).padStart(4, '0'))
    .join('')
const printed = (fields: { status: string; path: string; subject: string | null }) =>
  JSON.stringify({
    Status: fields.status,
    Path: hex(fields.path),
    Subject: fields.subject === null ? null : hex(fields.subject),
  })

const installer =
  'C:\\Users\\ada\\AppData\\Local\\operately-tray-updater\\pending\\operately-tray-setup-1.2.3.exe'
const acme = 'CN=Acme Ltd, O=Acme Ltd, L=London, C=GB'

describe('signatureVerdict', () => {
  it('accepts a valid signature on that file by a publisher named by its CN or its full DN', () => {
    const output = printed({ status: 'Valid', path: installer, subject: acme })
    expect(signatureVerdict(output, installer, ['Acme Ltd'])).toBeNull()
    expect(signatureVerdict(output, installer, ['CN=Acme Ltd, O=Acme Ltd, C=GB'])).toBeNull()
    expect(signatureVerdict('\uFEFF' + output + '\r\n', installer.toLowerCase(), ['Acme Ltd'])).toBeNull()
  })

  it('keeps a publisher name with letters beyond ASCII intact, whatever the console code page', () => {
    const output = printed({ status: 'Valid', path: installer, subject: 'CN=Müller Straße GmbH, C=DE' })
    expect(signatureVerdict(output, installer, ['Müller Straße GmbH'])).toBeNull()
    expect(signatureVerdict(output, installer, ['Muller Strasse GmbH'])).toMatch(/^refused: .*signed by/)
  })

  it.each([
    [
      'another signer',
      { status: 'Valid', path: installer, subject: 'CN=Evil Corp, O=Evil Corp' },
      /signed by "CN=Evil Corp/,
    ],
    [
      'a CN that only contains the name',
      { status: 'Valid', path: installer, subject: 'CN=Acme Ltd Fake' },
      /signed by/,
    ],
    ['an unsigned file', { status: 'NotSigned', path: installer, subject: null }, /not valid \(NotSigned\)/],
    [
      'a modified file',
      { status: 'HashMismatch', path: installer, subject: acme },
      /not valid \(HashMismatch\)/,
    ],
    ['an untrusted root', { status: 'UnknownError', path: installer, subject: acme }, /not valid/],
    [
      'an answer about another file',
      { status: 'Valid', path: 'C:\\Windows\\notepad.exe', subject: acme },
      /another file/,
    ],
    ['a valid status with no signer', { status: 'Valid', path: installer, subject: null }, /names no signer/],
  ])('refuses %s', (_what, fields, reason) => {
    expect(signatureVerdict(printed(fields), installer, ['Acme Ltd'])).toMatch(reason)
  })

  it('holds a full DN to every part it names', () => {
    const output = printed({ status: 'Valid', path: installer, subject: 'CN=Acme Ltd, O=Other, C=GB' })
    expect(signatureVerdict(output, installer, ['CN=Acme Ltd, O=Acme Ltd'])).toMatch(/signed by/)
  })

  it.each(['', 'WARNING: something\n', 'null', '[]', '{"Status":"Valid","Path":"zz","Subject":"41"}'])(
    'refuses an answer it cannot read: %j',
    (output) => {
      expect(signatureVerdict(output, installer, ['Acme Ltd'])).toMatch(/^refused/)
    },
  )
})

describe('signerMatches', () => {
  it('never matches an empty name', () => {
    expect(signerMatches('CN=', [''])).toBe(false)
    expect(signerMatches('O=Acme', ['  '])).toBe(false)
  })
})

describe('createWindowsSignatureCheck', () => {
  it('refuses when PowerShell cannot be started, instead of letting the installer through', async () => {
    const check = createWindowsSignatureCheck({
      publisherNames: ['Acme Ltd'],
      // Really starting a program, from a Windows folder that has no PowerShell.
      env: { SystemRoot: mkdtempSync(join(tmpdir(), 'no-powershell-')) },
    })
    expect(await check(installer)).toMatch(/^refused: the signature could not be checked \(PowerShell: /)
  })

  it('refuses when PowerShell fails or times out', async () => {
    const failing: RunProgram = () => Promise.reject(new Error('Command failed: exit code 1'))
    const check = createWindowsSignatureCheck({ publisherNames: ['Acme Ltd'], run: failing })
    expect(await check(installer)).toBe(
      'refused: the signature could not be checked (PowerShell: Command failed: exit code 1)',
    )
  })

  it('refuses without a publisher name, and never runs PowerShell for nothing', async () => {
    let runs = 0
    const run: RunProgram = async () => {
      runs++
      return printed({ status: 'Valid', path: installer, subject: acme })
    }
    expect(await createWindowsSignatureCheck({ publisherNames: [' ', ''], run })(installer)).toMatch(
      /^refused: no publisher name/,
    )
    expect(runs).toBe(0)
  })

  it('runs Windows PowerShell by its full path, hands it the file in the environment, not in the code', async () => {
    const calls: { file: string; args: readonly string[]; env: NodeJS.ProcessEnv }[] = []
    const run: RunProgram = async (file, args, { env }) => {
      calls.push({ file, args, env })
      return printed({ status: 'Valid', path: env['OPERATELY_TRAY_UPDATE_FILE'] ?? '', subject: acme })
    }
    const tricky = "C:\\Temp\\x'; Remove-Item C:\\ -Recurse; '.exe"
    const check = createWindowsSignatureCheck({
      publisherNames: ['Acme Ltd'],
      run,
      env: {
        SystemRoot: 'D:\\Windows',
        PSModulePath: 'C:\\Program Files\\PowerShell\\7\\Modules',
        PATH: 'x',
      },
    })
    expect(await check(tricky)).toBeNull()
    const [call] = calls
    expect(call?.file).toBe('D:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe')
    expect(call?.env).toEqual({ SystemRoot: 'D:\\Windows', PATH: 'x', OPERATELY_TRAY_UPDATE_FILE: tricky })
    const encoded = call?.args[call.args.indexOf('-EncodedCommand') + 1] ?? ''
    const script = Buffer.from(encoded, 'base64').toString('utf16le')
    expect(script).toContain('Get-AuthenticodeSignature -LiteralPath $env:OPERATELY_TRAY_UPDATE_FILE')
    expect(script).not.toContain('Remove-Item')
    expect(call?.args).toEqual(expect.arrayContaining(['-NoProfile', '-NonInteractive']))
  })

  it('finds PowerShell under C:\\Windows when SystemRoot is not set', () => {
    expect(powerShellPath({})).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe')
  })
})

// The script itself only runs on Windows (CI's Windows machine runs this file: installers.yml).
describe.runIf(process.platform === 'win32')('on Windows, with the real PowerShell', () => {
  // Windows PowerShell itself: on every Windows, signed by Microsoft Windows.
  const signed = powerShellPath(process.env)

  it("accepts a file signed by its publisher and refuses another publisher's name", async () => {
    expect(await createWindowsSignatureCheck({ publisherNames: ['Microsoft Windows'] })(signed)).toBeNull()
    expect(await createWindowsSignatureCheck({ publisherNames: ['Acme Ltd'] })(signed)).toMatch(
      /^refused: the installer is signed by "CN=Microsoft Windows/,
    )
  })

  it('refuses an unsigned file and a file that does not exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signature-'))
    const unsigned = join(dir, "unsigned o'brien.exe")
    writeFileSync(unsigned, Buffer.alloc(4096, 1))
    const check = createWindowsSignatureCheck({ publisherNames: ['Microsoft Windows'] })
    expect(await check(unsigned)).toMatch(/^refused: the installer’s signature is not valid/)
    expect(await check(join(dir, 'missing.exe'))).toMatch(/^refused: the signature could not be checked/)
  })
})
