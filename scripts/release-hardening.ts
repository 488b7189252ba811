// What issue 22 asks of the hosted workflows, checked against the parsed YAML (scripts/release-hardening
// .test.ts), in the style of workflow-coverage.ts: each rule returns sentences naming what is missing.
//
// Empty secrets are unset before packaging; the workflows run on the current Node LTS; the unit tests
// run on macOS and Windows too; the packaged app's fuses are read back and the app is launched on every
// system; Electron's and electron-builder's downloads are cached; the security gate reads every report of
// the run; the release gets build provenance and an SBOM, with the write permissions on its publish job
// only.
import type { Job, Step, Workflow, Workflows } from './workflow-coverage'

/**
 * The LTS line every workflow sets up (Node 20 reached its end of life in April 2026): the Active LTS,
 * 26 since 2026-10-28 by nodejs/Release's schedule (24 went into maintenance on 2026-10-20). Moving on is
 * this constant and the workflows' node-version lines.
 */
export const nodeLts = 26

const onlyOn = (platform: string) => `matrix.platform == '${platform}'`
const stepsOf = (job: Job | undefined) => job?.steps ?? []
const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat())
const packageSteps = (installers: Workflow) => stepsOf(installers.jobs['package'])
const packagingAt = (steps: Step[], platform: string) =>
  steps.findIndex((s) => s.if === onlyOn(platform) && (s.run ?? '').includes(`npm run package:${platform}`))
