// The publisher of the installers, from build/publisher.json: the one file IT or a maintainer edits.
//
//   name                  package.json `author` of the shipped app, hence the MSI Manufacturer, the
//                         "Publisher" in Windows' installed apps, and the name in the deb/rpm Maintainer
//   email                 the address in the deb/rpm Maintainer field
//   windowsPublisherName  exactly the subject name (CN) of the Windows signing certificate; written into
//                         the app's update configuration, where electron-updater compares it with the
//                         signature of every downloaded update
//
// electron-builder.yml `extends` this module, so every build (npm run package, or electron-builder run
// by hand) gets these values. `node scripts/publisher.mjs --check` says whether they are fit for a
// release, which is what `npm run package -- --release` and the release workflow enforce.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

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
const placeholderWord = /\b(example|placeholder|todo|tbd|changeme)\b/i

function placeholderDomain(domain) {
  if (reservedTld.test(domain)) return `.${domain.split('.').pop()} addresses are never delivered`
  if (exampleDomain.test(domain)) return `${domain} is an example domain`
  return null
}

/**
 * What is wrong with the publisher details, as sentences a maintainer can act on; empty when they are
 * fine. Every build needs the three fields to be strings and an email to exist (the Linux packages
 * cannot be built without a maintainer address); a release build also refuses empty values and
 * placeholders.
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

  const name = publisher.name.trim()
  const email = publisher.email.trim()
  const windowsName = publisher.windowsPublisherName.trim()
  const emailShape = /^[^\s@<>]+@([^\s@<>]+\.[^\s@<>]+)$/.exec(email)

  if (!emailShape)
    problems.push(
      `${file}: "email" must be an address like packaging@your-company.com (it is "${publisher.email}"); the Linux packages name it as their maintainer.`,
    )
  if (!release) return problems

  if (name === '')
    problems.push(
      `${file}: "name" is empty. Set the organisation that publishes the installers (the MSI Manufacturer and package maintainer).`,
    )
  else if (placeholderWord.test(name))
    problems.push(`${file}: "name" is a placeholder ("${name}"). Set the publishing organisation's name.`)
  const domainProblem = emailShape ? placeholderDomain(emailShape[1]) : null
  if (domainProblem)
    problems.push(
      `${file}: "email" is a placeholder (${email}: ${domainProblem}). Set an address people can write to about the packages.`,
    )
  if (windowsName === '')
    problems.push(
      `${file}: "windowsPublisherName" is empty. Set it to the subject name (CN) of the Windows signing certificate, exactly; updates are only installed when their signature matches it.`,
    )
  else if (placeholderWord.test(windowsName))
    problems.push(
      `${file}: "windowsPublisherName" is a placeholder ("${windowsName}"). Set the subject name (CN) of the Windows signing certificate.`,
    )
  return problems
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
  if (args.length !== 1 || args[0] !== '--check') {
    console.error('Usage: node scripts/publisher.mjs --check')
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
