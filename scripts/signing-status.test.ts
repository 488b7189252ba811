import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { signingStatus } from './signing-status.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

const mac = {
  MAC_CSC_LINK: 'base64 p12',
  MAC_CSC_KEY_PASSWORD: 'p12 password',
  APPLE_API_KEY: '-----BEGIN PRIVATE KEY-----',
  APPLE_API_KEY_ID: 'ABC123',
  APPLE_API_ISSUER: 'issuer-uuid',
}
const winCertificate = { WIN_CSC_LINK: 'base64 pfx', WIN_CSC_KEY_PASSWORD: 'pfx password' }
const azure = {
  AZURE_TENANT_ID: 't',
  AZURE_CLIENT_ID: 'c',
  AZURE_CLIENT_SECRET: 's',
  AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
  AZURE_TRUSTED_SIGNING_ACCOUNT: 'acme',
  AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE: 'public-trust',
}
const linux = { LINUX_GPG_PRIVATE_KEY: '-----BEGIN PGP PRIVATE KEY BLOCK-----' }
const release = { release: true }

describe('which platforms a release can sign', () => {
  it('signs every platform whose secrets are all there', () => {
    expect(signingStatus({ ...mac, ...winCertificate, ...linux }, release)).toEqual({
      signed: { mac: true, win: true, linux: true },
      errors: [],
      warnings: [],
      notices: [],
    })
    expect(signingStatus(azure, release).signed.win).toBe(true)
    const appleId = { APPLE_ID: 'a@acme.co.uk', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' }
    expect(
      signingStatus({ MAC_CSC_LINK: 'x', MAC_CSC_KEY_PASSWORD: 'y', ...appleId }, release).signed.mac,
    ).toBe(true)
  })

  it('builds a fork (no secrets at all) unsigned, with a warning per platform nobody can miss', () => {
    const status = signingStatus({}, release)
    expect(status.signed).toEqual({ mac: false, win: false, linux: false })
    expect(status.errors).toEqual([])
    expect(status.warnings).toEqual([
      expect.stringMatching(/^macOS is NOT signed: .*Gatekeeper refuses them/),
      expect.stringMatching(/^Windows is NOT signed: .*SmartScreen warns/),
      expect.stringMatching(/^Linux is NOT signed: .*SHA256SUMS has no detached GPG signature/),
    ])
  })

  it('makes a missing platform an error where the repository requires signed releases', () => {
    const status = signingStatus({ ...mac, ...linux }, { release: true, required: true })
    expect(status.signed).toEqual({ mac: true, win: false, linux: true })
    expect(status.errors).toEqual([
      expect.stringMatching(/^Windows is NOT signed: .* REQUIRE_SIGNED_RELEASES is true\.$/),
    ])
  })

  it('stops on half a set of secrets, naming what is missing', () => {
    const { MAC_CSC_KEY_PASSWORD: _password, ...noPassword } = mac
    expect(signingStatus(noPassword, release).errors).toEqual([
      'macOS: The Developer ID certificate is half set up: also add MAC_CSC_KEY_PASSWORD.',
    ])
    const { APPLE_API_ISSUER: _issuer, ...noIssuer } = mac
    expect(signingStatus(noIssuer, release).errors).toEqual([
      'macOS: Notarisation is half set up: also add APPLE_API_ISSUER.',
    ])
    expect(signingStatus({ MAC_CSC_LINK: 'x', MAC_CSC_KEY_PASSWORD: 'y' }, release).errors).toEqual([
      expect.stringContaining('macOS: The Developer ID certificate is there but no notarisation credentials'),
    ])
    const { AZURE_CLIENT_SECRET: _secret, ...halfAzure } = azure
    expect(signingStatus(halfAzure, release).errors).toEqual([
      'Windows: Azure Trusted Signing is half set up: also add AZURE_CLIENT_SECRET.',
    ])
    expect(signingStatus({ ...winCertificate, ...azure }, release).errors).toEqual([
      'Windows: Both a certificate (WIN_CSC_LINK) and Azure Trusted Signing are set up: keep one.',
    ])
    expect(signingStatus({ LINUX_GPG_PASSPHRASE: 'p' }, release).errors).toEqual([
      'Linux: LINUX_GPG_PASSPHRASE is set but LINUX_GPG_PRIVATE_KEY is not.',
    ])
  })

  it('never signs a pull-request build, whatever it is given', () => {
    expect(signingStatus({ ...mac, ...winCertificate, ...linux })).toEqual({
      signed: { mac: false, win: false, linux: false },
      errors: [],
      warnings: [],
      notices: ['Pull-request builds are never signed; the release workflow signs.'],
    })
  })
})

describe('node scripts/signing-status.mjs', () => {
  it('writes the outputs and the summary, warns as GitHub annotations, and fails only on errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signing-'))
    const output = join(dir, 'output')
    const summary = join(dir, 'summary')
    writeFileSync(output, '')
    const run = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, ['scripts/signing-status.mjs', ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'], GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, ...env },
      })
    const fork = run({ ...linux }, '--release')
    expect(fork.status).toBe(0)
    expect(fork.stdout).toContain('::warning title=Unsigned build::macOS is NOT signed')
    expect(readFileSync(output, 'utf8')).toBe('mac=false\nwin=false\nlinux=true\n')
    expect(readFileSync(summary, 'utf8')).toContain('| macOS | **not signed** |')

    const required = run({ ...linux }, '--release', '--required')
    expect(required.status).toBe(1)
    expect(required.stdout).toContain('::error title=Signing::macOS is NOT signed')
  })
})
