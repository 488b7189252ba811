#!/usr/bin/env node
// What a release consists of: the installers electron-builder.yml makes on each platform, the update feed
// file beside them, and what the verification steps expect them to say. Used by the release workflows
// (docs/release.md):
//
//   node scripts/release-files.mjs facts
//       EXPECT_* lines (for $GITHUB_ENV) the verification steps compare the installers with
//   node scripts/release-files.mjs collect <mac|win|linux> <target…> [--from dist] [--to release]
//       copies each target's installer, its blockmap and the platform's feed file to release/; fails
//       when a target's file is missing or the feed does not describe the files exactly
//   node scripts/release-files.mjs check <folder>
//       the folder holds every platform's installers and feeds, each feed matches its files, each feed's
//       signature (<feed>.sig) verifies with a key built into the app, and SHA256SUMS
//       (when there) matches the Linux packages; run before anything is published
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { readPublisher } from './publisher.mjs'
import { builtInPublicKeys, signatureMatches } from './sign-feeds.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

export const platforms = ['mac', 'win', 'linux']

/** The feed file electron-updater reads on each platform (x64 Linux; arm64 would be latest-linux-arm64.yml). */
export const feedFiles = { mac: 'latest-mac.yml', win: 'latest.yml', linux: 'latest-linux.yml' }

/** electron-builder.yml, package.json and build/publisher.json, as read from the project. */
export function readProject(dir = root) {
  return {
    builder: yaml.load(readFileSync(join(dir, 'electron-builder.yml'), 'utf8')),
    manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
    publisher: readPublisher(join(dir, 'build', 'publisher.json')),
  }
}

/** The targets electron-builder.yml builds for a platform, e.g. ['deb', 'rpm', 'AppImage']. */
export function builderTargets(builder, platform) {
  const targets = builder?.[platform]?.target ?? []
  return (Array.isArray(targets) ? targets : [targets]).map((entry) =>
    typeof entry === 'string' ? entry : entry.target,
  )
}

const expand = (pattern, values) =>
  pattern.replace(/\$\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole))

/**
 * The file a target's installer is written to, from the artifactName patterns in electron-builder.yml
 * (deb and rpm use electron-builder's own names). The architecture is the one each target is built for
 * in CI: universal on macOS, x64 elsewhere, spelt the way each format spells it.
 */
export function installerFile({ builder, manifest }, target) {
  const values = { name: manifest.name, productName: manifest.productName, version: manifest.version }
  const pattern = {
    dmg: [builder.dmg?.artifactName, 'universal'],
    zip: [builder.mac?.artifactName, 'universal'],
    nsis: [builder.nsis?.artifactName, 'x64'],
    msi: [builder.msi?.artifactName, 'x64'],
    deb: [builder.deb?.artifactName ?? '${name}_${version}_${arch}.${ext}', 'amd64'],
    rpm: [builder.rpm?.artifactName ?? '${name}-${version}.${arch}.${ext}', 'x86_64'],
    AppImage: [builder.appImage?.artifactName, 'x86_64'],
  }[target]
  if (!pattern?.[0]) throw new Error(`No installer file name is known for the target "${target}".`)
  const ext = { nsis: 'exe', AppImage: 'AppImage' }[target] ?? target
  return expand(pattern[0], { ...values, arch: pattern[1], ext })
}

/** What the verification steps compare the built installers with, as NAME=value lines. */
export function releaseFacts({ builder, manifest, publisher }) {
  return {
    EXPECT_VERSION: manifest.version,
    EXPECT_PRODUCT_NAME: manifest.productName,
    EXPECT_MANUFACTURER: publisher.name.trim(),
    EXPECT_MAINTAINER: `${publisher.name.trim()} <${publisher.email.trim()}>`,
    EXPECT_WINDOWS_PUBLISHER: publisher.windowsPublisherName.trim(),
    EXPECT_MSI_UPGRADE_CODE: String(builder.msi?.upgradeCode ?? '').toUpperCase(),
  }
}

const sha512 = (file) => createHash('sha512').update(readFileSync(file)).digest('base64')

/**
 * Whether a feed file (latest*.yml) describes files that are really in `dir`: the version, and for each
 * file its size and SHA-512, which electron-updater checks after downloading. Problems as sentences.
 */
export function feedProblems(feedText, dir, { version, feedName = 'the feed' }) {
  let feed
  try {
    feed = yaml.load(feedText)
  } catch (err) {
    return [`${feedName} is not valid YAML: ${err.message}`]
  }
  if (!feed || typeof feed !== 'object') return [`${feedName} is empty.`]
  const problems = []
  if (String(feed.version) !== version)
    problems.push(`${feedName} announces version ${feed.version}, not ${version}.`)
  const files = Array.isArray(feed.files) ? feed.files : []
  if (files.length === 0) problems.push(`${feedName} names no files.`)
  for (const entry of files) {
    const file = join(dir, String(entry.url))
    if (!existsSync(file)) {
      problems.push(`${feedName} names ${entry.url}, which is not there.`)
      continue
    }
    if (entry.size !== undefined && entry.size !== statSync(file).size)
      problems.push(`${feedName}: ${entry.url} is ${statSync(file).size} bytes, the feed says ${entry.size}.`)
    if (entry.sha512 !== sha512(file))
      problems.push(`${feedName}: the SHA-512 of ${entry.url} is not the one the feed gives.`)
  }
  if (feed.path !== undefined && !files.some((entry) => entry.url === feed.path))
    problems.push(`${feedName}: its path (${feed.path}) is not among its files.`)
  return problems
}