const uploadAt = (steps: Step[]) =>
  steps.findIndex((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.['path'] === 'release/')

/** The names a step's `for name in …; do [ -n "${!name:-}" ] || unset "$name"; done` loop unsets. */
export function unsetNames(run: string): string[] {
  const loop =
    /for name in ([^;\n]+); do\s*\n?\s*\[ -n "\$\{!name:-\}" \] \|\| unset "\$name"\s*\n?\s*done/.exec(run)
  return loop?.[1]?.trim().split(/\s+/) ?? []
}

/**
 * Every packaging step unsets each signing variable it is given from a secret or a variable when it is
 * empty, before electron-builder starts: a missing secret is "" there, which electron-builder takes for a
 * value (CSC_LINK="" is a certificate it cannot load).
 */
export function emptySecretProblems(installers: Workflow): string[] {
  const problems: string[] = []
  for (const platform of ['mac', 'win', 'linux']) {
    const step = packageSteps(installers)[packagingAt(packageSteps(installers), platform)]
    if (!step) {
      problems.push(`No step packages ${platform}.`)
      continue
    }
    const fromSecrets = Object.entries(step.env ?? {})
      .filter(([, value]) => /\b(?:secrets|vars)\./.test(String(value)))
      .map(([name]) => name)
    const run = step.run ?? ''
    const unset = unsetNames(run)
    for (const name of fromSecrets)
      if (!unset.includes(name))
        problems.push(`Packaging ${platform}: ${name} is not unset when its secret is empty.`)
    if (fromSecrets.length > 0 && run.indexOf('for name in') > run.indexOf(`npm run package:${platform}`))
      problems.push(`Packaging ${platform}: the empty variables are unset after electron-builder ran.`)
  }
  return problems
}

/** Every setup-node step in every workflow asks for that LTS line. */
export function nodeVersionProblems(workflows: Workflows): string[] {
  const problems: string[] = []
  for (const [name, workflow] of Object.entries(workflows) as [string, Workflow][])
    for (const [jobName, job] of Object.entries(workflow.jobs))
      for (const step of stepsOf(job))
        if (
          step.uses?.startsWith('actions/setup-node@') &&
          String(step.with?.['node-version']) !== String(nodeLts)
        )
          problems.push(
            `${name}.yml: the ${jobName} job sets up Node ${step.with?.['node-version']}, not ${nodeLts} (the LTS line the workflows use).`,
          )
  return problems
}

/** The app's unit tests run on the macOS and Windows machines, before anything is packaged there. */
export function unitTestProblems(installers: Workflow): string[] {
  const steps = packageSteps(installers)
  const at = steps.findIndex(
    (s) => s.if === "matrix.platform != 'linux'" && /^npx vitest run src\/\s*$/.test(s.run ?? ''),
  )
  if (at < 0) return ['The unit tests (npx vitest run src/) do not run on macOS and Windows.']
  const packaged = Math.min(...['mac', 'win'].map((p) => packagingAt(steps, p)).filter((i) => i >= 0))
  return at > packaged ? ['The unit tests on macOS and Windows run after packaging.'] : []
}

/**
 * After packaging, on every system (no condition): the fuses are read back from the packaged app and
 * compared with electron-builder.yml, for the app each system ships.
 */
export function fuseCheckProblems(installers: Workflow): string[] {
  const steps = packageSteps(installers)
  const at = steps.findIndex((s) => (s.run ?? '').includes('node scripts/check-fuses.mjs "$app"'))
  if (at < 0) return ['The fuses are not read back from the packaged app (scripts/check-fuses.mjs).']
  const step = steps[at] as Step
  const problems: string[] = []
  if (step.if !== undefined) problems.push(`The fuses are read back only if ${step.if}.`)
  const run = step.run ?? ''
  for (const [platform, path] of [
    ['mac', 'dist/mac-universal/$EXPECT_PRODUCT_NAME.app'],
    ['win', 'dist/win-unpacked/$EXPECT_PRODUCT_NAME.exe'],
    ['linux', 'dist/linux-unpacked/operately-tray'],
  ] as const)
    if (!new RegExp(`${platform}\\) app="?${path.replace(/[.$]/g, '\\$&')}"? ;;`).test(run))
      problems.push(`The fuse check does not read the ${platform} app (${path}).`)
  if (!run.includes('npx --no-install electron-fuses read --app "$app"'))
    problems.push('The fuse check does not print what @electron/fuses reads.')
  if (['mac', 'win', 'linux'].some((p) => at < packagingAt(steps, p)))
    problems.push('The fuses are read back before packaging.')
  const upload = uploadAt(steps)
  if (upload >= 0 && at > upload) problems.push('The fuses are read back after the upload.')
  return problems
}

/**
 * The packaged app is launched with --version on macOS and Windows (the AppImage on Linux is covered by
 * workflow-coverage.ts), on unsigned builds too; on macOS its signature is verified first, signed or not.
 */
export function launchProblems(installers: Workflow): string[] {
  const steps = packageSteps(installers)
  const problems: string[] = []
  for (const [platform, executable] of [
    ['mac', '"$app/Contents/MacOS/$EXPECT_PRODUCT_NAME" --version'],
    ['win', '"dist/win-unpacked/$EXPECT_PRODUCT_NAME.exe" --version'],
  ] as const) {
    const at = steps.findIndex(
      (s) =>
        s.if === onlyOn(platform) &&
        (s.run ?? '').includes(`answer=$(${executable})`) &&
        (s.run ?? '').includes('[ "$answer" = "$EXPECT_PRODUCT_NAME $EXPECT_VERSION" ]'),
    )
    if (at < 0) {
      problems.push(`The packaged ${platform} app is not launched with --version (if: ${onlyOn(platform)}).`)
      continue
    }
    if (at < packagingAt(steps, platform)) problems.push(`The ${platform} app is launched before packaging.`)
    if (!(steps[at] as Step & { 'timeout-minutes'?: number })['timeout-minutes'])
      problems.push(`The ${platform} launch has no timeout of its own: a hung app would hold the job.`)
    if (
      platform === 'mac' &&
      !/codesign --verify --deep --strict [^\n]*"\$app"\n[\s\S]*--version/.test(steps[at]?.run ?? '')
    )
      problems.push('The mac launch does not verify the (ad-hoc or Developer ID) signature first.')
  }
  return problems
}

const cachePaths = [
  '~/.cache/electron',
  '~/.cache/electron-builder',
  '~/Library/Caches/electron',
  '~/Library/Caches/electron-builder',
  '~/AppData/Local/electron/Cache',
  '~/AppData/Local/electron-builder/Cache',
]

/** Electron's and electron-builder's downloads are cached per lock file and system, before npm ci. */
export function cacheProblems(installers: Workflow): string[] {
  const steps = packageSteps(installers)
  const at = steps.findIndex((s) => s.uses?.startsWith('actions/cache@'))
  if (at < 0) return ["Electron's and electron-builder's downloads are not cached."]
  const step = steps[at] as Step
  const problems: string[] = []
  const paths = String(step.with?.['path'] ?? '')
    .split('\n')
    .map((line) => line.trim())
  for (const path of cachePaths)
    if (!paths.includes(path)) problems.push(`The download cache leaves out ${path}.`)
  const key = String(step.with?.['key'] ?? '')
  if (!key.includes("hashFiles('package-lock.json')") || !key.includes('runner.os'))
    problems.push('The download cache is not keyed on the system and package-lock.json.')
  const install = steps.findIndex((s) => (s.run ?? '').startsWith('npm ci'))
  if (install >= 0 && at > install)
    problems.push('The download cache is restored after npm ci downloaded Electron.')
  return problems
}

/** The security job reads the reports of every job of the run, and leaves nothing for later. */
export function securityGateProblems(installers: Workflow): string[] {
  const problems: string[] = []
  const upload = stepsOf(installers.jobs['test']).find(
    (s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.['name'] === 'npm-test-results',
  )
  if (upload?.if !== 'always()') problems.push("The test job's reports are not uploaded whatever its result.")
  const job = installers.jobs['security']
  if (!job) return [...problems, 'No security job reads the reports of the Electron runs.']
  const needs = asList(job.needs)
  for (const other of ['test', 'package'])
    if (!needs.includes(other)) problems.push(`The security job does not wait for the ${other} job.`)
  const steps = stepsOf(job)
  const downloads = steps.filter((s) => s.uses?.startsWith('actions/download-artifact@'))
  if (
    !downloads.some((s) => s.with?.['name'] === 'npm-test-results' && s.with?.['path'] === 'reports/debian')
  )
    problems.push("The security job does not download Debian's reports to reports/debian.")
  if (!downloads.some((s) => s.with?.['pattern'] === 'electron-e2e-*' && s.with?.['path'] === 'reports'))
    problems.push("The security job does not download the Electron runs' reports.")
  const gate = steps.find((s) => (s.run ?? '').includes('node scripts/security.mjs'))?.run ?? ''
  if (!gate) problems.push('The security job does not run scripts/security.mjs.')
  const reports = [
    '--vitest reports/debian/vitest.json',
    '--playwright reports/debian/playwright.json',
    ...['mac', 'win', 'linux'].map(
      (p) => `--playwright reports/electron-e2e-${p}/test-results/playwright.json`,
    ),
  ]
  for (const report of reports)
    if (gate && !gate.includes(report))
      problems.push(`The security job does not read ${report.split(' ')[1]}.`)
  if (gate.includes('--hosted-only-later'))
    problems.push('The security job leaves the hosted-only proofs for later: nothing comes after it.')
  return problems
}

const writes = (job: Job) =>
  Object.entries(job.permissions ?? {})
    .filter(([, level]) => level === 'write')
    .map(([scope]) => scope)

/**
 * The release carries a CycloneDX SBOM and build provenance for every file, attested after the folder is
 * checked and before the draft is made; only the publish job may sign (id-token) and attest.
 */
export function supplyChainProblems(workflows: Workflows): string[] {
  const problems: string[] = []
  const publish = workflows.release.jobs['publish']
  for (const [name, workflow] of Object.entries(workflows) as [string, Workflow][])
    for (const [jobName, job] of Object.entries(workflow.jobs))
      if (!(name === 'release' && jobName === 'publish'))
        for (const scope of writes(job).filter((s) => s === 'id-token' || s === 'attestations'))
          problems.push(`${name}.yml: the ${jobName} job has ${scope}: write; only the publish job may.`)
  for (const scope of ['id-token', 'attestations'])
    if (publish?.permissions?.[scope] !== 'write') problems.push(`The publish job lacks ${scope}: write.`)
  const steps = stepsOf(publish)
  const check = steps.findIndex((s) => (s.run ?? '').includes('node scripts/release-files.mjs check release'))
  const sbom = steps.findIndex((s) =>
    /npm sbom --sbom-format cyclonedx --omit dev[^\n]*> "release\//.test(s.run ?? ''),
  )
  const attest = steps.findIndex(
    (s) => s.uses?.startsWith('actions/attest-build-provenance@') && s.with?.['subject-path'] === 'release/*',
  )
  const create = steps.findIndex((s) => (s.run ?? '').includes('gh release create'))
  if (sbom < 0) problems.push('No CycloneDX SBOM (npm sbom) is written into release/.')
  if (attest < 0) problems.push('No build provenance is attested for release/*.')
  if (sbom >= 0 && sbom < check) problems.push('The SBOM is written before the release folder is checked.')
  if (attest >= 0 && sbom >= 0 && attest < sbom)
    problems.push('The provenance is attested before the SBOM exists.')
  if (attest >= 0 && create >= 0 && attest > create)
    problems.push('The provenance is attested after the draft is made.')
  return problems
}

/**
 * A signed Mac build notarises the DMG itself and staples its ticket, refreshes the DMG's entry in
 * latest-mac.yml before the files are collected, and verifies the DMG's signature and notarisation.
 */
export function dmgProblems(installers: Workflow): string[] {
  const steps = packageSteps(installers)
  const signed = "matrix.platform == 'mac' && needs.signing.outputs.mac == 'true'"
  const problems: string[] = []
  const notarise = steps.findIndex(
    (s) =>
      s.if === signed &&
      /xcrun notarytool submit "\$dmg"[^\n]*--wait/.test(s.run ?? '') &&
      /status" = Accepted/.test(s.run ?? '') &&
      (s.run ?? '').includes('xcrun stapler staple "$dmg"'),
  )
  if (notarise < 0) problems.push('A signed Mac build does not notarise and staple the DMG itself.')
  else {
    const run = steps[notarise]?.run ?? ''
    if (!/stapler staple[\s\S]*node scripts\/refresh-feed-entry\.mjs dist\/latest-mac\.yml "\$dmg"/.test(run))
      problems.push("The stapled DMG's entry in latest-mac.yml is not refreshed.")
    if (notarise < packagingAt(steps, 'mac')) problems.push('The DMG is notarised before it is built.')
    const collect = steps.findIndex((s) => (s.run ?? '').includes('release-files.mjs collect'))
    if (collect >= 0 && notarise > collect)
      problems.push('The DMG is notarised after the files were collected.')
  }
  const verify = steps.find(
    (s) =>
      s.if === signed &&
      /spctl -a -t open --context context:primary-signature [^\n]*"\$dmg"/.test(s.run ?? '') &&
      (s.run ?? '').includes('xcrun stapler validate "$dmg"'),
  )
  if (!verify) problems.push("The DMG's signature, notarisation and ticket are not verified.")
  return problems
}

/** Every rule at once. */
export function hardeningProblems(workflows: Workflows): string[] {
  return [
    ...emptySecretProblems(workflows.installers),
    ...nodeVersionProblems(workflows),
    ...unitTestProblems(workflows.installers),
    ...fuseCheckProblems(workflows.installers),
    ...launchProblems(workflows.installers),
    ...dmgProblems(workflows.installers),
    ...cacheProblems(workflows.installers),
    ...securityGateProblems(workflows.installers),
    ...supplyChainProblems(workflows),
  ]
}
