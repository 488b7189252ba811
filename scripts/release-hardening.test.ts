import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import {
  cacheProblems,
  dmgProblems,
  emptySecretProblems,
  fuseCheckProblems,
  hardeningProblems,
  launchProblems,
  nodeVersionProblems,
  securityGateProblems,
  supplyChainProblems,
  unitTestProblems,
} from './release-hardening'
import type { Step, Workflows } from './workflow-coverage'

// Issue 22's release items, held against the real workflows. Every rule is also shown to fail on a copy
// of the workflows with one thing taken away, and the packaging and SBOM steps are run here as written.

const root = fileURLToPath(new URL('..', import.meta.url))
const text = (name: string) => readFileSync(join(root, '.github', 'workflows', name), 'utf8')
const load = (): Workflows => ({
  ci: yaml.load(text('ci.yml')) as Workflows['ci'],
  release: yaml.load(text('release.yml')) as Workflows['release'],
  installers: yaml.load(text('installers.yml')) as Workflows['installers'],
})
function changed(change: (workflows: Workflows) => void): Workflows {
  const workflows = load()
  change(workflows)
  return workflows
}
const packageSteps = (w: Workflows): Step[] => w.installers.jobs['package']?.steps ?? []
const find = (w: Workflows, match: (s: Step) => boolean): Step => {
  const step = packageSteps(w).find(match)
  if (!step) throw new Error('no such step')
  return step
}
const without = (w: Workflows, match: (s: Step) => boolean) => {
  const job = w.installers.jobs['package']
  if (job?.steps) job.steps = job.steps.filter((s) => !match(s))
}
const runs = (needle: string) => (s: Step) => (s.run ?? '').includes(needle)

describe('the workflows meet issue 22', () => {
  it('meet every rule', () => {
    expect(hardeningProblems(load())).toEqual([])
  })
})

