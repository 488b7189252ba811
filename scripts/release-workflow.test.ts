import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { pinningProblems } from './lint-workflows.mjs'
import { builderTargets } from './release-files.mjs'
import {
  ciProblems,
  coverageProblems,
  endToEndProblems,
  jobProblems,
  feedSigningProblems,
  matrixProblems,
  packagingProblems,
  releaseProblems,
  skipProblems,
  verificationProblems,
  verifications,
  type Step,
  type Workflow,
  type Workflows,
} from './workflow-coverage'

// The release workflows, read as YAML and held to what docs/release.md and issue 15 promise. Every rule is
// also shown to fail on a copy of the real workflow with one thing taken away.

const root = fileURLToPath(new URL('..', import.meta.url))
const text = (name: string) => readFileSync(join(root, '.github', 'workflows', name), 'utf8')
const texts = { ci: text('ci.yml'), release: text('release.yml'), installers: text('installers.yml') }
const load = (): Workflows => ({
  ci: yaml.load(texts.ci) as Workflow,
  release: yaml.load(texts.release) as Workflow,
  installers: yaml.load(texts.installers) as Workflow,
})
const builder = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>

const packageSteps = (workflows: Workflows): Step[] => workflows.installers.jobs['package']?.steps ?? []
/** The real workflows with one change. */
function changed(change: (workflows: Workflows) => void): Workflows {
  const workflows = load()
  change(workflows)
  return workflows
}
const withoutStep = (workflows: Workflows, find: (step: Step) => boolean) => {
  const job = workflows.installers.jobs['package']
  if (job?.steps) job.steps = job.steps.filter((step) => !find(step))
}

describe('the release workflows', () => {
  it('meet every rule', () => {
    expect(coverageProblems(load(), builder)).toEqual([])
  })

  it('pin every action to a full commit SHA with its tag in a comment', () => {
    for (const workflow of Object.values(texts)) expect(pinningProblems(workflow)).toEqual([])
    const uses = Object.values(texts).flatMap((workflow) =>
      [...workflow.matchAll(/uses: (\S+)/g)].map((m) => m[1]),
    )
    expect(uses.length).toBeGreaterThan(10)
  })
})

describe('the matrix covers every target in electron-builder.yml', () => {
  it('lists, per platform, exactly the targets electron-builder.yml builds', () => {
    const include = load().installers.jobs['package']?.strategy?.matrix?.include ?? []
    expect(include.map((entry) => [entry['platform'], entry['targets']])).toEqual([
      ['mac', builderTargets(builder, 'mac').join(' ')],
      ['win', builderTargets(builder, 'win').join(' ')],
      ['linux', builderTargets(builder, 'linux').join(' ')],
    ])
    expect(builderTargets(builder, 'linux')).toEqual(['deb', 'rpm', 'AppImage'])
  })

  it('fails on a workflow with a removed target', () => {
    const workflows = changed((w) => {
      const linux = w.installers.jobs['package']?.strategy?.matrix?.include?.find(
        (e) => e['platform'] === 'linux',
      )
      if (linux) linux['targets'] = 'deb AppImage'
    })
    expect(matrixProblems(workflows.installers, builder)).toEqual([
      "electron-builder.yml builds rpm for linux; the matrix's targets (deb AppImage) leave it out.",
    ])
  })

  it('fails on a workflow without a platform, or on the wrong machine', () => {
    const noWindows = changed((w) => {
      const matrix = w.installers.jobs['package']?.strategy?.matrix
      if (matrix?.include) matrix.include = matrix.include.filter((e) => e['platform'] !== 'win')
    })
    expect(matrixProblems(noWindows.installers, builder)).toEqual([
      'The matrix has 0 entries for win; it needs one (nsis, msi).',
    ])
    const wrongOs = changed((w) => {
      const mac = w.installers.jobs['package']?.strategy?.matrix?.include?.find(
        (e) => e['platform'] === 'mac',
      )
      if (mac) mac['os'] = 'ubuntu-24.04'
    })
    expect(matrixProblems(wrongOs.installers, builder)).toEqual([
      'The mac entry runs on ubuntu-24.04, not a mac machine.',
    ])
  })

  it('fails when electron-builder.yml gains a target the matrix does not build', () => {
    const more = { ...builder, win: { ...(builder['win'] as object), target: ['nsis', 'msi', 'appx'] } }
    expect(matrixProblems(load().installers, more)).toEqual([
      "electron-builder.yml builds appx for win; the matrix's targets (nsis msi) leave it out.",
    ])
  })

  it('fails when a platform is no longer packaged, or a release build loses --release or --signed', () => {
    const noRpmBuild = changed((w) =>
      withoutStep(w, (s) => s.run?.includes('npm run package:linux') ?? false),
    )
    expect(packagingProblems(noRpmBuild.installers)).toContain(
      "No step runs npm run package:linux (if: matrix.platform == 'linux').",
    )
    const unsignedMac = changed((w) => {
      const step = packageSteps(w).find((s) => s.run?.includes('npm run package:mac'))
      if (step?.run) step.run = step.run.replace(/ \$\{\{ needs\.signing[^}]*\}\}/, '')
    })
    expect(packagingProblems(unsignedMac.installers)).toEqual([
      'npm run package:mac does not pass --signed when the signing job says it can sign.',
    ])
  })
})

