// What the release workflows must do, checked against the parsed YAML (scripts/release-workflow.test.ts):
// the matrix builds every target electron-builder.yml has, every installer is verified the way
// docs/release.md promises, the Electron end-to-end test really runs on each system, and a release ends as
// a draft. Each rule returns sentences naming what is missing, so a failing test says what to fix.
import { builderTargets, platforms, type Platform } from './release-files.mjs'
import { signingVariables } from './signing-status.mjs'

export interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  if?: string
  shell?: string
  with?: Record<string, unknown>
  env?: Record<string, unknown>
  'continue-on-error'?: unknown
}

interface Defaults {
  run?: { shell?: string }
}

export interface Job {
  name?: string
  if?: string
  needs?: string | string[]
  uses?: string
  with?: Record<string, unknown>
  secrets?: unknown
  permissions?: Record<string, string>
  'runs-on'?: string
  'continue-on-error'?: unknown
  defaults?: Defaults
  strategy?: { matrix?: { include?: Record<string, string>[] } }
  steps?: Step[]
}

export interface Workflow {
  on?: Record<string, unknown>
  defaults?: Defaults
  jobs: Record<string, Job>
}

export interface Workflows {
  ci: Workflow
  release: Workflow
  installers: Workflow
}

const runnerOs: Record<Platform, RegExp> = { mac: /^macos-/, win: /^windows-/, linux: /^ubuntu-/ }

/** The file extension each target's installer has, as the Linux checksum step must name it. */
const linuxExtensions: Record<string, string> = { deb: 'deb', rpm: 'rpm', AppImage: 'AppImage' }

interface Verification {
  what: string
  run: RegExp
  /** Only possible on a signed build: runs when the signing job said the platform is signed. */
  signed: boolean
}

/** Every check the installers get before they are uploaded (docs/release.md, "What CI verifies"). */
export const verifications: Record<Platform, Verification[]> = {
  mac: [
    { what: 'a universal app (lipo -archs)', run: /lipo -archs/, signed: false },
    { what: 'codesign --verify --deep --strict', run: /codesign --verify --deep --strict/, signed: true },
    { what: 'a Developer ID signature', run: /Authority=Developer ID Application/, signed: true },
    { what: 'the hardened runtime', run: /flags=0x10000\(runtime\)/, signed: true },
    {
      what: 'spctl -a accepting it as notarised',
      run: /spctl -a [\s\S]*source=Notarized Developer ID/,
      signed: true,
    },
    { what: 'the stapled ticket (xcrun stapler validate)', run: /xcrun stapler validate/, signed: true },
  ],
  win: [
    { what: "the MSI's UpgradeCode", run: /'UpgradeCode'[\s\S]*EXPECT_MSI_UPGRADE_CODE/, signed: false },
    { what: "the MSI's Manufacturer", run: /'Manufacturer'[\s\S]*EXPECT_MANUFACTURER/, signed: false },
    {
      what: "the app's update signature check on real signatures",
      // Run, and proved to have run: off Windows the test skips itself, and a skip must not pass.
      run: /^npx vitest run src\/main\/services\/updates\/windows-signature\.test\.ts .*--outputFile\.json=(\S+)\n\s*node scripts\/require-tests-ran\.mjs \1\n?$/,
      signed: false,
    },
    { what: 'signtool verify /pa', run: /signtool[\s\S]* verify \/pa /, signed: true },
    {
      what: 'the signer being the publisher',
      run: /SignerCertificate[\s\S]*EXPECT_WINDOWS_PUBLISHER/,
      signed: true,
    },
  ],
  linux: [
    { what: 'dpkg-deb -I showing libsecret-1-0', run: /dpkg-deb -I [\s\S]*libsecret-1-0/, signed: false },
    {
      what: 'the deb naming the publisher as Maintainer',
      run: /Maintainer: \$EXPECT_MAINTAINER/,
      signed: false,
    },
    { what: 'rpm -qpR showing libsecret', run: /rpm -qpR [\s\S]*\^libsecret/, signed: false },
    {
      what: 'the AppImage answering --version',
      run: /\$appimage" --version[\s\S]*EXPECT_VERSION/,
      signed: false,
    },
    { what: 'sha256sum -c SHA256SUMS', run: /sha256sum -c SHA256SUMS/, signed: false },
    {
      what: 'gpg --verify of SHA256SUMS.asc',
      run: /gpg --batch --verify SHA256SUMS\.asc SHA256SUMS/,
      signed: false,
    },
  ],
}

