import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { expectedFuses, fuseFile, fuseProblems, readFuseWires } from './check-fuses.mjs'

// The fuse check the installers job runs on each packaged app, against binaries made here: bytes with a
// fuse wire where Electron has one, its fuses flipped by @electron/fuses itself (what electron-builder
// calls while packaging), one wire for Windows and Linux, two for a universal Mac binary.

const require = createRequire(import.meta.url)
const fuses = require('@electron/fuses') as {
  flipFuses: (path: string, config: Record<string, unknown>) => Promise<number>
  FuseV1Options: Record<string, number>
}
const { SENTINEL, FuseState } = require('@electron/fuses/dist/constants') as {
  SENTINEL: string
  FuseState: Record<string, number>
}
const root = fileURLToPath(new URL('..', import.meta.url))
const script = join(root, 'scripts', 'check-fuses.mjs')
const configured = (
  yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
    electronFuses: Record<string, unknown>
  }
).electronFuses
const expected = expectedFuses(configured)

/** An unfused Electron-like binary: every fuse in Electron's default state, `slices` wires. */
function binary(slices = 1): Buffer {
  const filler = Buffer.alloc(64, 0x2a)
  const defaults = [
    FuseState['ENABLE'],
    FuseState['DISABLE'],
    FuseState['ENABLE'],
    FuseState['ENABLE'],
    FuseState['DISABLE'],
    FuseState['DISABLE'],
    FuseState['DISABLE'],
    FuseState['ENABLE'],
  ] as number[]
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, defaults.length, ...defaults])])
  return Buffer.concat(
    Array.from({ length: slices }, () => [filler, wire])
      .flat()
      .concat(filler),
  )
}

/** What electron-builder hands @electron/fuses: each configured fuse by its index. */
function flipConfig(electronFuses: Record<string, unknown>): Record<string, unknown> {
  const config: Record<string, unknown> = { version: '1' }
  for (const [key, value] of Object.entries(electronFuses)) {
    const index = fuses.FuseV1Options[key[0]?.toUpperCase() + key.slice(1)]
    if (index !== undefined) config[index] = value
  }
  return config
}

const temp = () => mkdtempSync(join(tmpdir(), 'fuses-'))
const check = (path: string) => spawnSync(process.execPath, [script, path], { encoding: 'utf8' })

describe('reading the fuses back from a packaged app', () => {
  it('names every fuse electron-builder.yml sets, and none of the settings about flipping', () => {
    expect(expected).toEqual({
      RunAsNode: 'Disabled',
      EnableCookieEncryption: 'Enabled',
      EnableNodeOptionsEnvironmentVariable: 'Disabled',
      EnableNodeCliInspectArguments: 'Disabled',
      EnableEmbeddedAsarIntegrityValidation: 'Enabled',
      OnlyLoadAppFromAsar: 'Enabled',
      LoadBrowserProcessSpecificV8Snapshot: 'Disabled',
      GrantFileProtocolExtraPrivileges: 'Disabled',
    })
  })

  it('passes a binary whose fuses @electron/fuses flipped as configured', async () => {
    const file = join(temp(), 'operately-tray')
    writeFileSync(file, binary())
    await fuses.flipFuses(file, flipConfig(configured))
    expect(fuseProblems(readFuseWires(readFileSync(file)), expected)).toEqual([])
    const run = check(file)
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('RunAsNode is Disabled')
  })

  it('fails an unfused binary, naming each fuse that is not as configured', () => {
    const file = join(temp(), 'operately-tray')
    writeFileSync(file, binary())
    const run = check(file)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('::error::RunAsNode is Enabled, electron-builder.yml sets it Disabled.')
    expect(run.stderr).toContain('EnableNodeCliInspectArguments is Enabled')
  })

  it('fails a file without a fuse wire', () => {
    const file = join(temp(), 'not-electron')
    writeFileSync(file, Buffer.alloc(128, 1))
    expect(check(file).status).toBe(1)
    expect(fuseProblems([], expected)).toEqual(['No fuse wire in the binary: is this an Electron app?'])
  })

  it('reads both slices of a universal Mac app, in its Electron framework, and fails when one slice is unfused', async () => {
    const app = join(temp(), 'Operately Tray.app')
    const framework = fuseFile(app)
    mkdirSync(join(framework, '..'), { recursive: true })
    writeFileSync(framework, binary(2))
    await fuses.flipFuses(app, flipConfig(configured))
    expect(readFuseWires(readFileSync(framework))).toHaveLength(2)
    expect(check(app).status).toBe(0)
    // One slice as Electron ships it: the check must not stop at the first wire.
    const bytes = readFileSync(framework)
    const second = bytes.lastIndexOf(SENTINEL) + SENTINEL.length + 2
    bytes[second] = FuseState['ENABLE'] as number
    writeFileSync(framework, bytes)
    const run = check(app)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('RunAsNode is Enabled (slice 2 of 2)')
  })
})