describe('item 9: an unset secret is not an empty variable', () => {
  it('fails when a packaging step keeps a variable from a secret that may be empty', () => {
    const workflows = changed((w) => {
      const step = find(w, runs('npm run package:mac'))
      if (step.run) step.run = step.run.replace('for name in CSC_LINK ', 'for name in ')
      const win = find(w, runs('npm run package:win'))
      if (win.env) win.env['CSC_LINK'] = '${{ secrets.WIN_CSC_LINK }}'
    })
    expect(emptySecretProblems(workflows.installers)).toEqual([
      'Packaging mac: CSC_LINK is not unset when its secret is empty.',
      'Packaging win: CSC_LINK is not unset when its secret is empty.',
    ])
  })

  it('fails when the variables are unset only after electron-builder ran', () => {
    const workflows = changed((w) => {
      const step = find(w, runs('npm run package:win'))
      const lines = (step.run ?? '').trimEnd().split('\n')
      const command = lines.pop() ?? ''
      step.run = [command, ...lines].join('\n')
    })
    expect(emptySecretProblems(workflows.installers)).toEqual([
      'Packaging win: the empty variables are unset after electron-builder ran.',
    ])
  })

  /** The variables a packaging step is given from secrets or repository variables. */
  const secretNames = (platform: 'mac' | 'win') =>
    Object.entries(find(load(), runs(`npm run package:${platform}`)).env ?? {})
      .filter(([, value]) => /secrets\.|vars\./.test(String(value)))
      .map(([name]) => name)

  // The step's own script, in bash as GitHub runs it, with `npm` replaced by a script that lists the
  // variables electron-builder would see.
  const runPackaging = (platform: 'mac' | 'win', secrets: Record<string, string>) => {
    const step = find(load(), runs(`npm run package:${platform}`))
    const dir = mkdtempSync(join(tmpdir(), 'package-step-'))
    mkdirSync(join(dir, 'bin'))
    writeFileSync(join(dir, 'bin', 'npm'), '#!/bin/sh\nenv > "$RUNNER_TEMP/env-seen"\n')
    chmodSync(join(dir, 'bin', 'npm'), 0o755)
    // GitHub writes each env entry, a missing secret as "", and the signing job said "not signed".
    const env: Record<string, string> = {}
    for (const [name, value] of Object.entries(step.env ?? {}))
      env[name] = /secrets\.|vars\./.test(String(value))
        ? (secrets[name] ?? '')
        : String(value) === "${{ needs.signing.outputs.mac == 'true' }}"
          ? 'false'
          : String(value)
    // The ${{ }} expressions left in the script are GitHub's to expand; here they are unsigned, no release.
    const script = (step.run ?? '').replace(/\$\{\{[^}]*\}\}/g, '')
    writeFileSync(join(dir, 'step.sh'), script)
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: `${join(dir, 'bin')}:${process.env['PATH']}`, RUNNER_TEMP: dir, ...env },
    })
    expect(result.status, result.stderr).toBe(0)
    return new Map(
      readFileSync(join(dir, 'env-seen'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
  }

  it('macOS: electron-builder sees no CSC_LINK or Apple variable when their secrets are missing', () => {
    const seen = runPackaging('mac', {})
    const fromSecrets = secretNames('mac')
    expect(fromSecrets).toContain('CSC_LINK')
    for (const name of fromSecrets) expect(seen.has(name), name).toBe(false)
    expect(seen.has('APPLE_API_KEY')).toBe(false)
    // Not a secret: keeps an unsigned build from picking an identity out of the keychain.
    expect(seen.get('CSC_IDENTITY_AUTO_DISCOVERY')).toBe('false')
  })

  it('macOS: the secrets that are there reach electron-builder unchanged, the API key as a file', () => {
    const seen = runPackaging('mac', {
      CSC_LINK: 'base64-p12',
      CSC_KEY_PASSWORD: 'pw',
      APPLE_API_KEY_P8: '-----BEGIN PRIVATE KEY-----',
      APPLE_API_KEY_ID: 'KEYID',
      APPLE_API_ISSUER: 'issuer',
    })
    expect(seen.get('CSC_LINK')).toBe('base64-p12')
    expect(seen.get('APPLE_API_KEY_ID')).toBe('KEYID')
    expect(readFileSync(seen.get('APPLE_API_KEY') ?? '', 'utf8')).toBe('-----BEGIN PRIVATE KEY-----\n')
    expect(seen.has('APPLE_ID')).toBe(false)
  })

  it('Windows: no empty WIN_CSC_LINK or half of Azure reaches electron-builder', () => {
    const seen = runPackaging('win', {})
    const fromSecrets = secretNames('win')
    expect(fromSecrets).toContain('WIN_CSC_LINK')
    for (const name of fromSecrets) expect(seen.has(name), name).toBe(false)
    expect(runPackaging('win', { WIN_CSC_LINK: 'pfx' }).get('WIN_CSC_LINK')).toBe('pfx')
  })
})

describe('item 14: the current Node LTS', () => {
  it('fails on a job left on an older Node', () => {
    const workflows = changed((w) => {
      const step = w.release.jobs['preflight']?.steps?.find((s) => s.uses?.startsWith('actions/setup-node@'))
      if (step?.with) step.with['node-version'] = 20
    })
    expect(nodeVersionProblems(workflows)).toEqual([
      'release.yml: the preflight job sets up Node 20, not 26 (the LTS line the workflows use).',
    ])
  })
})

describe('item 13: unit tests on macOS and Windows', () => {
  it('fails when they are gone, or run only after packaging', () => {
    const gone = changed((w) => without(w, runs('npx vitest run src/')))
    expect(unitTestProblems(gone.installers)).toEqual([
      'The unit tests (npx vitest run src/) do not run on macOS and Windows.',
    ])
    const late = changed((w) => {
      const steps = packageSteps(w)
      const [step] = steps.splice(
        steps.findIndex((s) => s.run === 'npx vitest run src/'),
        1,
      )
      if (step) steps.push(step)
    })
    expect(unitTestProblems(late.installers)).toEqual([
      'The unit tests on macOS and Windows run after packaging.',
    ])
  })
})

