#!/usr/bin/env node
// `npm run security`: Electron's security checklist, item by item, with how the app meets it and the
// tests that prove it (each named test must exist, or the item fails), then the live checks: the
// installed Electron against the newest one, and `npm audit --omit=dev`.
//
//   node scripts/security.mjs            the report; exits 1 when a proof is missing or the audit finds
//                                        high or critical problems
//   node scripts/security.mjs --json F   also writes the counts to F (scripts/test-all.mjs adds them up)
//
// The live checks need the npm registry; when it cannot answer they are reported as skipped, with why.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beyond, checklist } from './security-checklist.mjs'

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Whether `file` declares a test titled `test`: it(…), test(…), it.each(…)(…), describe(…) and their
 * .skip/.only forms, with the title as the first argument in any kind of quotes.
 */
export function hasTest(root, { file, test }) {
  const path = join(root, file)
  if (!existsSync(path)) return false
  const source = readFileSync(path, 'utf8')
  const call = String.raw`\b(?:it|test|describe)(?:\.(?:skip|only|concurrent|fails))?(?:\.each\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\(\s*`
  const quoted = ["'", '"', '`'].map((q) => `${q}${escapeRegExp(test)}${q}`).join('|')
  return new RegExp(`${call}(?:${quoted})\\s*,`).test(source)
}

/** Each item with its proofs found or missing. Items checked live have no proofs to find. */
export function evaluate(root, items) {
  return items.map((item) => {
    const missing = item.proofs.filter((proof) => !hasTest(root, proof))
    return { ...item, missing, proved: item.live ? null : item.proofs.length > 0 && missing.length === 0 }
  })
}

/** npm audit's JSON, summed up; null counts when the audit could not run. */
export function auditSummary(json) {
  const counts = json?.metadata?.vulnerabilities
  if (!counts) {
    // What npm said, without the registry's address.
    const said = String(json?.message ?? json?.error?.summary ?? '')
      .replace(/\s*-?\s*(?:GET|POST)?\s*https?:\/\/\S+/g, '')
      .trim()
    return { ran: false, reason: said ? `the registry answered: ${said}` : 'no answer from the registry' }
  }
  const findings = Object.entries(json.vulnerabilities ?? {}).map(([name, v]) => ({
    name,
    severity: v.severity,
    via: (v.via ?? []).map((via) => (typeof via === 'string' ? via : via.title)).filter(Boolean),
    fix: v.fixAvailable
      ? v.fixAvailable === true
        ? 'npm audit fix'
        : `update ${v.fixAvailable.name}`
      : 'none yet',
  }))
  return { ran: true, counts, findings, serious: (counts.high ?? 0) + (counts.critical ?? 0) }
}

/** Supported means within the newest three majors (Electron's support policy). */
export function electronCurrency(installed, latest) {
  const major = (version) => Number(String(version).split('.')[0])
  if (!latest) return { known: false }
  return { known: true, installed, latest, supported: major(latest) - major(installed) < 3 }
}

const npm = (args, root) => {
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8', timeout: 60_000 })
  return result.stdout ?? ''
}

function liveChecks(root) {
  let audit
  try {
    audit = auditSummary(JSON.parse(npm(['audit', '--omit=dev', '--json'], root) || 'null'))
  } catch {
    audit = { ran: false, reason: 'npm audit gave no JSON answer' }
  }
  const installed = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ).version
  const latest = npm(['view', 'electron', 'version'], root).trim() || null
  return { audit, electron: electronCurrency(installed, latest) }
}

function report(root, live, lists = { checklist, beyond }) {
  const lines = []
  const results = { passed: 0, failed: 0, skipped: 0 }
  const print = (heading, items, numbered) => {
    lines.push(heading, '')
    evaluate(root, items).forEach((item, index) => {
      let verdict
      if (item.live === 'electron-version') {
        const e = live.electron
        verdict = !e.known
          ? 'SKIPPED (the registry did not say which Electron is newest)'
          : e.supported
            ? `ok: Electron ${e.installed} installed, ${e.latest} the newest`
            : `FAILED: Electron ${e.installed} is out of support (newest ${e.latest})`
        results[!e.known ? 'skipped' : e.supported ? 'passed' : 'failed'] += 1
      } else {
        verdict = item.proved ? 'proved' : 'FAILED: a proof is missing'
        results[item.proved ? 'passed' : 'failed'] += 1
      }
      lines.push(`${numbered ? `${String(index + 1).padStart(2)}. ` : ' - '}${item.title} — ${verdict}`)
      lines.push(`    How: ${item.how}`)
      for (const proof of item.proofs) {
        const found = !item.missing.includes(proof)
        lines.push(`    ${found ? 'Proof' : 'MISSING'}: ${proof.file} › ${proof.test}`)
      }
      lines.push('')
    })
  }
  print('Electron security checklist (electronjs.org/docs/latest/tutorial/security)', lists.checklist, true)
  print('Beyond the checklist', lists.beyond, false)

  const audit = live.audit
  if (!audit.ran) {
    lines.push(`npm audit --omit=dev: SKIPPED (${audit.reason})`)
    results.skipped += 1
  } else {
    const c = audit.counts
    lines.push(
      `npm audit --omit=dev: ${c.total} finding(s) in production dependencies (critical ${c.critical}, high ${c.high}, moderate ${c.moderate}, low ${c.low})`,
    )
    for (const f of audit.findings)
      lines.push(`  - ${f.name} (${f.severity}): ${f.via.join('; ')} — fix: ${f.fix}`)
    results[audit.serious > 0 ? 'failed' : 'passed'] += 1
  }
  lines.push('', `${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`)
  return { text: lines.join('\n'), results }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]
if (isMain) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const { text, results } = report(root, liveChecks(root))
  console.log(text)
  const jsonAt = process.argv.indexOf('--json')
  if (jsonAt > 0 && process.argv[jsonAt + 1]) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(results))
  process.exit(results.failed > 0 ? 1 : 0)
}

export { report }
