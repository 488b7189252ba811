import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIG_SEED, startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, okJson, post, message, wireId } from './test-support'
import type { Emulator } from './types'

const clock = new Date('2026-03-10T12:00:00Z')

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ seed: 'big', now: () => clock })
})
afterAll(() => emu.close())

describe('the big company seed', () => {
  it('holds 10,000 goals with targets and checklists, 5,000 projects and 1,000 people', () => {
    expect(emu.state.goals).toHaveLength(BIG_SEED.goals)
    expect(emu.state.projects).toHaveLength(BIG_SEED.projects)
    expect(emu.state.people).toHaveLength(BIG_SEED.people)
    expect(emu.state.goals.every((g) => g.checks.length > 0)).toBe(true)
    expect(emu.state.goals.filter((g) => g.targets.length > 0).length).toBeGreaterThan(9_990)
    expect(new Set(emu.state.goals.map((g) => g.id)).size).toBe(BIG_SEED.goals)
    expect(new Set(emu.state.projects.map((p) => p.id)).size).toBe(BIG_SEED.projects)
    expect(new Set(emu.state.people.map((p) => p.id)).size).toBe(BIG_SEED.people)
  })

  it('keeps the usual seed inside it, so every usual id and right still holds', () => {
    expect(emu.state.people[0]!.fullName).toBe('Ada Lovelace')
    expect(emu.state.goals.some((g) => g.id === SEED_IDS.goals.shipEngine)).toBe(true)
    expect(emu.state.projects.some((p) => p.id === SEED_IDS.projects.launchSite)).toBe(true)
  })

  it('gives Ada exactly 200 assignments, from the API as the app reads them', async () => {
    expect(await okJson(get(emu, 'people/get_assignments_count'))).toEqual({ count: BIG_SEED.assignments })
  })

  it('lists every goal and project Ada can see over the API', async () => {
    const goals = (await okJson(get(emu, 'goals/list'))).goals as unknown[]
    const projects = (await okJson(get(emu, 'projects/list'))).projects as unknown[]
    // The usual seed's one goal and one project Ada may not see stay hidden.
    expect(goals).toHaveLength(BIG_SEED.goals - 1)
    expect(projects).toHaveLength(BIG_SEED.projects - 1)
  })

  it('mixes rights that only a question can tell: some goals Ada may edit without a role, most not', async () => {
    const ada = SEED_IDS.people.ada
    const mine = (g: { championId: string | null; reviewerId: string | null }) =>
      g.championId === ada || g.reviewerId === ada
    const others = emu.state.goals.filter((g) => !mine(g))
    const editable = others.filter((g) => g.access.company === 'edit' || g.access.people[ada] === 'edit')
    expect(editable.length).toBeGreaterThan(2_000)
    expect(others.length - editable.length).toBeGreaterThan(5_000)
    const goal = editable.at(-1)!
    const answer = await okJson(
      get(emu, 'goals/get', { id: wireId(emu, goal.id), include_permissions: true }),
    )
    expect(answer.goal.permissions.can_edit).toBe(true)
  })

  it('is the same company on every reset (ids, names, rights)', () => {
    const before = JSON.stringify([
      emu.state.goals.at(-1),
      emu.state.projects.at(-1),
      emu.state.people.at(-1),
    ])
    emu.reset()
    expect(JSON.stringify([emu.state.goals.at(-1), emu.state.projects.at(-1), emu.state.people.at(-1)])).toBe(
      before,
    )
  })

  it('takes a check-in on a goal deep in the list, like any other', async () => {
    const goal = emu.state.goals.find(
      (g) => g.championId === SEED_IDS.people.ada && g.name.endsWith('00140'),
    )!
    const result = await post(emu, 'goals/create_check_in', {
      goal_id: wireId(emu, goal.id),
      status: 'on_track',
      content: message('On track.'),
      due_date: null,
    })
    expect(result.status).toBe(200)
    emu.reset()
  })
})

describe('switching the seed', () => {
  it('POST /__emulator/reset {"seed": …} switches the company, and later resets keep it', async () => {
    const small = await startEmulator({ now: () => clock })
    try {
      const reset = (body: unknown) =>
        fetch(`${small.url}/__emulator/reset`, { method: 'POST', body: JSON.stringify(body) })
      expect(small.state.goals).toHaveLength(6)
      expect(await (await reset({ seed: 'big' })).json()).toEqual({ ok: true, seed: 'big' })
      expect(small.state.goals).toHaveLength(BIG_SEED.goals)
      await reset({})
      expect(small.state.goals).toHaveLength(BIG_SEED.goals)
      expect((await reset({ seed: 'huge' })).status).toBe(400)
      await reset({ seed: 'usual' })
      expect(small.state.goals).toHaveLength(6)
    } finally {
      await small.close()
    }
  })

  it('the CLI starts the big company with --seed big and refuses an unknown one', async () => {
    const run = (args: string[], until: RegExp | null) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        // One process (no npx, no tsx wrapper), so the signal reaches the emulator itself.
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'e2e/emulator/cli.ts', '--port', '0', ...args],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
        let out = ''
        const read = (chunk: Buffer) => {
          out += chunk.toString()
          if (until?.test(out)) child.kill('SIGTERM')
        }
        child.stdout.on('data', read)
        child.stderr.on('data', read)
        child.on('exit', (code) => resolve({ code, out }))
      })
    const big = await run(['--seed', 'big'], /Press Ctrl\+C/)
    expect(big.out).toContain('10000 goals, 5000 projects, 1000 people')
    const wrong = await run(['--seed', 'huge'], null)
    expect(wrong.code).toBe(2)
    expect(wrong.out).toContain('--seed is one of usual, big')
  }, 60_000)
})
