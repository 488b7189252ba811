/**
 * The soak's services process: the app's real main services (createMainServices: outbox, sync engine,
 * deliverers, drafts, session with the real keychain) talking to the emulator over real HTTP, driven by
 * the soak over an IPC channel and killed by it (SIGKILL) at chosen moments. Nothing here is a stand-in:
 * only the timing is shortened (request timeout, backoff, how long an unanswered request may still land),
 * so a run takes minutes, not days.
 */
import keytar from 'keytar'
import { createMainServices } from '../../src/main/services/create-services'
import { silentLogger } from '../../src/main/services/log/logger'
import type { SaveDescriptionResult } from '../../src/shared/domain/projects'
import type { DescriptionEntry } from '../../src/main/services/outbox/entry'
import type { ChildEnv, FromChild, Resolution, ToChild } from './protocol'

const env = process.env as unknown as ChildEnv
const say = (message: FromChild) => process.send!(message)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const os = { online: true }

const services = await createMainServices({
  dataDir: env.SOAK_DATA_DIR,
  keytar,
  vaultService: env.SOAK_VAULT_SERVICE,
  log: silentLogger,
  requestTimeoutMs: Number(env.SOAK_TIMEOUT_MS),
  isOsOnline: () => os.online,
  probeTiming: { baseMs: 100, capMs: 1_000 },
  syncTiming: {
    backoff: { baseMs: 50, capMs: 1_000 },
    unconfirmedSettleMs: Number(env.SOAK_SETTLE_MS),
    maxFailures: 5,
  },
})

/** What a person would see of an answer, reduced to what the soak checks. */
function answer(n: number, result: Awaited<ReturnType<typeof services.dispatch>>): FromChild {
  if (!result.ok) {
    return { t: 'answer', n, ok: false, outcome: result.error.kind, state: null, error: result.error.message }
  }
  const value = result.value as { outcome: string; description?: string; serverDescription?: string | null }
  // After "saved", the text now on the server; after "conflict", the server's text the person is shown.
  const state =
    value.outcome === 'saved'
      ? (value.description ?? null)
      : value.outcome === 'conflict'
        ? (value.serverDescription ?? null)
        : null
  return { t: 'answer', n, ok: true, outcome: value.outcome, state, error: null }
}

/**
 * The person at the computer: a check-in the app asks about ("Not on Operately … Send again?") is answered
 * Retry after a while, drawn per item between the soak's bounds, as a person who reads it and decides.
 */
const answerMin = Number(env.SOAK_ANSWER_MIN_MS)
const answerMax = Number(env.SOAK_ANSWER_MAX_MS)
const answered = new Set<string>()
const hashOf = (id: string) => {
  let h = 0
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0
  return h
}
const answerDelay = (id: string) => answerMin + (hashOf(id) % Math.max(1, answerMax - answerMin))
setInterval(() => {
  for (const entry of services.sync.outbox.list()) {
    if (entry.kind !== 'check-in' || !entry.askedToResend || answered.has(entry.id)) continue
    if (entry.state === 'pending' || entry.state === 'sending') continue
    if (Date.now() - Date.parse(entry.askedToResend) < answerDelay(entry.id)) continue
    answered.add(entry.id)
    say({ t: 'answered-resend', preview: entry.payload.message })
    void services.dispatch('sync.retry', { id: entry.id }).finally(() => answered.delete(entry.id))
  }
}, 100).unref()

/**
 * One person at one popup, which shows the editor or Sync, not both: a save in the editor and a decision
 * in Sync about the same project never overlap; each starts from what the other left. Without this, the
 * simulated person could press "Keep mine" in Sync for a text while, in the same moment, a newer save of
 * theirs merged into it, which no person can do (the older text would be sent over the newer one).
 */
const turns = new Map<string, Promise<unknown>>()
function personActsOn<T>(projectId: string, work: () => Promise<T>): Promise<T> {
  const turn = (turns.get(projectId) ?? Promise.resolve()).then(work, work)
  const done = turn.catch(() => undefined)
  turns.set(projectId, done)
  void done.then(() => {
    if (turns.get(projectId) === done) turns.delete(projectId)
  })
  return turn
}

/**
 * The same person, for a description save that met someone else's edit while it waited (a colleague's, or
 * a late commit of an older text of theirs): after a while, they decide as the app lets them. The
 * editor's conflict panel is shown for the project's newest save: "Keep mine" (three times in four) saves
 * it over the version shown, through the same call as the panel (projects.saveDescription, overwrite),
 * and "Take theirs" discards it from the outbox, as the panel does. An earlier save that a later one waits
 * behind has no panel: the Sync view offers Discard, and the person takes it.
 */
