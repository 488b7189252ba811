import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { refuseRemoteDebugging, unfusedTestBuildKey } from './refuse-remote-debugging'
import { app, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`)
  }
}

// Built with the platform's join, as the code builds its paths: on Windows both use backslashes.
const asar = join('/opt/operately-tray', 'resources', 'app.asar')
const mainDir = join(asar, 'out', 'main')
const releaseManifest = JSON.stringify({ name: 'operately-tray', version: '0.1.0' })

function run(argv: string[], manifest = releaseManifest) {
  const lines: string[] = []
  const readPaths: string[] = []
  let code: number | null = null
  try {
    refuseRemoteDebugging({
      mainDir,
      read: (path) => (readPaths.push(path), manifest),
      argv,
      platform: 'linux',
      write: (line) => void lines.push(line),
      exit: (exitCode) => {
        throw new Exited(exitCode)
      },
    })
  } catch (err) {
    if (!(err instanceof Exited)) throw err
    code = err.code
  }
  return { lines, code, readPaths }
}

describe('refuseRemoteDebugging', () => {
  beforeEach(() => resetFakeElectron())

  it('makes a packaged app leave with status 1 and a message on stderr when started with --remote-debugging-port 9222', () => {
    app.isPackaged = true
    const { lines, code, readPaths } = run(['/opt/operately-tray', '--remote-debugging-port', '9222'])
    expect(code).toBe(1)
    expect(readPaths).toEqual([join(asar, 'package.json')])
    expect(lines).toEqual([
      'Operately Tray does not start with --remote-debugging-port: remote debugging would let other programs control it.\n',
    ])
  })

  it('leaves even when the message cannot be written (no stderr)', () => {
    app.isPackaged = true
    let code: number | null = null
    try {
      refuseRemoteDebugging({
        mainDir,
        read: () => releaseManifest,
        argv: ['/opt/operately-tray', '--remote-debugging-pipe'],
        platform: 'linux',
        write: () => {
          throw new Error('EBADF')
        },
        exit: (exitCode) => {
          throw new Exited(exitCode)
        },
      })
    } catch (err) {
      if (!(err instanceof Exited)) throw err
      code = err.code
    }
    expect(code).toBe(1)
  })

  it('lets a packaged app start without the switches, and a development build start with them', () => {
    app.isPackaged = true
    expect(run(['/opt/operately-tray', '--hidden'])).toMatchObject({ lines: [], code: null })
    app.isPackaged = false
    expect(run(['electron', '/repo', '--remote-debugging-port=0'])).toMatchObject({ lines: [], code: null })
  })

  it('lets the unfused test build start with it (Playwright drives that build), and refuses when its manifest cannot be read', () => {
    app.isPackaged = true
    const testBuild = JSON.stringify({ name: 'operately-tray', [unfusedTestBuildKey]: true })
    const driven = ['/opt/operately-tray', '--inspect=0', '--remote-debugging-port=0']
    expect(run(driven, testBuild)).toMatchObject({ lines: [], code: null })
    expect(run(driven, 'not json')).toMatchObject({ code: 1 })
  })
})
