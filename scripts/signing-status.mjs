#!/usr/bin/env node
// Which platforms the release workflow can sign, from the repository secrets it was given as environment
// variables (docs/release.md lists them):
//
//   node scripts/signing-status.mjs [--release] [--required]
//
// Writes mac=, win= and linux= (true or false) to $GITHUB_OUTPUT and a table to $GITHUB_STEP_SUMMARY.
// A platform without any of its secrets (a fork, or a repository not set up yet) is built unsigned, with a
// warning on the run that nobody can miss; with --required (the repository variable
// REQUIRE_SIGNED_RELEASES) that is an error instead. Half a set of secrets is always an error: it is a
// mistake, and guessing would publish something nobody meant. Without --release (pull requests) nothing is
// signed and nothing is asked for.
import { appendFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Each way of signing, as the variables that must all be set for it. */
const ways = {
  mac: {
    certificate: ['MAC_CSC_LINK', 'MAC_CSC_KEY_PASSWORD'],
    notarisation: [
      ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
      ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
    ],
  },
  win: {
    certificate: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
    azure: [
      'AZURE_TENANT_ID',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET',
      'AZURE_TRUSTED_SIGNING_ENDPOINT',
      'AZURE_TRUSTED_SIGNING_ACCOUNT',
      'AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE',
    ],
  },
  linux: { key: ['LINUX_GPG_PRIVATE_KEY'], optional: ['LINUX_GPG_PASSPHRASE'] },
}

/** Every variable this script reads: the release workflow must hand each one to it. */
export const signingVariables = [
  ...ways.mac.certificate,
  ...ways.mac.notarisation.flat(),
  ...ways.win.certificate,
  ...ways.win.azure,
  ...ways.linux.key,
  ...ways.linux.optional,
]

const names = { mac: 'macOS', win: 'Windows', linux: 'Linux' }

const unsignedMeaning = {
  mac: 'the dmg and zip are not signed with a Developer ID nor notarised: Gatekeeper refuses them on other Macs, and the app cannot update itself',
  win: 'the NSIS and MSI installers are not signed: SmartScreen warns about them, and updates cannot be checked against the publisher',
  linux: 'SHA256SUMS has no detached GPG signature (SHA256SUMS.asc)',
}

/** 'all', 'none' or the missing names of one set of variables. */
function completeness(env, set) {
  const missing = set.filter((name) => !env[name])
  if (missing.length === 0) return 'all'
  if (missing.length === set.length) return 'none'
  return missing
}

function platformStatus(env, platform) {
  const errors = []
  const partial = (set, what) => {
    const state = completeness(env, set)
    if (Array.isArray(state)) errors.push(`${what} is half set up: also add ${state.join(', ')}.`)
    return state === 'all'
  }
  if (platform === 'mac') {
    const certificate = partial(ways.mac.certificate, 'The Developer ID certificate')
    const notarised = ways.mac.notarisation.map((set) => partial(set, 'Notarisation')).some(Boolean)
    const anything = [...ways.mac.certificate, ...ways.mac.notarisation.flat()].some((name) => env[name])
    if (certificate && !notarised && errors.length === 0)
      errors.push(
        'The Developer ID certificate is there but no notarisation credentials (APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER, or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID): a signed app that is not notarised is still refused by Gatekeeper.',
      )
    if (!certificate && notarised && errors.length === 0)
      errors.push(
        'Notarisation credentials are there but no Developer ID certificate (MAC_CSC_LINK, MAC_CSC_KEY_PASSWORD).',
      )
    return { signed: certificate && notarised && errors.length === 0, anything, errors }
  }
  if (platform === 'win') {
    const certificate = partial(ways.win.certificate, 'The code-signing certificate')
    const azure = partial(ways.win.azure, 'Azure Trusted Signing')
    if (certificate && azure)
      errors.push('Both a certificate (WIN_CSC_LINK) and Azure Trusted Signing are set up: keep one.')
    const anything = [...ways.win.certificate, ...ways.win.azure].some((name) => env[name])
    return { signed: (certificate || azure) && errors.length === 0, anything, errors }
  }
  const key = Boolean(env.LINUX_GPG_PRIVATE_KEY)
  if (!key && env.LINUX_GPG_PASSPHRASE)
    errors.push('LINUX_GPG_PASSPHRASE is set but LINUX_GPG_PRIVATE_KEY is not.')
  return { signed: key && errors.length === 0, anything: key || Boolean(env.LINUX_GPG_PASSPHRASE), errors }
}

/**
 * What to sign and what to say about it. `errors` stop the release; `warnings` are shown on the run and
 * in the draft release; `notices` are for information.
 */
export function signingStatus(env, { release = false, required = false } = {}) {
  const signed = { mac: false, win: false, linux: false }
  const errors = []
  const warnings = []
  const notices = []
  if (!release) {
    notices.push('Pull-request builds are never signed; the release workflow signs.')
    return { signed, errors, warnings, notices }
  }
  for (const platform of Object.keys(signed)) {
    const status = platformStatus(env, platform)
    signed[platform] = status.signed
    errors.push(...status.errors.map((error) => `${names[platform]}: ${error}`))
    if (status.signed || status.errors.length > 0) continue
    const message = `${names[platform]} is NOT signed: this repository has none of its signing secrets, so ${unsignedMeaning[platform]}. docs/release.md lists the secrets.`
    if (required) errors.push(`${message} REQUIRE_SIGNED_RELEASES is true.`)
    else warnings.push(message)
  }
  return { signed, errors, warnings, notices }
}

function main(args) {
  const unknown = args.filter((arg) => arg !== '--release' && arg !== '--required')
  if (unknown.length > 0) {
    console.error(
      `Unknown option ${unknown.join(' ')}. Usage: node scripts/signing-status.mjs [--release] [--required]`,
    )
    return 1
  }
  const status = signingStatus(process.env, {
    release: args.includes('--release'),
    required: args.includes('--required'),
  })
  // GitHub's workflow commands: annotations on the run's summary page.
  for (const notice of status.notices) console.log(`::notice title=Signing::${notice}`)
  for (const warning of status.warnings) console.log(`::warning title=Unsigned build::${warning}`)
  for (const error of status.errors) console.log(`::error title=Signing::${error}`)
  const lines = Object.entries(status.signed).map(([platform, signed]) => `${platform}=${signed}`)
  for (const line of lines) console.log(line)
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${lines.join('\n')}\n`)
  if (process.env.GITHUB_STEP_SUMMARY) {
    const rows = Object.entries(status.signed).map(
      ([platform, signed]) => `| ${names[platform]} | ${signed ? 'signed' : '**not signed**'} |`,
    )
    appendFileSync(
      process.env.GITHUB_STEP_SUMMARY,
      [
        '### Signing',
        '',
        '| Platform | Installers |',
        '| --- | --- |',
        ...rows,
        '',
        ...status.warnings.map((w) => `> ⚠️ ${w}`),
        '',
      ].join('\n'),
    )
  }
  return status.errors.length > 0 ? 1 : 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)))
}
