#!/usr/bin/env node
// Reads the fuses back from a packaged app and fails unless each one is as electron-builder.yml sets it:
//
//   node scripts/check-fuses.mjs "dist/mac-universal/Operately Tray.app"
//   node scripts/check-fuses.mjs "dist/win-unpacked/Operately Tray.exe"
//   node scripts/check-fuses.mjs dist/linux-unpacked/operately-tray
//
// electron-builder flips the fuses while packaging; this proves the shipped binary carries them. It reads
// the fuse wire with @electron/fuses' own sentinel and names (the library `npx @electron/fuses read`
// uses), in every slice of the file: a universal Mac binary holds one wire per architecture, and
// `@electron/fuses read` shows only the first.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'

const require = createRequire(import.meta.url)
const { FuseV1Options, FuseVersion } = require('@electron/fuses')
const { FuseState, SENTINEL } = require('@electron/fuses/dist/constants')

const stateName = {
  [FuseState.ENABLE]: 'Enabled',
  [FuseState.DISABLE]: 'Disabled',
  [FuseState.INHERIT]: 'Inherited',
  [FuseState.REMOVED]: 'Removed',
}

/** The fuse names of electron-builder.yml's electronFuses (runAsNode → RunAsNode), with on or off. */
export function expectedFuses(electronFuses) {
  const expected = {}
  for (const [key, value] of Object.entries(electronFuses ?? {})) {
    const name = key[0].toUpperCase() + key.slice(1)
    // Settings of how fuses are flipped, not fuses.
    if (!(name in FuseV1Options)) continue
    expected[name] = value ? 'Enabled' : 'Disabled'
  }
  return expected
}

/** Every fuse wire in the binary: { version, fuses: { RunAsNode: 'Disabled', … } }, one per slice. */
export function readFuseWires(binary) {
  const wires = []
  for (let at = binary.indexOf(SENTINEL); at !== -1; at = binary.indexOf(SENTINEL, at + 1)) {
    const position = at + SENTINEL.length
    const version = String(binary[position])
    const length = binary[position + 1] ?? 0
    const fuses = {}
    for (let i = 0; i < length; i += 1) {
      const name = FuseV1Options[i] ?? `fuse ${i}`
      fuses[name] = stateName[binary[position + 2 + i]] ?? `unknown (${binary[position + 2 + i]})`
    }
    wires.push({ version, fuses })
  }
  return wires
}

/** What differs from the configuration, one sentence each; empty when every slice is as configured. */
export function fuseProblems(wires, expected) {
  if (wires.length === 0) return ['No fuse wire in the binary: is this an Electron app?']
  const problems = []
  wires.forEach((wire, index) => {
    const slice = wires.length > 1 ? ` (slice ${index + 1} of ${wires.length})` : ''
    if (wire.version !== FuseVersion.V1) {
      problems.push(`The fuse wire is version ${wire.version}${slice}; this check reads version 1.`)
      return
    }
    for (const [name, state] of Object.entries(expected)) {
      const actual = wire.fuses[name]
      if (actual === undefined) problems.push(`${name} is not in the fuse wire${slice}.`)
      else if (actual !== state)
        problems.push(`${name} is ${actual}${slice}, electron-builder.yml sets it ${state}.`)
    }
  })
  return problems
}

/** The file holding the fuse wire: in a Mac app, the Electron framework (as @electron/fuses finds it). */
export function fuseFile(appPath) {
  return appPath.endsWith('.app')
    ? join(appPath, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework')
    : appPath
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [appPath] = process.argv.slice(2)
  if (!appPath) {
    console.error('Usage: node scripts/check-fuses.mjs <packaged app or executable>')
    process.exit(2)
  }
  const root = fileURLToPath(new URL('..', import.meta.url))
  const builder = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
  const expected = expectedFuses(builder.electronFuses)
  const wires = readFuseWires(readFileSync(fuseFile(appPath)))
  wires.forEach((wire, index) => {
    console.log(`${fuseFile(appPath)}, fuse wire ${index + 1} of ${wires.length} (version ${wire.version}):`)
    for (const [name, state] of Object.entries(wire.fuses)) console.log(`  ${name} is ${state}`)
  })
  const problems = fuseProblems(wires, expected)
  for (const problem of problems) console.error(`::error::${problem}`)
  if (problems.length > 0) process.exit(1)
  console.log(`Every fuse is as electron-builder.yml sets it (${Object.keys(expected).length} fuses).`)
}