const onlyOn = (platform: Platform) => `matrix.platform == '${platform}'`
const signedOn = (platform: Platform) => `${onlyOn(platform)} && needs.signing.outputs.${platform} == 'true'`
const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat())
const packageJob = (installers: Workflow) => installers.jobs['package']
const stepsOf = (job: Job | undefined) => job?.steps ?? []

/** The matrix has one entry per platform electron-builder.yml builds for, listing exactly its targets. */
export function matrixProblems(installers: Workflow, builder: Record<string, unknown>): string[] {
  const job = packageJob(installers)
  if (!job) return ['installers.yml has no "package" job.']
  const include = job.strategy?.matrix?.include ?? []
  const problems: string[] = []
  for (const platform of platforms) {
    const expected = builderTargets(builder, platform)
    if (expected.length === 0) continue
    const entries = include.filter((entry) => entry['platform'] === platform)
    if (entries.length !== 1) {
      problems.push(
        `The matrix has ${entries.length} entries for ${platform}; it needs one (${expected.join(', ')}).`,
      )
      continue
    }
    const entry = entries[0] ?? {}
    const listed = String(entry['targets'] ?? '')
      .split(/\s+/)
      .filter(Boolean)
    for (const target of expected)
      if (!listed.includes(target))
        problems.push(
          `electron-builder.yml builds ${target} for ${platform}; the matrix's targets (${listed.join(' ')}) leave it out.`,
        )
    for (const target of listed)
      if (!expected.includes(target))
        problems.push(
          `The matrix lists ${target} for ${platform}, which electron-builder.yml does not build.`,
        )
    if (!runnerOs[platform].test(String(entry['os'] ?? '')))
      problems.push(`The ${platform} entry runs on ${entry['os']}, not a ${platform} machine.`)
  }
  for (const entry of include)
    if (!platforms.includes(entry['platform'] as Platform))
      problems.push(`The matrix has an entry for an unknown platform: ${entry['platform']}.`)
  // One universal app (electron-builder.yml) needs one Mac; per-architecture apps would need one each.
  const macArch = (builder['mac'] as { target?: { arch?: string[] }[] } | undefined)?.target?.flatMap(
    (t) => t.arch ?? [],
  )
  if (!macArch?.every((arch) => arch === 'universal'))
    problems.push('electron-builder.yml builds more than a universal Mac app; the matrix has one Mac.')
  return problems
}

/** Each platform is packaged by its own step, a release build with --release, a signed one with --signed. */
export function packagingProblems(installers: Workflow): string[] {
  const steps = stepsOf(packageJob(installers))
  const problems: string[] = []
  for (const platform of platforms) {
    const step = steps.find(
      (s) => s.if === onlyOn(platform) && s.run?.includes(`npm run package:${platform} -- `),
    )
    if (!step) {
      problems.push(`No step runs npm run package:${platform} (if: ${onlyOn(platform)}).`)
      continue
    }
    if (!step.run?.includes("${{ inputs.release && '--release' || '' }}"))
      problems.push(`npm run package:${platform} does not pass --release on a release build.`)
    if (
      platform !== 'linux' &&
      !step.run?.includes(`\${{ needs.signing.outputs.${platform} == 'true' && '--signed' || '' }}`)
    )
      problems.push(
        `npm run package:${platform} does not pass --signed when the signing job says it can sign.`,
      )
  }
  if (
    !steps.some((s) =>
      s.run?.includes('node scripts/release-files.mjs collect ${{ matrix.platform }} ${{ matrix.targets }}'),
    )
  )
    problems.push(
      "No step collects each matrix target's installer (release-files.mjs collect <platform> <targets>).",
    )
  const sums = steps.find((s) => s.run?.includes('> SHA256SUMS'))
  if (!sums) problems.push('No step writes SHA256SUMS for the Linux packages.')
  else {
    if (sums.if !== onlyOn('linux')) problems.push('SHA256SUMS is not written on the Linux machine.')
    if (!/--detach-sign --output SHA256SUMS\.asc SHA256SUMS/.test(sums.run ?? ''))
      problems.push('SHA256SUMS is never given a detached signature.')
  }
  return problems
}

