import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { loadPolicy } from '../services/policy/load-policy'
import { systemPolicyReaders, type ExecFile } from './policy-sources'

const fixture = (name: string) =>
  readFileSync(new URL(`../services/policy/fixtures/${name}`, import.meta.url), 'utf8')

describe('Linux policy file', () => {
  it('is read from disk, and its absence means no policy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-'))
    const file = join(dir, 'policy.json')
    const readers = systemPolicyReaders({ platform: 'linux', linuxPolicyFile: file })
    expect(await readers.linuxPolicyFile?.()).toBeNull()

    writeFileSync(file, '{"ServerUrl": "operately.acme.example", "AutoUpdate": false}')
    const policy = await loadPolicy({ platform: 'linux', readers, log: silentLogger })
    expect(policy.machine).toEqual({ serverUrl: 'https://operately.acme.example', autoUpdate: false })
  })

  it('reports a policy path it cannot read as a warning, and the app carries on', async () => {
    // A folder where the file should be: unreadable as a file for every user, root included.
    const dir = mkdtempSync(join(tmpdir(), 'policy-'))
    const file = join(dir, 'policy.json')
    mkdirSync(file)
    const policy = await loadPolicy({
      platform: 'linux',
      readers: systemPolicyReaders({ platform: 'linux', linuxPolicyFile: file }),
      log: silentLogger,
    })
    expect(policy.machine).toEqual({})
    expect(policy.warnings).toEqual([
      `The policy in /etc/operately-tray/policy.json was ignored: could not read ${file} (EISDIR).`,
    ])
  })
})

describe('Windows registry', () => {
  it('runs reg.exe from System32 for HKLM then HKCU and reads its output', async () => {
    const calls: string[][] = []
    const execFile: ExecFile = async (file, args) => {
      calls.push([file, ...args])
      if (args[1]?.startsWith('HKLM')) return { stdout: fixture('reg-query-hklm.txt') }
      // reg.exe's answer when the key does not exist: exit code 1.
      throw Object.assign(new Error('Command failed: reg query'), { code: 1 })
    }
    const readers = systemPolicyReaders({ platform: 'win32', env: { SystemRoot: 'C:\\Windows' }, execFile })
    const policy = await loadPolicy({ platform: 'win32', readers, log: silentLogger })
    expect(calls).toEqual([
      [join('C:\\Windows', 'System32', 'reg.exe'), 'query', 'HKLM\\SOFTWARE\\Policies\\OperatelyTray'],
      [join('C:\\Windows', 'System32', 'reg.exe'), 'query', 'HKCU\\SOFTWARE\\Policies\\OperatelyTray'],
    ])
    expect(policy.machine.lockServerUrl).toBe(true)
    expect(policy.user).toEqual({})
    expect(policy.warnings).toEqual([])
  })

  it('turns a reg.exe that cannot run into a warning', async () => {
    const execFile: ExecFile = async () => {
      throw Object.assign(new Error('spawn reg.exe ENOENT'), { code: 'ENOENT' })
    }
    const policy = await loadPolicy({
      platform: 'win32',
      readers: systemPolicyReaders({ platform: 'win32', env: {}, execFile }),
      log: silentLogger,
    })
    expect(policy.warnings).toHaveLength(2)
    expect(policy.warnings[0]).toContain('could not run reg.exe')
  })
})

describe('macOS managed preferences', () => {
  it('converts the device and user files with plutil, and skips those that do not exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'managed-'))
    mkdirSync(join(dir, 'ana'))
    writeFileSync(join(dir, 'com.operately.tray.plist'), 'binary plist')
    const calls: string[][] = []
    const execFile: ExecFile = async (file, args) => {
      calls.push([file, ...args])
      return { stdout: fixture('managed-preferences-machine.xml') }
    }
    const readers = systemPolicyReaders({
      platform: 'darwin',
      managedPreferencesDir: dir,
      userName: 'ana',
      execFile,
    })
    const policy = await loadPolicy({ platform: 'darwin', readers, log: silentLogger })
    expect(calls).toEqual([
      ['/usr/bin/plutil', '-convert', 'xml1', '-o', '-', join(dir, 'com.operately.tray.plist')],
    ])
    expect(policy.machine.serverUrl).toBe('https://operately.acme.example')
    expect(policy.sources.map((source) => source.scope)).toEqual(['machine'])

    writeFileSync(join(dir, 'ana', 'com.operately.tray.plist'), 'binary plist')
    await loadPolicy({ platform: 'darwin', readers, log: silentLogger })
    expect(calls.at(-1)).toEqual([
      '/usr/bin/plutil',
      '-convert',
      'xml1',
      '-o',
      '-',
      join(dir, 'ana', 'com.operately.tray.plist'),
    ])
  })
})

it('has no readers on other systems', () => {
  expect(systemPolicyReaders({ platform: 'freebsd' })).toEqual({})
})