describe('every verification step runs', () => {
  it.each(
    Object.entries(verifications).flatMap(([platform, checks]) =>
      checks.map((check) => [platform, check.what]),
    ),
  )('%s: %s', (platform, what) => {
    const check = verifications[platform as keyof typeof verifications].find((c) => c.what === what)
    const workflows = changed((w) => withoutStep(w, (s) => (check ? check.run.test(s.run ?? '') : false)))
    const problems = verificationProblems(workflows.installers, builder)
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^No ${platform} step verifies ${escape(what)}`)),
    )
  })

  it('fails when a check is moved before packaging or made conditional on something else', () => {
    const early = changed((w) => {
      const steps = packageSteps(w)
      const at = steps.findIndex((s) => s.run?.includes('rpm -qpR'))
      const [step] = steps.splice(at, 1)
      if (step) steps.splice(2, 0, step)
    })
    expect(verificationProblems(early.installers, builder)).toEqual([
      'linux: rpm -qpR showing libsecret is verified before packaging.',
    ])
    const conditional = changed((w) => {
      const step = packageSteps(w).find((s) => s.run?.includes('codesign --verify'))
      if (step) step.if = "matrix.platform == 'mac' && github.event_name == 'push'"
    })
    expect(verificationProblems(conditional.installers, builder)).toContainEqual(
      expect.stringContaining('No mac step verifies codesign --verify --deep --strict'),
    )
  })

  it('fails when SHA256SUMS leaves a Linux package out, or is never signed', () => {
    const workflows = changed((w) => {
      const step = packageSteps(w).find((s) => s.run?.includes('> SHA256SUMS'))
      if (step?.run) step.run = step.run.replace(' *.rpm', '').replace(/--detach-sign/, '--clearsign')
    })
    expect(verificationProblems(workflows.installers, builder)).toEqual([
      'SHA256SUMS does not cover the rpm package.',
    ])
    expect(packagingProblems(workflows.installers)).toEqual([
      'SHA256SUMS is never given a detached signature.',
    ])
  })
})

describe('the Electron end-to-end spec', () => {
  it('fails when it runs without Xvfb on Linux, may skip unnoticed, or its report is not kept', () => {
    const bare = changed((w) => {
      const step = packageSteps(w).find((s) => s.run?.startsWith('xvfb-run'))
      if (step?.run) step.run = step.run.replace('xvfb-run -a ', '')
    })
    expect(endToEndProblems(bare.installers)).toEqual([
      'On Linux the Electron spec must run under xvfb-run with the private keyring.',
    ])
    const skippable = changed((w) => withoutStep(w, (s) => s.run?.includes('require-tests-ran') ?? false))
    expect(endToEndProblems(skippable.installers)).toEqual([
      'Nothing fails the job when the Electron spec skips itself (require-tests-ran.mjs).',
    ])
    const onlyOnSuccess = changed((w) => {
      const step = packageSteps(w).find((s) => String(s.with?.['path']).includes('playwright-report/'))
      if (step) delete step.if
    })
    expect(endToEndProblems(onlyOnSuccess.installers)).toEqual([
      'The Playwright report is not uploaded when the tests fail.',
    ])
  })
})

describe('jobs, pull requests and the release', () => {
  it('fails when a signing secret is not handed to the signing check, or npm test does not run first', () => {
    const workflows = changed((w) => {
      const status = w.installers.jobs['signing']?.steps?.find((s) => s.id === 'status')
      if (status?.env) delete status.env['APPLE_TEAM_ID']
      const job = w.installers.jobs['package']
      if (job) job.needs = ['signing']
    })
    expect(jobProblems(workflows.installers)).toEqual([
      'The package job does not wait for the test job.',
      'The signing check is not given APPLE_TEAM_ID.',
    ])
  })

  it('fails when pull requests would get the secrets or a release build', () => {
    const workflows = changed((w) => {
      const call = w.ci.jobs['installers']
      if (call) {
        call.secrets = 'inherit'
        call.with = { release: true }
      }
    })
    expect(ciProblems(workflows.ci)).toEqual([
      'ci.yml must call installers.yml with release: false.',
      'ci.yml must not hand the signing secrets to pull requests.',
    ])
  })

  it('fails when the release is published without a person, or without checking the feed first', () => {
    const published = changed((w) => {
      const step = w.release.jobs['publish']?.steps?.find((s) => s.run?.includes('gh release create'))
      if (step?.run) step.run = step.run.replace(' --draft ', ' ')
    })
    expect(releaseProblems(published.release)).toEqual([
      'The installers and latest*.yml are not attached to a draft release (gh release create … --draft).',
    ])
    const unchecked = changed((w) => {
      const job = w.release.jobs['publish']
      if (job?.steps) job.steps = job.steps.filter((s) => !s.run?.includes('release-files.mjs check'))
    })
    expect(releaseProblems(unchecked.release)).toEqual([
      'The release folder is not checked (installers, feeds) after downloading.',
    ])
    const late = changed((w) => {
      const steps = w.release.jobs['publish']?.steps ?? []
      const at = steps.findIndex((s) => s.run?.includes('release-files.mjs check'))
      const [check] = steps.splice(at, 1)
      if (check) steps.push(check)
    })
    expect(releaseProblems(late.release)).toEqual([
      'The draft is created before the release folder is checked.',
    ])
    const placeholders = changed((w) => {
      const job = w.release.jobs['preflight']
      if (job?.steps) job.steps = job.steps.filter((s) => !s.run?.includes('publisher.mjs --check'))
    })
    expect(releaseProblems(placeholders.release)).toEqual([
      'release.yml does not refuse placeholder publisher details before building.',
    ])
  })
})

describe('every update feed is signed for every release', () => {
  const publishSteps = (w: Workflows) => w.release.jobs['publish']?.steps ?? []
  const signStep = (w: Workflows) => publishSteps(w).find((s) => s.run?.includes('sign-feeds.mjs'))

  it('signs it with the secret after downloading, before checking and attaching anything', () => {
    expect(feedSigningProblems(load().release)).toEqual([])
  })

  it('fails when the step is gone, runs without the secret, or can be skipped', () => {
    const gone = changed((w) => {
      const job = w.release.jobs['publish']
      if (job?.steps) job.steps = job.steps.filter((s) => !s.run?.includes('sign-feeds.mjs'))
    })
    expect(feedSigningProblems(gone.release)).toEqual([
      'release.yml does not sign all three update feeds (scripts/sign-feeds.mjs).',
    ])
    const keyless = changed((w) => {
      const step = signStep(w)
      if (step) step.env = {}
    })
    expect(feedSigningProblems(keyless.release)).toEqual([
      'The update feeds are signed without the FEED_SIGNING_KEY secret.',
    ])
    const optional = changed((w) => {
      const step = signStep(w)
      if (step) step.if = "env.FEED_SIGNING_KEY != ''"
    })
    expect(feedSigningProblems(optional.release)).toEqual([
      'Signing the update feeds may be skipped or fail without failing the release.',
    ])
    const tolerated = changed((w) => {
      const step = signStep(w)
      if (step) step['continue-on-error'] = true
    })
    expect(feedSigningProblems(tolerated.release)).toEqual([
      'Signing the update feeds may be skipped or fail without failing the release.',
    ])
  })

  it('fails when a feed is left out of the signing step (issue 39: Windows and macOS feeds were unsigned)', () => {
    const linuxOnly = changed((w) => {
      const step = signStep(w)
      if (step) step.run = 'node scripts/sign-feeds.mjs release/latest-linux.yml'
    })
    expect(feedSigningProblems(linuxOnly.release)).toEqual([
      'release.yml does not sign all three update feeds (scripts/sign-feeds.mjs).',
    ])
  })

  it('fails when the preflight no longer checks the key, or checks it without the secret', () => {
    const preflightCheck = (w: Workflows) =>
      w.release.jobs['preflight']?.steps?.find((s) => s.run?.includes('sign-feeds.mjs --check-key'))
    const unchecked = changed((w) => {
      const job = w.release.jobs['preflight']
      if (job?.steps) job.steps = job.steps.filter((s) => !s.run?.includes('sign-feeds.mjs'))
    })
    const keyless = changed((w) => {
      const step = preflightCheck(w)
      if (step) step.env = {}
    })
    for (const workflows of [unchecked, keyless]) {
      expect(feedSigningProblems(workflows.release)).toEqual([
        'The preflight does not check the feed signing key before the installers are built.',
      ])
    }
  })

  it('fails when the feed is signed before it is downloaded or after the folder is checked', () => {
    const move = (w: Workflows, to: (steps: Step[], step: Step) => void) => {
      const steps = publishSteps(w)
      const [step] = steps.splice(
        steps.findIndex((s) => s.run?.includes('sign-feeds.mjs')),
        1,
      )
      if (step) to(steps, step)
    }
    const early = changed((w) => move(w, (steps, step) => steps.unshift(step)))
    expect(feedSigningProblems(early.release)).toEqual([
      'The update feeds are signed before they are downloaded.',
    ])
    const late = changed((w) => move(w, (steps, step) => steps.push(step)))
    expect(feedSigningProblems(late.release)).toEqual([
      'The update feeds are signed after the release folder is checked or attached.',
    ])
  })
})

describe('nothing that must run can be skipped or ignored', () => {
  const packageStep = (w: Workflows, find: (s: Step) => boolean) => {
    const step = packageSteps(w).find(find)
    if (!step) throw new Error('no such step')
    return step
  }
  it.each<[string, (w: Workflows) => void, string]>([
    [
      'a verification step that may fail',
      (w) =>
        void (packageStep(w, (s) => s.run?.includes('codesign --verify') ?? false)['continue-on-error'] =
          true),
      'installers.yml: the step "Verify (macOS): codesign --verify --deep --strict, Developer ID, hardened runtime" may fail without failing the run (continue-on-error).',
    ],
    [
      'the Electron spec that may fail',
      (w) =>
        void (packageStep(w, (s) => s.run?.startsWith('xvfb-run') ?? false)['continue-on-error'] =
          '${{ true }}'),
      'installers.yml: the step "Electron end-to-end test (under Xvfb)" may fail without failing the run (continue-on-error).',
    ],
    [
      'a package job that may fail',
      (w) => {
        const job = w.installers.jobs['package']
        if (job) job['continue-on-error'] = true
      },
      'installers.yml: the package job may fail without failing the run (continue-on-error).',
    ],
    [
      'a test job skipped by a condition',
      (w) => {
        const job = w.installers.jobs['test']
        if (job) job.if = "github.event_name == 'schedule'"
      },
      "installers.yml: the test job runs only if github.event_name == 'schedule'; it must always run.",
    ],
    [
      'a draft made even when the installers failed',
      (w) => {
        const job = w.release.jobs['publish']
        if (job) job.if = 'always()'
      },
      'release.yml: the publish job runs only if always(); it must always run.',
    ],
    [
      'a failure swallowed inside a verification script',
      (w) => {
        const step = packageStep(w, (s) => s.run?.includes('rpm -qpR') ?? false)
        step.run = `set +e\n${step.run}`
      },
      'installers.yml: the step "Verify (Linux): rpm -qpR shows the libsecret dependency" ignores failures in its script (set +e).',
    ],
    [
      'a command whose failure is ignored',
      (w) => {
        const step = packageStep(w, (s) => s.run?.includes('codesign --verify') ?? false)
        if (step.run) step.run = step.run.replace('"$app"\n', '"$app" || true\n')
      },
      'installers.yml: the step "Verify (macOS): codesign --verify --deep --strict, Developer ID, hardened runtime" ignores failures in its script (|| true).',
    ],
    [
      'a shell that does not stop at the first failure',
      (w) => void (packageStep(w, (s) => s.run?.includes('dpkg-deb -I') ?? false).shell = 'bash {0}'),
      'installers.yml: the step "Verify (Linux): dpkg-deb -I shows the libsecret dependency and the publisher" runs in "bash {0}", which does not stop at a failing command; use bash or pwsh.',
    ],
  ])('fails on %s', (_what, change, expected) => {
    expect(skipProblems(changed(change))).toEqual([expected])
  })

  it('fails on a release that is published by the workflow, however it is done', () => {
    const published = (extra: Step) =>
      skipProblems(
        changed((w) => {
          w.release.jobs['publish']?.steps?.push(extra)
        }),
      )
    expect(published({ run: 'gh release create "$GITHUB_REF_NAME" release/*' })).toEqual([
      'release.yml: a step creates a release that is not a draft (gh release create without --draft).',
    ])
    expect(published({ run: 'gh release edit "$GITHUB_REF_NAME" --draft=false' })).toEqual([
      'release.yml: a step publishes the release itself (draft false); a person must press Publish.',
    ])
    expect(published({ run: 'gh api -X PATCH "repos/$GH_REPO/releases/$id" -F "draft=false"' })).toEqual([
      'release.yml: a step publishes the release itself (draft false); a person must press Publish.',
    ])
    expect(
      published({
        uses: 'softprops/action-gh-release@da05d552573ad5aba039eaac05058a918a7bf631 # v2.2.2',
        with: { draft: false },
      }),
    ).toEqual([
      'release.yml: a step publishes the release itself (draft false); a person must press Publish.',
      'release.yml: a step publishes through softprops/action-gh-release; releases are made by gh release create --draft only.',
    ])
  })

  it.each(['pull_request_target', 'workflow_run'])('fails on a workflow triggered by %s', (trigger) => {
    const workflows = changed((w) => {
      w.ci.on = { ...w.ci.on, [trigger]: { types: ['opened'] } }
    })
    expect(skipProblems(workflows)).toEqual([
      `ci.yml: runs on ${trigger}, which hands a pull request's code the repository's secrets and a write token.`,
    ])
  })

  it('checks every workflow file there is', () => {
    expect(readdirSync(join(root, '.github', 'workflows')).sort()).toEqual(
      Object.keys(texts)
        .map((n) => `${n}.yml`)
        .sort(),
    )
  })
})

describe('pinning', () => {
  it('fails on an unpinned action, a short SHA, a SHA without its tag, and an image by tag', () => {
    const unpinned = texts.installers.replace(
      /actions\/checkout@[0-9a-f]{40} # v[\d.]+/,
      'actions/checkout@v7',
    )
    expect(pinningProblems(unpinned)).toEqual([
      expect.objectContaining({
        kind: 'pinning',
        message: expect.stringContaining('"actions/checkout@v7" must be pinned'),
      }),
    ])
    expect(pinningProblems('steps:\n  - uses: actions/checkout@3d3c42e # v7.0.1\n')).toHaveLength(1)
    expect(
      pinningProblems('steps:\n  - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1\n'),
    ).toEqual([expect.objectContaining({ line: 2, message: expect.stringContaining('needs the tag') })])
    expect(pinningProblems('steps:\n  - uses: docker://alpine:3.20\n')).toHaveLength(1)
  })

  // The same unpinned action, written in the other ways YAML allows: each must still be caught.
  it.each([
    ['a flow mapping', 'steps:\n  - { uses: actions/checkout@v7 }\n'],
    ['a flow sequence', 'steps: [{ name: x, uses: actions/checkout@v7 }]\n'],
    ['the value on the next line', 'steps:\n  - uses:\n      actions/checkout@v7\n'],
    ['a block scalar', 'steps:\n  - uses: >-\n      actions/checkout@v7\n'],
    ['a quoted key', 'steps:\n  - "uses": actions/checkout@v7\n'],
    ['an alias', 'x: &co actions/checkout@v7\nsteps:\n  - uses: *co\n'],
    [
      'a reusable workflow of another repository',
      'jobs:\n  a: { uses: evil/repo/.github/workflows/x.yml@main }\n',
    ],
  ])('fails on an unpinned action written as %s', (_how, text) => {
    expect(pinningProblems(text)).toContainEqual(
      expect.objectContaining({ kind: 'pinning', message: expect.stringContaining('must be pinned') }),
    )
  })

  it('fails on a pinned action whose tag comment is not on its line', () => {
    expect(
      pinningProblems('steps:\n  - uses:\n      actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1\n'),
    ).toEqual([expect.objectContaining({ message: expect.stringContaining('needs the tag') })])
  })

  it('accepts this repository’s own actions and images by digest', () => {
    expect(
      pinningProblems(
        [
          'jobs:',
          '  a:',
          '    uses: ./.github/workflows/installers.yml',
          '  b:',
          '    steps:',
          `      - uses: docker://alpine@sha256:${'a'.repeat(64)}`,
          "      - uses: 'actions/setup-node@820762786026740c76f36085b0efc47a31fe5020' # v7.0.0",
        ].join('\n'),
      ),
    ).toEqual([])
  })
})

function escape(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
