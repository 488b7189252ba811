// The publisher of the installers, from build/publisher.json: the one file IT or a maintainer edits.
//
//   name                  package.json `author` of the shipped app, hence the MSI Manufacturer, the
//                         "Publisher" in Windows' installed apps, and the name in the deb/rpm Maintainer
//   email                 the address in the deb/rpm Maintainer field
//   windowsPublisherName  the Windows signing certificate's subject as a distinguished name with at least
//                         CN, O and C (`CN=Acme Ltd, O=Acme Ltd, L=London, C=GB`); built into the app, which
//                         compares it with the signer of every downloaded update. A release refuses a bare
//                         CN: any publicly trusted certificate can carry the same CN, while O and C are
//                         what the CA validated about the organisation
//
// electron-builder.yml `extends` this module, so every build (npm run package, or electron-builder run
// by hand) gets these values, and electron.vite.config.ts imports it (no `#!` line: electron-vite puts
// code before the module when it bundles its configuration, and a `#!` there is a syntax error). `node scripts/publisher.mjs --check` says whether they are fit for a
// release, which is what `npm run package -- --release` and the release workflow enforce.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
// The parser electron-updater and the app's own signature check read the name with, so "has O and C"
// means here what it means to them.
import { parseDn } from 'builder-util-runtime/out/rfc2253Parser.js'

export const publisherFile = fileURLToPath(new URL('../build/publisher.json', import.meta.url))

const fields = ['name', 'email', 'windowsPublisherName']

