import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readProject, releaseFacts } from './release-files.mjs'
import type { Workflow } from './workflow-coverage'

// The Linux verification and signing steps of installers.yml, run here exactly as written in the workflow
// (bash -eo pipefail, like GitHub's runner) against packages made on this machine: a real .deb from
// dpkg-deb, a real GPG key and signature. What cannot run here (codesign, signtool, the MSI database, rpm)
// is covered by scripts/release-workflow.test.ts and runs on the real machines in CI.

const root = fileURLToPath(new URL('..', import.meta.url))
const workflow = yaml.load(
  readFileSync(join(root, '.github', 'workflows', 'installers.yml'), 'utf8'),
) as Workflow
const project = readProject()
const facts = releaseFacts(project)

function step(name: string): string {
  const found = workflow.jobs['package']?.steps?.find((s) => s.name?.startsWith(name))
  if (!found?.run) throw new Error(`installers.yml has no step "${name}"`)
  return found.run
}

/** Runs a step's script in `dir` the way GitHub's runner runs bash steps. */
function runStep(name: string, dir: string, env: Record<string, string> = {}) {
  const script = join(dir, '.step.sh')
  writeFileSync(script, step(name))
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'], HOME: dir, ...facts, ...env },
  })
}

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix))

/** A .deb built by dpkg-deb with the control fields electron-builder gives ours. */
function buildDeb(dir: string, fields: { depends: string[]; maintainer: string; version?: string }) {
  const pkg = join(dir, 'pkg')
  mkdirSync(join(pkg, 'DEBIAN'), { recursive: true })
  writeFileSync(
    join(pkg, 'DEBIAN', 'control'),
    [
      `Package: ${project.manifest.name}`,
      `Version: ${fields.version ?? project.manifest.version}`,
      'Architecture: amd64',
      `Maintainer: ${fields.maintainer}`,
      `Depends: ${fields.depends.join(', ')}`,
      'Recommends: gnome-keyring',
      'Description: Operately Tray (test package)',
      '',
    ].join('\n'),
  )
  mkdirSync(join(dir, 'dist'), { recursive: true })
  const deb = join(dir, 'dist', `${project.manifest.name}_${project.manifest.version}_amd64.deb`)
  const built = spawnSync('dpkg-deb', ['--root-owner-group', '--build', pkg, deb], { encoding: 'utf8' })
  expect(built.status, built.stderr).toBe(0)
}

describe('Verify (Linux): dpkg-deb -I', () => {
  const depends = (project.builder['deb'] as { depends: string[] }).depends

  it('passes on a package that depends on libsecret-1-0 and names the publisher', () => {
    const dir = temp('deb-')
    buildDeb(dir, { depends, maintainer: facts['EXPECT_MAINTAINER'] ?? '' })
    const result = runStep('Verify (Linux): dpkg-deb -I', dir)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^ Depends: .*libsecret-1-0/m)
  })

  it('fails on a package without libsecret, or with another maintainer or version', () => {
    const noSecret = temp('deb-')
    buildDeb(noSecret, {
      depends: depends.filter((d) => d !== 'libsecret-1-0').concat('libsecret-common'),
      maintainer: facts['EXPECT_MAINTAINER'] ?? '',
    })
    const result = runStep('Verify (Linux): dpkg-deb -I', noSecret)
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('does not depend on libsecret-1-0')

    const otherMaintainer = temp('deb-')
    buildDeb(otherMaintainer, { depends, maintainer: 'Someone Else <else@acme.co.uk>' })
    expect(runStep('Verify (Linux): dpkg-deb -I', otherMaintainer).stdout).toContain("'s Maintainer is not")

    const oldVersion = temp('deb-')
    buildDeb(oldVersion, { depends, maintainer: facts['EXPECT_MAINTAINER'] ?? '', version: '0.0.9' })
    expect(runStep('Verify (Linux): dpkg-deb -I', oldVersion).stdout).toContain(
      `is not version ${project.manifest.version}`,
    )
  })
})

describe('Verify (Linux): the AppImage answers --version', () => {
  /** A stand-in AppImage answering as the real one does, and xvfb-run as a pass-through (no X server here). */
  function withAppImage(answer: string) {
    const dir = temp('appimage-')
    mkdirSync(join(dir, 'dist'))
    mkdirSync(join(dir, 'bin'))
    const appImage = join(dir, 'dist', `${project.manifest.name}-${project.manifest.version}-x86_64.AppImage`)
    writeFileSync(appImage, `#!/bin/sh\n[ "$1" = --version ] && echo '${answer}'\n`)
    writeFileSync(join(dir, 'bin', 'xvfb-run'), '#!/bin/sh\n[ "$1" = -a ] && shift\nexec "$@"\n')
    chmodSync(join(dir, 'bin', 'xvfb-run'), 0o755)
    return { dir, env: { PATH: `${join(dir, 'bin')}:${process.env['PATH']}` } }
  }

  it('passes when it prints the product and the version, and fails otherwise', () => {
    const good = withAppImage(`Operately Tray ${project.manifest.version}`)
    const passed = runStep('Verify (Linux): the AppImage', good.dir, good.env)
    expect(passed.status).toBe(0)
    expect(passed.stdout).toBe(`Operately Tray ${project.manifest.version}\n`)

    const stale = withAppImage('Operately Tray 0.0.1')
    const failed = runStep('Verify (Linux): the AppImage', stale.dir, stale.env)
    expect(failed.status).toBe(1)
    expect(failed.stdout).toContain("::error::The AppImage answered 'Operately Tray 0.0.1'")
  })
})