describe('item 6: the fuses are read back from every packaged app', () => {
  it('fails when the check is gone, limited to one system, or misses an app', () => {
    expect(fuseCheckProblems(changed((w) => without(w, runs('check-fuses.mjs'))).installers)).toEqual([
      'The fuses are not read back from the packaged app (scripts/check-fuses.mjs).',
    ])
    const limited = changed((w) => {
      const step = find(w, runs('check-fuses.mjs'))
      step.if = "matrix.platform == 'linux'"
      step.run = (step.run ?? '').replace(/ +win\) app=.*\n/, '')
    })
    expect(fuseCheckProblems(limited.installers)).toEqual([
      "The fuses are read back only if matrix.platform == 'linux'.",
      'The fuse check does not read the win app (dist/win-unpacked/$EXPECT_PRODUCT_NAME.exe).',
    ])
  })
})

describe('item 11: the packaged app starts on macOS and Windows', () => {
  it('fails when a launch is gone, has no timeout, or the Mac signature is not verified first', () => {
    const workflows = changed((w) => {
      without(w, runs('"dist/win-unpacked/$EXPECT_PRODUCT_NAME.exe" --version'))
      const mac = find(w, runs('/Contents/MacOS/$EXPECT_PRODUCT_NAME" --version'))
      delete (mac as Step & { 'timeout-minutes'?: number })['timeout-minutes']
      mac.run = (mac.run ?? '').replace(/ *codesign --verify[^\n]*\n/, '')
    })
    expect(launchProblems(workflows.installers)).toEqual([
      'The mac launch has no timeout of its own: a hung app would hold the job.',
      'The mac launch does not verify the (ad-hoc or Developer ID) signature first.',
      "The packaged win app is not launched with --version (if: matrix.platform == 'win').",
    ])
  })

  it('fails when the Mac launch runs only on signed builds', () => {
    const workflows = changed((w) => {
      find(w, runs('/Contents/MacOS/$EXPECT_PRODUCT_NAME" --version')).if =
        "matrix.platform == 'mac' && needs.signing.outputs.mac == 'true'"
    })
    expect(launchProblems(workflows.installers)).toEqual([
      "The packaged mac app is not launched with --version (if: matrix.platform == 'mac').",
    ])
  })
})

describe('item 16: the DMG itself is signed, notarised and stapled', () => {
  it('fails when the DMG is not notarised, its feed entry not refreshed, or it is not verified', () => {
    const dmgStep = (s: Step) => (s.run ?? '').includes('xcrun notarytool submit "$dmg"')
    expect(dmgProblems(changed((w) => without(w, dmgStep)).installers)).toEqual([
      'A signed Mac build does not notarise and staple the DMG itself.',
    ])
    const stale = changed((w) => {
      const step = find(w, dmgStep)
      step.run = (step.run ?? '').replace(/ *node scripts\/refresh-feed-entry[^\n]*\n/, '')
      without(w, runs('spctl -a -t open'))
    })
    expect(dmgProblems(stale.installers)).toEqual([
      "The stapled DMG's entry in latest-mac.yml is not refreshed.",
      "The DMG's signature, notarisation and ticket are not verified.",
    ])
    const late = changed((w) => {
      const steps = packageSteps(w)
      const [step] = steps.splice(steps.findIndex(dmgStep), 1)
      if (step) steps.splice(steps.findIndex(runs('release-files.mjs collect')) + 1, 0, step)
    })
    expect(dmgProblems(late.installers)).toEqual(['The DMG is notarised after the files were collected.'])
  })
})

describe("item 15: Electron's and electron-builder's downloads are cached", () => {
  it('fails without the cache, with a path left out, on a key that ignores the lock file, or after npm ci', () => {
    expect(
      cacheProblems(
        changed((w) => without(w, (s) => s.uses?.startsWith('actions/cache@') ?? false)).installers,
      ),
    ).toEqual(["Electron's and electron-builder's downloads are not cached."])
    const worse = changed((w) => {
      const steps = packageSteps(w)
      const at = steps.findIndex((s) => s.uses?.startsWith('actions/cache@'))
      const [cache] = steps.splice(at, 1)
      if (!cache?.with) throw new Error('no cache step')
      cache.with['path'] = String(cache.with['path']).replace('~/AppData/Local/electron/Cache\n', '')
      cache.with['key'] = 'electron-${{ runner.os }}'
      steps.splice(steps.findIndex((s) => s.run?.startsWith('npm ci')) + 1, 0, cache)
    })
    expect(cacheProblems(worse.installers)).toEqual([
      'The download cache leaves out ~/AppData/Local/electron/Cache.',
      'The download cache is not keyed on the system and package-lock.json.',
      'The download cache is restored after npm ci downloaded Electron.',
    ])
  })
})