/** Whether SHA256SUMS in `dir` matches the files it lists (and lists every one of `required`). */
export function checksumProblems(dir, required) {
  const sumsFile = join(dir, 'SHA256SUMS')
  if (!existsSync(sumsFile)) return ['SHA256SUMS is missing.']
  const listed = new Map()
  for (const line of readFileSync(sumsFile, 'utf8').split('\n').filter(Boolean)) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (!match) return [`SHA256SUMS has a line that is not "<sha256>  <file>": ${line}`]
    listed.set(match[2], match[1])
  }
  const problems = []
  for (const file of required) if (!listed.has(file)) problems.push(`SHA256SUMS does not list ${file}.`)
  for (const [file, hash] of listed) {
    const path = join(dir, file)
    if (!existsSync(path)) problems.push(`SHA256SUMS lists ${file}, which is not there.`)
    else if (createHash('sha256').update(readFileSync(path)).digest('hex') !== hash)
      problems.push(`SHA256SUMS: ${file} does not have the checksum listed.`)
  }
  return problems
}

/** Copies one platform's installers, their blockmaps and the feed from `from` to `to`; returns problems. */
export function collect(project, platform, targets, { from, to }) {
  const problems = []
  const copied = []
  mkdirSync(to, { recursive: true })
  for (const target of targets) {
    let file
    try {
      file = installerFile(project, target)
    } catch (err) {
      problems.push(err.message)
      continue
    }
    if (!existsSync(join(from, file))) {
      problems.push(`The ${target} installer ${file} was not built (nothing in ${from}).`)
      continue
    }
    for (const name of [file, `${file}.blockmap`]) {
      if (!existsSync(join(from, name))) continue
      copyFileSync(join(from, name), join(to, name))
      copied.push(name)
    }
  }
  const feedName = feedFiles[platform]
  if (!existsSync(join(from, feedName))) {
    problems.push(`The update feed ${feedName} was not written (is OPERATELY_TRAY_UPDATE_URL set?).`)
  } else {
    copyFileSync(join(from, feedName), join(to, feedName))
    copied.push(feedName)
    problems.push(
      ...feedProblems(readFileSync(join(to, feedName), 'utf8'), to, {
        version: project.manifest.version,
        feedName,
      }),
    )
  }
  return { copied, problems }
}

/** Whether every feed in `dir` carries a signature a key built into the app accepts; problems as sentences. */
export function feedSignatureProblems(dir, publicKeyPems = builtInPublicKeys()) {
  return platforms.flatMap((platform) => {
    const feedName = feedFiles[platform]
    const signatureFile = join(dir, `${feedName}.sig`)
    if (!existsSync(join(dir, feedName))) return []
    if (!existsSync(signatureFile))
      return [`${feedName}.sig is missing: installed copies refuse an unsigned feed.`]
    const matches = signatureMatches(
      readFileSync(join(dir, feedName)),
      feedName,
      readFileSync(signatureFile, 'latin1'),
      publicKeyPems,
    )
    return matches ? [] : [`${feedName}.sig does not verify with a public key built into the app.`]
  })
}

/** Everything a release folder must hold before it is published; returns problems. */
export function checkRelease(project, dir, { feedPublicKeys = builtInPublicKeys() } = {}) {
  const problems = []
  for (const platform of platforms) {
    for (const target of builderTargets(project.builder, platform)) {
      const file = installerFile(project, target)
      if (!existsSync(join(dir, file))) problems.push(`The ${target} installer ${file} is missing.`)
    }
    const feedName = feedFiles[platform]
    if (!existsSync(join(dir, feedName))) problems.push(`The update feed ${feedName} is missing.`)
    else
      problems.push(
        ...feedProblems(readFileSync(join(dir, feedName), 'utf8'), dir, {
          version: project.manifest.version,
          feedName,
        }),
      )
  }
  problems.push(...feedSignatureProblems(dir, feedPublicKeys))
  const linuxFiles = builderTargets(project.builder, 'linux').map((target) => installerFile(project, target))
  problems.push(...checksumProblems(dir, linuxFiles))
  return problems
}

function main(args) {
  const [command, ...rest] = args
  const project = readProject()
  if (command === 'facts' && rest.length === 0) {
    for (const [name, value] of Object.entries(releaseFacts(project))) console.log(`${name}=${value}`)
    return 0
  }
  if (command === 'collect' && platforms.includes(rest[0])) {
    const option = (name, fallback) => {
      const at = rest.indexOf(name)
      return resolve(at >= 0 ? rest.splice(at, 2)[1] : fallback)
    }
    const from = option('--from', 'dist')
    const to = option('--to', 'release')
    const [platform, ...targets] = rest
    const expected = builderTargets(project.builder, platform)
    const unlisted = expected.filter((target) => !targets.includes(target))
    const { copied, problems } = collect(project, platform, targets, { from, to })
    if (unlisted.length > 0)
      problems.push(
        `electron-builder.yml also builds ${unlisted.join(', ')} for ${platform}, which was not collected.`,
      )
    for (const name of copied) console.log(`  ${name}`)
    for (const problem of problems) console.error(`::error::${problem}`)
    return problems.length > 0 ? 1 : 0
  }
  if (command === 'check' && rest.length === 1) {
    const problems = checkRelease(project, resolve(rest[0]))
    for (const problem of problems) console.error(`::error::${problem}`)
    if (problems.length === 0)
      console.log(`${rest[0]} holds every installer, each feed matches its files, and every feed is signed.`)
    return problems.length > 0 ? 1 : 0
  }
  console.error(
    'Usage: node scripts/release-files.mjs facts | collect <mac|win|linux> <target…> [--from dist] [--to release] | check <folder>',
  )
  return 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)))
}
