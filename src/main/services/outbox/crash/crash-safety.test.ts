import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../../e2e/emulator'
import { wireId } from '../../../../../e2e/emulator/test-support'
import { sameJson } from '../../check-ins/recovery'
import { filesContaining } from '../../sync/testing/disk'
import { openOutboxStore } from '../outbox-store'
import { prepareChildCommand, repoRoot, type ChildCommand } from './child-command'
import { parseLines, type ChildEnv, type ChildLine } from './protocol'

// Crash-safety: the outbox and the sync engine run in a child process that is SIGKILLed at random
// moments while it queues work and delivers it, then started again on the same data directory, over
// and over. Two lanes run side by side (each its own data directory, project and goal). Afterwards:
// every acknowledged entry reached the server exactly once, the store always opened, no check-in was
// created twice, and no acknowledged save was lost.

const killsPerLane = 100
const appendsPerRun = 4
/** A child reports about a dozen lines (opened, appends, attempts, deliveries); kills aim at all of them. */
const linesToAimAt = 16
const maxKillDelayMs = 20

interface RunResult {
  lines: ChildLine[]
  killed: boolean
  code: number | null
  stderr: string
}

/** Kill the child `delayMs` after it wrote its `afterLine`-th line: timed by its progress, not the clock. */
interface KillPlan {
  afterLine: number
  delayMs: number
}

function runChild(command: ChildCommand, env: ChildEnv, kill: KillPlan | null): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, command.args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let timer: NodeJS.Timeout | undefined
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
      if (kill && timer === undefined && stdout.split('\n').length > kill.afterLine) {
        timer = setTimeout(() => child.kill('SIGKILL'), kill.delayMs)
      }
    })
    child.stderr.on('data', (chunk: string) => (stderr += chunk))
    child.on('error', fail)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      done({ lines: parseLines(stdout), killed: signal === 'SIGKILL', code, stderr })
    })
  })
}

interface Lane {
  dataDir: string
  projectUuid: string
  goalUuid: string
  runs: RunResult[]
}

describe('outbox and sync under SIGKILL', () => {
  let emulator: Emulator
  let command: ChildCommand

  beforeAll(async () => {
    emulator = await startEmulator()
    command = await prepareChildCommand()
  })
  afterAll(async () => {
    await emulator.close()
  })

  it(`loses nothing and duplicates nothing across ${2 * killsPerLane} random kills`, async () => {
    const lanes: Lane[] = [
      { projectUuid: SEED_IDS.projects.launchSite, goalUuid: SEED_IDS.goals.shipEngine },
      { projectUuid: SEED_IDS.projects.mobileBeta, goalUuid: SEED_IDS.goals.supportBacklog },
    ].map((lane) => ({ ...lane, dataDir: mkdtempSync(join(tmpdir(), 'crash-')), runs: [] }))

    // Every save of a lane starts from the description the lane found: one editor, opened once.
    const descriptionOf = (uuid: string) => emulator.state.projects.find((p) => p.id === uuid)!.description
    const bases = new Map(lanes.map((lane) => [lane, JSON.stringify(descriptionOf(lane.projectUuid))]))
    const envFor = (lane: Lane, index: number, label: string): ChildEnv => ({
      CRASH_DATA_DIR: lane.dataDir,
      CRASH_EMULATOR_URL: emulator.url,
      CRASH_TOKEN: emulator.tokens.write,
      CRASH_PROJECT_ID: wireId(emulator, lane.projectUuid),
      CRASH_BASE: bases.get(lane)!,
      CRASH_GOAL_ID: wireId(emulator, lane.goalUuid),
      CRASH_LABEL: `lane ${index} ${label}`,
      CRASH_APPENDS: String(appendsPerRun),
    })

    await Promise.all(
      lanes.map(async (lane, index) => {
        let kills = 0
        for (let run = 0; kills < killsPerLane; run++) {
          const plan = {
            afterLine: 1 + Math.floor(Math.random() * linesToAimAt),
            delayMs: Math.random() * maxKillDelayMs,
          }
          const result = await runChild(command, envFor(lane, index, `run ${run}`), plan)
          lane.runs.push(result)
          if (result.killed) kills++
          else expect(result.code, `${result.stderr}\n${JSON.stringify(result.lines.slice(-3))}`).toBe(0)
        }
        // One last run nobody interrupts: it delivers whatever is left.
        const last = await runChild(command, envFor(lane, index, 'final'), null)
        lane.runs.push(last)
        expect(last.code, `${last.stderr}\n${JSON.stringify(last.lines.slice(-3))}`).toBe(0)
        expect(last.lines.at(-1)).toEqual({ t: 'drained' })
      }),
    )

    const allRuns = lanes.flatMap((lane) => lane.runs)
    expect(allRuns.filter((r) => r.killed).length).toBeGreaterThanOrEqual(2 * killsPerLane)
    // Kills landed in every phase: after acknowledgements, after attempts, after deliveries.
    for (const t of ['ack', 'attempt', 'delivered'] as const) {
      expect(allRuns.filter((r) => r.killed && r.lines.at(-1)?.t === t).length, t).toBeGreaterThan(0)
    }
    // The store opened every time, and an atomic write never left a damaged entry behind.
    for (const run of allRuns) {
      const opened = run.lines.find((line) => line.t === 'opened')
      expect(opened, run.stderr).toBeDefined()
      expect(opened).toMatchObject({ damaged: 0 })
    }

    // No check-in was ever created twice, acknowledged or not.
    const created = new Map<string, number>()
    for (const c of emulator.state.checkIns) {
      const key = JSON.stringify(c.message)
      created.set(key, (created.get(key) ?? 0) + 1)
    }
    expect([...created.entries()].filter(([, n]) => n > 1)).toEqual([])

    for (const lane of lanes) {
      const store = await openOutboxStore({ dir: join(lane.dataDir, 'outbox') })
      expect(store.list()).toEqual([])
      const lines = lane.runs.flatMap((run) => run.lines)

      // Every acknowledged check-in is on the server exactly once.
      const acked = lines.flatMap((line) =>
        line.t === 'ack' && line.kind === 'check-in' ? [line.message] : [],
      )
      expect(acked.length).toBeGreaterThan(killsPerLane / 10)
      for (const message of acked) {
        const onServer = emulator.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(message)))
        expect(onServer, message).toHaveLength(1)
      }

      // The server holds the last acknowledged save, or one the user made after it (acknowledged or not).
      const saves = lines.flatMap((line) =>
        (line.t === 'ack' || line.t === 'appending') && line.kind === 'description' ? [line] : [],
      )
      const lastAck = saves.map((line) => line.t).lastIndexOf('ack')
      expect(lastAck).toBeGreaterThan(0)
      const allowed = saves.slice(lastAck).map((line) => line.text)
      const onServer = descriptionOf(lane.projectUuid)
      expect(
        allowed.some((text) => sameJson(onServer, JSON.parse(text))),
        `server has ${JSON.stringify(onServer)}`,
      ).toBe(true)

      expect(filesContaining(lane.dataDir, Object.values(emulator.tokens))).toEqual([])
    }
    // A cap, not a measure: 120-190 s on a quiet two-core machine, near 240 s when the machine is busy.
  }, 480_000)
})