// gpg starts an agent and generates a key: slow on a busy machine, not a measure of anything.
describe('Sign (Linux) and Verify (Linux): SHA256SUMS and its GPG signature', { timeout: 60_000 }, () => {
  const keyHome = temp('gnupg-')
  let secretKey = ''
  const passphrase = 'a passphrase for this test only'
  const gpg = (...args: string[]) =>
    spawnSync('gpg', ['--batch', '--pinentry-mode', 'loopback', '--passphrase', passphrase, ...args], {
      encoding: 'utf8',
      env: { ...process.env, GNUPGHOME: keyHome },
    })

  beforeAll(() => {
    const made = gpg(
      '--quick-gen-key',
      'Operately Tray test signing <test@operately-tray.invalid>',
      'ed25519',
      'sign',
      'never',
    )
    expect(made.status, made.stderr).toBe(0)
    secretKey = gpg('--armor', '--export-secret-keys').stdout
    expect(secretKey).toContain('BEGIN PGP PRIVATE KEY BLOCK')
  }, 60_000)
  afterAll(() => {
    spawnSync('gpgconf', ['--kill', 'all'], { env: { ...process.env, GNUPGHOME: keyHome } })
  })

  function releaseFolder() {
    const dir = temp('release-')
    mkdirSync(join(dir, 'release'))
    for (const file of [
      `${project.manifest.name}_${project.manifest.version}_amd64.deb`,
      `${project.manifest.name}-${project.manifest.version}.x86_64.rpm`,
      `${project.manifest.name}-${project.manifest.version}-x86_64.AppImage`,
    ])
      writeFileSync(join(dir, 'release', file), `contents of ${file}`)
    return dir
  }

  it('signs SHA256SUMS with the key from the secret, and IT’s check passes with the published public key', () => {
    const dir = releaseFolder()
    const signed = runStep('Sign (Linux)', dir, {
      LINUX_GPG_PRIVATE_KEY: secretKey,
      LINUX_GPG_PASSPHRASE: passphrase,
    })
    expect(signed.status, signed.stderr).toBe(0)
    const sums = readFileSync(join(dir, 'release', 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n')
    expect(sums.map((line) => line.split(/\s+/)[1]).sort()).toEqual([
      `${project.manifest.name}-${project.manifest.version}-x86_64.AppImage`,
      `${project.manifest.name}-${project.manifest.version}.x86_64.rpm`,
      `${project.manifest.name}_${project.manifest.version}_amd64.deb`,
    ])
    expect(readFileSync(join(dir, 'release', 'SHA256SUMS.asc'), 'utf8')).toContain('BEGIN PGP SIGNATURE')
    expect(readFileSync(join(dir, 'release', 'operately-tray-signing-key.asc'), 'utf8')).toContain(
      'BEGIN PGP PUBLIC KEY BLOCK',
    )

    const verified = runStep('Verify (Linux): sha256sum -c and gpg --verify', dir)
    expect(verified.status, verified.stderr).toBe(0)
    expect(verified.stdout).toMatch(/\.rpm: OK/)
    expect(verified.stderr).toContain('Good signature from "Operately Tray test signing')
  })

  it('fails IT’s check when a package was changed, or when SHA256SUMS was rewritten to match it', () => {
    const dir = releaseFolder()
    expect(
      runStep('Sign (Linux)', dir, { LINUX_GPG_PRIVATE_KEY: secretKey, LINUX_GPG_PASSPHRASE: passphrase })
        .status,
    ).toBe(0)
    const rpm = join(dir, 'release', `${project.manifest.name}-${project.manifest.version}.x86_64.rpm`)
    writeFileSync(rpm, 'something else')
    const tampered = runStep('Verify (Linux): sha256sum -c and gpg --verify', dir)
    expect(tampered.status).toBe(1)
    expect(tampered.stdout).toMatch(/\.rpm: FAILED/)

    const sums = spawnSync('sh', ['-c', 'sha256sum -- *.deb *.rpm *.AppImage > SHA256SUMS'], {
      cwd: join(dir, 'release'),
    })
    expect(sums.status).toBe(0)
    const forged = runStep('Verify (Linux): sha256sum -c and gpg --verify', dir)
    expect(forged.status).not.toBe(0)
    expect(forged.stderr).toContain('BAD signature')
  })

  it('without the secret, writes SHA256SUMS unsigned with a warning, and the check still runs the sums', () => {
    const dir = releaseFolder()
    const unsigned = runStep('Sign (Linux)', dir, { LINUX_GPG_PRIVATE_KEY: '' })
    expect(unsigned.status).toBe(0)
    expect(unsigned.stdout).toContain('::warning title=Unsigned build::SHA256SUMS is not signed')
    expect(existsSync(join(dir, 'release', 'SHA256SUMS.asc'))).toBe(false)
    const verified = runStep('Verify (Linux): sha256sum -c and gpg --verify', dir)
    expect(verified.status).toBe(0)
    expect(verified.stdout).toContain('SHA256SUMS is not signed in this build.')
  })
})