/** Every check in `verifications`, on the right platform, after packaging and before the upload. */
export function verificationProblems(installers: Workflow, builder: Record<string, unknown>): string[] {
  const steps = stepsOf(packageJob(installers))
  const upload = steps.findIndex(
    (s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.['path'] === 'release/',
  )
  const problems: string[] = []
  if (upload < 0) problems.push('No step uploads release/ (the installers and the feed).')
  for (const platform of platforms) {
    const packaged = steps.findIndex(
      (s) => s.if === onlyOn(platform) && s.run?.includes(`npm run package:${platform}`),
    )
    for (const check of verifications[platform]) {
      const allowed = check.signed ? [signedOn(platform)] : [onlyOn(platform)]
      const at = steps.findIndex((s) => allowed.includes(s.if ?? '') && check.run.test(s.run ?? ''))
      if (at < 0) {
        problems.push(`No ${platform} step verifies ${check.what} (if: ${allowed[0]}).`)
        continue
      }
      if (packaged < 0 || at < packaged)
        problems.push(`${platform}: ${check.what} is verified before packaging.`)
      if (upload >= 0 && at > upload)
        problems.push(`${platform}: ${check.what} is verified after the upload.`)
    }
  }
  const sums = steps.find((s) => s.run?.includes('> SHA256SUMS'))?.run ?? ''
  for (const target of builderTargets(builder, 'linux')) {
    const extension = linuxExtensions[target]
    if (!extension || !sums.includes(`*.${extension}`))
      problems.push(`SHA256SUMS does not cover the ${target} package.`)
  }
  return problems
}

/** The Electron end-to-end spec runs for real on every platform (Xvfb on Linux) and its report is kept. */
export function endToEndProblems(installers: Workflow): string[] {
  const steps = stepsOf(packageJob(installers))
  const problems: string[] = []
  const spec = 'npx playwright test e2e/electron.spec.ts'
  const linux = steps.find((s) => s.if === onlyOn('linux') && s.run?.includes(spec))
  if (!linux) problems.push('The Electron spec does not run on Linux.')
  else if (!/^xvfb-run -a scripts\/with-keyring\.sh /.test(linux.run ?? ''))
    problems.push('On Linux the Electron spec must run under xvfb-run with the private keyring.')
  if (!steps.some((s) => s.if === "matrix.platform != 'linux'" && s.run?.includes(spec)))
    problems.push('The Electron spec does not run on macOS and Windows.')
  if (
    !steps.some(
      (s) =>
        s.if === undefined && s.run === 'node scripts/require-tests-ran.mjs test-results/playwright.json',
    )
  )
    problems.push('Nothing fails the job when the Electron spec skips itself (require-tests-ran.mjs).')
  const report = steps.find(
    (s) =>
      s.uses?.startsWith('actions/upload-artifact@') &&
      String(s.with?.['path']).includes('playwright-report/'),
  )
  if (!report) problems.push('The Playwright report (with the popup screenshots) is not uploaded.')
  else if (report.if !== 'always()')
    problems.push('The Playwright report is not uploaded when the tests fail.')
  return problems
}

/** npm test runs first; the signing job reads every signing variable and the matrix waits for both. */
export function jobProblems(installers: Workflow): string[] {
  const problems: string[] = []
  const test = installers.jobs['test']
  if (!stepsOf(test).some((s) => s.run === 'bash .ci/run'))
    problems.push('No job runs npm test (bash .ci/run).')
  const needs = asList(packageJob(installers)?.needs)
  for (const job of ['signing', 'test'])
    if (!needs.includes(job)) problems.push(`The package job does not wait for the ${job} job.`)
  const status = stepsOf(installers.jobs['signing']).find((s) =>
    s.run?.startsWith('node scripts/signing-status.mjs'),
  )
  if (!status) problems.push('No step decides what can be signed (signing-status.mjs).')
  for (const name of signingVariables)
    if (!status?.env || !(name in status.env)) problems.push(`The signing check is not given ${name}.`)
  return problems
}

/** Pull requests get the whole pipeline, unsigned and without the repository's secrets. */
export function ciProblems(ci: Workflow): string[] {
  const problems: string[] = []
  if (!ci.on || !('pull_request' in ci.on)) problems.push('ci.yml does not run on pull requests.')
  const calls = Object.values(ci.jobs).filter((job) => job.uses === './.github/workflows/installers.yml')
  if (calls.length !== 1) problems.push('ci.yml does not call installers.yml once.')
  else {
    if (calls[0]?.with?.['release'] !== false)
      problems.push('ci.yml must call installers.yml with release: false.')
    if (calls[0]?.secrets !== undefined)
      problems.push('ci.yml must not hand the signing secrets to pull requests.')
  }
  return problems
}

/** A tag is checked, built with the secrets, verified, and published as a draft with the update feed. */
export function releaseProblems(release: Workflow): string[] {
  const problems: string[] = []
  const tags = ((release.on?.['push'] as { tags?: string[] } | undefined)?.tags ?? []).join(' ')
  if (!tags.includes('v*')) problems.push('release.yml does not run on version tags (v*).')
  const preflight = stepsOf(release.jobs['preflight'])
    .map((s) => s.run ?? '')
    .join('\n')
  if (!preflight.includes('node scripts/publisher.mjs --check'))
    problems.push('release.yml does not refuse placeholder publisher details before building.')
  if (!/GITHUB_REF_NAME[\s\S]*package\.json|package\.json[\s\S]*GITHUB_REF_NAME/.test(preflight))
    problems.push("release.yml does not check the tag against package.json's version.")
  const installers = release.jobs['installers']
  if (installers?.uses !== './.github/workflows/installers.yml' || installers.with?.['release'] !== true)
    problems.push('release.yml does not call installers.yml with release: true.')
  if (installers?.secrets !== 'inherit')
    problems.push('release.yml does not hand the signing secrets to installers.yml.')
  if (!asList(installers?.needs).includes('preflight'))
    problems.push('The installers are built before the preflight checks pass.')
  const publish = release.jobs['publish']
  if (!asList(publish?.needs).includes('installers'))
    problems.push('The release is published without waiting for the installers.')
  if (publish?.permissions?.['contents'] !== 'write')
    problems.push('The publish job cannot write the release.')
  const steps = stepsOf(publish)
  const download = steps.findIndex(
    (s) => s.uses?.startsWith('actions/download-artifact@') && s.with?.['pattern'] === 'installers-*',
  )
  const check = steps.findIndex((s) => s.run?.includes('node scripts/release-files.mjs check release'))
  const create = steps.findIndex((s) =>
    /gh release create "\$GITHUB_REF_NAME" release\/\* --draft /.test(s.run ?? ''),
  )
  if (download < 0) problems.push("The publish job does not download every platform's installers.")
  if (check < 0 || check < download)
    problems.push('The release folder is not checked (installers, feeds) after downloading.')
  if (create < 0)
    problems.push(
      'The installers and latest*.yml are not attached to a draft release (gh release create … --draft).',
    )
  else if (create < check) problems.push('The draft is created before the release folder is checked.')
  return problems
}

/**
 * The update feeds are signed in the publish job (issue 22 for Linux, issue 39 for all three): installed
 * copies refuse a feed without its .sig, so the step must always run, with the secret, on every feed,
 * before the release folder is checked (which verifies the signatures) and before anything is attached
 * to the draft. Without the secret the signing script fails, and with it the release.
 */
export function feedSigningProblems(release: Workflow): string[] {
  const steps = stepsOf(release.jobs['publish'])
  const at = (find: (s: Step) => boolean) => steps.findIndex(find)
  const sign = at((s) =>
    /^node scripts\/sign-feeds\.mjs release\/latest\.yml release\/latest-mac\.yml release\/latest-linux\.yml\s*$/.test(
      s.run ?? '',
    ),
  )
  if (sign < 0) return ['release.yml does not sign all three update feeds (scripts/sign-feeds.mjs).']
  const problems: string[] = []
  const step = steps[sign]!
  if (step.env?.['FEED_SIGNING_KEY'] !== '${{ secrets.FEED_SIGNING_KEY }}')
    problems.push('The update feeds are signed without the FEED_SIGNING_KEY secret.')
  if (step.if !== undefined || step['continue-on-error'] !== undefined)
    problems.push('Signing the update feeds may be skipped or fail without failing the release.')
  // The same key checked before anything is built, so a missing secret costs minutes, not the whole run.
  const preflight = stepsOf(release.jobs['preflight']).find((s) =>
    /node scripts\/sign-feeds\.mjs --check-key(\s|$)/.test(s.run ?? ''),
  )
  if (
    !preflight ||
    preflight.env?.['FEED_SIGNING_KEY'] !== '${{ secrets.FEED_SIGNING_KEY }}' ||
    preflight.if !== undefined ||
    preflight['continue-on-error'] !== undefined
  )
    problems.push('The preflight does not check the feed signing key before the installers are built.')
  const download = at((s) => s.uses?.startsWith('actions/download-artifact@') === true)
  const check = at((s) => s.run?.includes('node scripts/release-files.mjs check release') === true)
  const create = at((s) => s.run?.includes('gh release create') === true)
  if (sign < download) problems.push('The update feeds are signed before they are downloaded.')
  if (sign > check || sign > create)
    problems.push('The update feeds are signed after the release folder is checked or attached.')
  return problems
}

// A shell template of one's own (`bash {0}`) runs without GitHub's `-e`: a failing command mid-script no
// longer fails the step. `bash`, `sh` and `pwsh` by name get GitHub's stop-on-error options.
const customShell = (shell: string | undefined) => shell !== undefined && shell.includes('{0}')
const ignoredFailure = /(?:^|\n|;)\s*(set \+e)\b|(\|\|\s*(?:true|:))\s*(?:$|[\n;)#])/
const releaseDraftFalse = /draft["']?\s*[:=]\s*["']?false/i
// Triggers that run a pull request's code with the repository's secrets and a write token.
const privilegedTriggers = ['pull_request_target', 'workflow_run']

/**
 * Nothing the rules above rely on can be switched off while still looking present: no job runs under a
 * condition, nothing may fail without failing the run (continue-on-error, `set +e`, `|| true`, a shell
 * without stop-on-error), no trigger hands secrets to a pull request, and no step publishes a release
 * (only `gh release create … --draft` makes one).
 */
export function skipProblems(workflows: Workflows): string[] {
  const problems: string[] = []
  for (const [name, workflow] of Object.entries(workflows) as [string, Workflow][]) {
    const file = `${name}.yml`
    for (const trigger of privilegedTriggers)
      if (workflow.on && trigger in workflow.on)
        problems.push(
          `${file}: runs on ${trigger}, which hands a pull request's code the repository's secrets and a write token.`,
        )
    if (customShell(workflow.defaults?.run?.shell))
      problems.push(
        `${file}: its default shell "${workflow.defaults?.run?.shell}" does not stop at a failing command.`,
      )
    for (const [jobName, job] of Object.entries(workflow.jobs)) {
      if (job.if !== undefined)
        problems.push(`${file}: the ${jobName} job runs only if ${job.if}; it must always run.`)
      if (job['continue-on-error'] !== undefined && job['continue-on-error'] !== false)
        problems.push(`${file}: the ${jobName} job may fail without failing the run (continue-on-error).`)
      if (customShell(job.defaults?.run?.shell))
        problems.push(
          `${file}: the ${jobName} job's default shell "${job.defaults?.run?.shell}" does not stop at a failing command.`,
        )
      for (const step of job.steps ?? []) {
        const label = `the step "${step.name ?? step.uses ?? step.run?.split('\n')[0]}"`
        if (step['continue-on-error'] !== undefined && step['continue-on-error'] !== false)
          problems.push(`${file}: ${label} may fail without failing the run (continue-on-error).`)
        if (customShell(step.shell))
          problems.push(
            `${file}: ${label} runs in "${step.shell}", which does not stop at a failing command; use bash or pwsh.`,
          )
        const ignored = ignoredFailure.exec(step.run ?? '')
        if (ignored)
          problems.push(
            `${file}: ${label} ignores failures in its script (${(ignored[1] ?? ignored[2] ?? '').replace(/\s+/g, ' ')}).`,
          )
        const run = step.run ?? ''
        for (const command of run.match(/gh release create\b[^\n]*/g) ?? [])
          if (!/\s--draft(\s|$)/.test(command))
            problems.push(
              `${file}: a step creates a release that is not a draft (gh release create without --draft).`,
            )
        if (releaseDraftFalse.test(run) || step.with?.['draft'] === false || step.with?.['draft'] === 'false')
          problems.push(
            `${file}: a step publishes the release itself (draft false); a person must press Publish.`,
          )
        const action = step.uses?.split('@')[0] ?? ''
        if (/release/i.test(action))
          problems.push(
            `${file}: a step publishes through ${action}; releases are made by gh release create --draft only.`,
          )
      }
    }
  }
  return [...new Set(problems)]
}

/** Every rule at once. */
export function coverageProblems(workflows: Workflows, builder: Record<string, unknown>): string[] {
  return [
    ...skipProblems(workflows),
    ...matrixProblems(workflows.installers, builder),
    ...packagingProblems(workflows.installers),
    ...verificationProblems(workflows.installers, builder),
    ...endToEndProblems(workflows.installers),
    ...jobProblems(workflows.installers),
    ...ciProblems(workflows.ci),
    ...releaseProblems(workflows.release),
    ...feedSigningProblems(workflows.release),
  ]
}
