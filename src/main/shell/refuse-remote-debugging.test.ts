import { beforeEach, describe, expect, it, vi } from 'vitest'
import { refuseRemoteDebugging } from './refuse-remote-debugging'
import { app, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`)
  }
}

function run(argv: string[]) {
  const lines: string[] = []
  let code: number | null = null
  try {
    refuseRemoteDebugging({
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
  return { lines, code }
}

describe('refuseRemoteDebugging', () => {
  beforeEach(() => resetFakeElectron())

  it('makes a packaged app leave with status 1 and a message on stderr when started with --remote-debugging-port 9222', () => {
    app.isPackaged = true
    const { lines, code } = run(['/opt/operately-tray', '--remote-debugging-port', '9222'])
    expect(code).toBe(1)
    expect(lines).toEqual([
      'Operately Tray does not start with --remote-debugging-port: remote debugging would let other programs control it.\n',
    ])
  })

  it('leaves even when the message cannot be written (no stderr)', () => {
    app.isPackaged = true
    let code: number | null = null
    try {
      refuseRemoteDebugging({
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
    expect(run(['/opt/operately-tray', '--hidden'])).toEqual({ lines: [], code: null })
    app.isPackaged = false
    expect(run(['electron', '/repo', '--remote-debugging-port=0'])).toEqual({ lines: [], code: null })
  })
})