/** Reads build/publisher.json (or another file); a file that is missing or not JSON throws, plainly. */
export function readPublisher(file = publisherFile) {
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    throw new Error(`${file} cannot be read (${err.code ?? err.message}); it holds the publisher details.`)
  }
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${err.message}`)
  }
}

// Names that only ever stand in for real ones: RFC 2606/6761 reserved top-level domains and the example
// domains, e.g. packaging@operately-tray.invalid, it@example.com, ops@corp.example.org.
const reservedTld = /\.(invalid|example|test|localhost|local)$/i
const exampleDomain = /(^|\.)example\.[a-z.]+$/i
// Whole words only, so that real names containing them (Examplify, Todoist) pass; `_` counts as a space.
const placeholderWord =
  /\b(example|placeholder|todo|changeme|change me|your (company|organi[sz]ation|org|name)|company name|publisher name|lorem ipsum|xxx+)\b/i
// Words that are a placeholder only as the whole value (Unknown Worlds is a real company).
const placeholderValue = /^(none|n\/a|unknown|tbd|tba|test|null|undefined)$/i
// Characters nobody can see or type on purpose: they would end up in the MSI and the packages unseen.
const invisible = /[\p{Cc}\p{Cf}]/u

// The app's own product name, which the repository first shipped as its author: never a publisher.
const productName = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).productName

/** The text as a person reads it: full-width letters as letters, `_`/`-` runs as spaces, one space, any case. */
const asRead = (text) =>
  text
    .normalize('NFKC')
    .replace(/[\s_-]+/g, ' ')
    .trim()
    .toLowerCase()

function placeholderDomain(domain) {
  const bare = domain.replace(/\.+$/, '')
  if (reservedTld.test(bare)) return `.${bare.split('.').pop()} addresses are never delivered`
  if (exampleDomain.test(bare)) return `${domain} is an example domain`
  return null
}

/** Why a name is not a real publisher's, or null. */
function namePlaceholder(value, { field, file, what }) {
  const shown = value.trim()
  if (shown === '') return `${file}: "${field}" is empty. ${what}`
  if (invisible.test(value)) {
    const code = value.match(invisible)[0].codePointAt(0).toString(16).toUpperCase().padStart(4, '0')
    return `${file}: "${field}" contains an invisible or control character (U+${code}). Type it again.`
  }
  const read = asRead(value)
  if (productName && read === asRead(productName))
    return `${file}: "${field}" is the app's own name ("${shown}"), not its publisher's. ${what}`
  if (placeholderWord.test(read) || placeholderValue.test(read))
    return `${file}: "${field}" is a placeholder ("${shown}"). ${what}`
  if (!/\p{L}/u.test(read)) return `${file}: "${field}" has no letters ("${shown}"). ${what}`
  return null
}

/**
 * What is wrong with the publisher details, as sentences a maintainer can act on; empty when they are
 * fine. Every build needs the three fields to be strings and an email to exist (the Linux packages
 * cannot be built without a maintainer address); a release build also refuses empty values and
 * placeholders, however they are spelt (other letter case, full-width letters, `_` for spaces, a
 * trailing dot on a domain, invisible characters), and the app's own name as its publisher.
 */
export function publisherProblems(publisher, { release = false, file = 'build/publisher.json' } = {}) {
  if (publisher === null || typeof publisher !== 'object' || Array.isArray(publisher))
    return [`${file} must hold one JSON object with ${fields.join(', ')}.`]
  const problems = []
  for (const key of Object.keys(publisher)) {
    if (key !== '$comment' && !fields.includes(key))
      problems.push(`${file}: "${key}" is not a publisher field (expected ${fields.join(', ')}).`)
  }
  for (const key of fields) {
    if (typeof publisher[key] !== 'string') problems.push(`${file}: "${key}" must be text.`)
  }
  if (problems.length > 0) return problems

  const email = publisher.email.trim()
  const emailShape = /^[^\s@<>]+@([^\s@<>]+\.[^\s@<>]+)$/.exec(email)

  if (!emailShape)
    problems.push(
      `${file}: "email" must be an address like packaging@your-company.com (it is "${publisher.email}"); the Linux packages name it as their maintainer.`,
    )
  if (!release) return problems

  const nameProblem = namePlaceholder(publisher.name, {
    field: 'name',
    file,
    what: 'Set the organisation that publishes the installers (the MSI Manufacturer and package maintainer).',
  })
  if (nameProblem) problems.push(nameProblem)
  if (emailShape && invisible.test(email)) {
    problems.push(`${file}: "email" contains an invisible or control character. Type it again.`)
  } else {
    const domainProblem = emailShape ? placeholderDomain(emailShape[1]) : null
    if (domainProblem)
      problems.push(
        `${file}: "email" is a placeholder (${email}: ${domainProblem}). Set an address people can write to about the packages.`,
      )
  }
  problems.push(...windowsSubjectProblems(publisher.windowsPublisherName, file))
  return problems
}

const subjectHelp =
  'Set it to the Windows signing certificate\'s subject with its organisation and country, e.g. "CN=Acme Ltd, O=Acme Ltd, L=London, C=GB" (signtool or the certificate\'s Details tab show it); updates are only installed when their signer matches it.'

/**
 * Why `value` does not pin the Windows signer, as sentences; none when it is a distinguished name with a
 * real CN and O and a two-letter C. A bare CN is refused: any publicly trusted certificate can carry the
 * same common name, while the organisation and country are validated by the CA.
 */
export function windowsSubjectProblems(value, file = 'build/publisher.json') {
  const field = 'windowsPublisherName'
  const dn = parseDn(value.trim())
  if (dn.size === 0) {
    const placeholder = namePlaceholder(value, { field, file, what: subjectHelp })
    return [
      placeholder ??
        `${file}: "${field}" is a bare name ("${value.trim()}"): any publicly trusted certificate can carry the same CN. ${subjectHelp}`,
    ]
  }
  const problems = []
  for (const key of ['CN', 'O']) {
    const part = dn.get(key)
    if (part === undefined) continue
    const placeholder = namePlaceholder(part, { field: `${field}" ${key} "`, file, what: subjectHelp })
    if (placeholder) problems.push(placeholder.replace(`"${field}" ${key} ""`, `"${field}" ${key}`))
  }
  const missing = ['CN', 'O', 'C'].filter((key) => !dn.get(key))
  if (missing.length > 0) problems.push(`${file}: "${field}" has no ${missing.join(', ')}. ${subjectHelp}`)
  else if (!/^[A-Z]{2}$/.test(dn.get('C')))
    problems.push(`${file}: "${field}" C is "${dn.get('C')}", not a two-letter country code. ${subjectHelp}`)
  return problems
}

/** Whether a certificate subject (as Windows prints it) is the signer `name` pins, as the app decides. */
export function signerMatchesPublisher(subject, name) {
  const signer = parseDn(subject)
  const wanted = parseDn(name.trim())
  if (wanted.size === 0) return name.trim() !== '' && name.trim() === signer.get('CN')
  return [...wanted.keys()].every((key) => wanted.get(key) === signer.get(key))
}

/** The electron-builder settings the publisher details become. */
export function publisherBuilderConfig(publisher) {
  const config = {
    extraMetadata: { author: { name: publisher.name.trim(), email: publisher.email.trim() } },
  }
  const windowsName = publisher.windowsPublisherName.trim()
  // Unset, electron-builder takes the name from the certificate it signs with, and an unsigned build's
  // updates are not checked at all; set, an update whose signature names anyone else is refused.
  if (windowsName !== '') config.win = { signtoolOptions: { publisherName: windowsName } }
  return config
}

/**
 * The Windows signer names built into the app (electron.vite.config.ts → src/main/services/updates/
 * windows-publisher.ts): the one in the file, or none, in which case a Windows build refuses to install
 * updates. A malformed file stops the build rather than produce an app that cannot update.
 */
export function windowsPublisherNames(file = publisherFile) {
  const publisher = readPublisher(file)
  const problems = publisherProblems(publisher, { file })
  if (problems.length > 0) throw new Error(problems.join('\n'))
  const name = publisher.windowsPublisherName.trim()
  return name === '' ? [] : [name]
}

/** electron-builder's `extends` entry point: the settings from build/publisher.json, or a plain error. */
export default function publisherConfigForElectronBuilder() {
  const publisher = readPublisher()
  const problems = publisherProblems(publisher)
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return publisherBuilderConfig(publisher)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  if (args.length === 2 && args[0] === '--signer-matches') {
    // The Windows job's signtool step: is this certificate subject the signer build/publisher.json pins?
    const name = readPublisher().windowsPublisherName
    if (signerMatchesPublisher(args[1], name)) process.exit(0)
    console.error(`::error::Signed by "${args[1]}", not by "${name}" (build/publisher.json).`)
    process.exit(1)
  }
  if (args.length !== 1 || args[0] !== '--check') {
    console.error('Usage: node scripts/publisher.mjs --check | --signer-matches <certificate subject>')
    process.exit(1)
  }
  let problems
  try {
    problems = publisherProblems(readPublisher(), { release: true })
  } catch (err) {
    problems = [err.message]
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem)
    console.error('The publisher details are not ready for a release (docs/release.md, "Publisher details").')
    process.exit(1)
  }
  console.log('build/publisher.json is ready for a release.')
}