describe('item 2: the security gate reads every report of the run', () => {
  it('fails without the security job, or when it misses a report or defers the hosted-only proofs', () => {
    const gone = changed((w) => {
      delete w.installers.jobs['security']
      const upload = w.installers.jobs['test']?.steps?.find((s) => s.with?.['name'] === 'npm-test-results')
      if (upload) upload.if = 'failure()'
    })
    expect(securityGateProblems(gone.installers)).toEqual([
      "The test job's reports are not uploaded whatever its result.",
      'No security job reads the reports of the Electron runs.',
    ])
    const partial = changed((w) => {
      const job = w.installers.jobs['security']
      if (job) job.needs = ['test']
      const gate = job?.steps?.find(runs('scripts/security.mjs'))
      if (gate?.run)
        gate.run = gate.run.replace(/--playwright reports\/electron-e2e-win\S+/, '--hosted-only-later')
    })
    expect(securityGateProblems(partial.installers)).toEqual([
      'The security job does not wait for the package job.',
      'The security job does not read reports/electron-e2e-win/test-results/playwright.json.',
      'The security job leaves the hosted-only proofs for later: nothing comes after it.',
    ])
  })
})

describe('item 12: provenance and an SBOM for the release', () => {
  it('fails without them, out of order, or with the write permissions on another job', () => {
    const workflows = changed((w) => {
      const publish = w.release.jobs['publish']
      if (!publish?.steps || !publish.permissions) throw new Error('no publish job')
      delete publish.permissions['attestations']
      const attest = publish.steps.findIndex((s) => s.uses?.startsWith('actions/attest-build-provenance@'))
      const [step] = publish.steps.splice(attest, 1)
      if (step) publish.steps.push(step)
      const preflight = w.release.jobs['preflight']
      if (preflight) preflight.permissions = { 'id-token': 'write' }
    })
    expect(supplyChainProblems(workflows)).toEqual([
      'release.yml: the preflight job has id-token: write; only the publish job may.',
      'The publish job lacks attestations: write.',
      'The provenance is attested after the draft is made.',
    ])
    const none = changed((w) => {
      const publish = w.release.jobs['publish']
      if (publish?.steps)
        publish.steps = publish.steps.filter(
          (s) => !s.run?.includes('npm sbom') && !s.uses?.startsWith('actions/attest-build-provenance@'),
        )
    })
    expect(supplyChainProblems(none)).toEqual([
      'No CycloneDX SBOM (npm sbom) is written into release/.',
      'No build provenance is attested for release/*.',
    ])
  })

  it('the SBOM step, run here as written, writes a CycloneDX SBOM of the production dependencies', () => {
    const step = load().release.jobs['publish']?.steps?.find(runs('npm sbom'))
    const dir = mkdtempSync(join(tmpdir(), 'sbom-'))
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(root, file), join(dir, file))
    mkdirSync(join(dir, 'release'))
    writeFileSync(join(dir, 'step.sh'), step?.run ?? 'exit 1')
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_REF_NAME: 'v0.1.0' },
    })
    expect(result.status, result.stderr).toBe(0)
    const sbom = JSON.parse(readFileSync(join(dir, 'release', 'operately-tray-0.1.0.cdx.json'), 'utf8')) as {
      bomFormat: string
      components: { name: string }[]
    }
    expect(sbom.bomFormat).toBe('CycloneDX')
    const names = sbom.components.map((c) => c.name)
    expect(names).toContain('keytar')
    expect(names).toContain('electron-updater')
    // --omit dev: the build tools are not what ships.
    expect(names).not.toContain('electron-builder')
    expect(names).not.toContain('vitest')
  }, 60_000)
})