const resolveMin = Number(env.SOAK_RESOLVE_MIN_MS)
const resolveMax = Number(env.SOAK_RESOLVE_MAX_MS)
const deciding = new Set<string>()
setInterval(() => {
  for (const entry of services.sync.outbox.list()) {
    if (entry.kind !== 'description' || entry.state !== 'conflict' || !entry.conflict) continue
    if (deciding.has(entry.id) || services.sync.engine.isSending(entry.id)) continue
    const delay = resolveMin + (hashOf(entry.id) % Math.max(1, resolveMax - resolveMin))
    if (Date.now() - Date.parse(entry.conflict.seenAt) < delay) continue
    deciding.add(entry.id)
    void personActsOn(entry.payload.projectId, () => decide(entry)).finally(() => deciding.delete(entry.id))
  }
}, 100).unref()

async function decide(entry: DescriptionEntry): Promise<void> {
  const { projectId, description } = entry.payload
  const theirs = entry.conflict!.serverDescription
  // The marker is at the start of the text: the first few hundred characters name the write.
  const tell = (choice: Resolution) => {
    say({ t: 'resolved', choice, preview: description.slice(0, 300), theirs })
  }
  // Decided on what the person saw: a save merged into it meanwhile is new to them, and decided on later.
  const unchanged = () => {
    const now = services.sync.outbox.get(entry.id)
    return now?.kind === 'description' && now.state === 'conflict' && now.payload.description === description
  }
  if (!unchanged()) return
  if (services.sync.latestDescription(projectId)?.id !== entry.id) {
    const discarded = await services.dispatch('sync.discard', { id: entry.id })
    if (discarded.ok) tell('discard-behind')
    return
  }
  if ((hashOf(entry.id) >>> 8) % 4 === 0) {
    const discarded = await services.dispatch('sync.discard', { id: entry.id })
    if (discarded.ok) tell('take-theirs')
    return
  }
  let base = theirs
  // "Keep mine" that finds a newer version sends nothing and shows it: the person keeps theirs again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const saved = await services.dispatch('projects.saveDescription', {
      projectId,
      description,
      baseDescription: base,
      overwrite: true,
    })
    const result = saved.ok ? (saved.value as SaveDescriptionResult) : null
    if (result?.outcome === 'conflict') {
      base = result.serverDescription
      continue
    }
    if (result) {
      tell('keep-mine')
      return
    }
    if (!saved.ok && saved.error.kind !== 'server_error') break
  }
  tell('refused')
}

async function drain(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  let settled = false
  for (;;) {
    await services.dispatch('sync.now', {})
    const view = await services.sync.view()
    // An item the person is about to answer (a question, a conflict) is not settled yet.
    settled = view.items.every((item) => {
      if (item.state === 'pending' || item.state === 'sending' || item.state === 'checking') return false
      if (item.state === 'conflict') return false
      const entry = services.sync.outbox.get(item.id)
      return !(entry?.kind === 'check-in' && entry.askedToResend)
    })
    if (settled || Date.now() > until) {
      say({
        t: 'drained',
        settled,
        left: view.items.map((item) => ({
          kind: item.kind,
          state: item.state,
          reason: item.lastError?.message ?? null,
          preview: item.preview,
          target: item.targetId,
        })),
      })
      return
    }
    await pause(100)
  }
}

process.on('message', (message: ToChild) => {
  void (async () => {
    switch (message.t) {
      case 'sign-in': {
        const result = await services.dispatch('session.signIn', {
          baseUrl: message.baseUrl,
          token: message.token,
        })
        say({ t: 'signed-in', ok: result.ok, message: result.ok ? null : result.error.message })
        return
      }
      case 'write': {
        const write = () => services.dispatch(message.operation, message.input)
        const projectId = (message.input as { projectId?: unknown }).projectId
        const result =
          message.operation === 'projects.saveDescription' && typeof projectId === 'string'
            ? await personActsOn(projectId, write)
            : await write()
        say(answer(message.n, result))
        return
      }
      case 'os-online':
        os.online = message.value
        services.connectivity.osChanged()
        return
      case 'drain':
        await drain(message.timeoutMs)
        return
    }
  })()
})

// The soak went away (finished, failed, was stopped): so does this process.
process.on('disconnect', () => process.exit(0))

say({ t: 'ready' })
