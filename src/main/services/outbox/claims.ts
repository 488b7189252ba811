import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { subjectOf, type CheckInSubject } from '@shared/domain/check-ins'
import { lastSegment, sameId } from '@shared/ids'
import type { Logger } from '../log/logger'
import type { DurableFiles } from './durable-files'
import { accountSchema, checkInPayloadSchema } from './entry'

/**
 * Which server check-in each queued check-in turned out to be, kept under `outbox/claims/` (one file per
 * outbox entry). Written, durably, before the entry leaves the outbox: if removing the entry then fails,
 * or the app dies in between, the entry finds its claim on the next pass and is only tidied up, never
 * sent again. Another entry never takes a check-in claimed here for its own. Also the app's record of
 * what it sent: a claim keeps the submission and its account, so any later run can answer "Sent at 10:42"
 * with the words, found by the submission's id or by the goal, after the draft and the entry are gone.
 */

const claimSchema = z
  .object({
    entryId: z.uuid(),
    submissionId: z.uuid(),
    /** The goal (a goal check-in) or the project (a project check-in) it was written for. */
    goalId: z.string().min(1).max(200).optional(),
    projectId: z.string().min(1).max(200).optional(),
    checkInId: z.string().min(1).max(200),
    at: z.string().min(1).max(40),
    /** What was submitted. Missing in claims written before it was kept. */
    submitted: checkInPayloadSchema.optional(),
    account: accountSchema.optional(),
    /** Found on the server after an unclear answer, rather than confirmed by it. */
    recovered: z.boolean().optional(),
  })
  .strict()
  .refine(
    (claim) => (claim.goalId === undefined) !== (claim.projectId === undefined),
    'one goal or one project',
  )
export type Claim = z.infer<typeof claimSchema>

/** What a claim's check-in was written for. */
export const claimSubject = (claim: Claim): CheckInSubject =>
  claim.submitted
    ? subjectOf(claim.submitted)
    : claim.projectId !== undefined
      ? { kind: 'project', id: claim.projectId }
      : { kind: 'goal', id: claim.goalId! }

const fileOf = (entryId: string) => `${entryId}.json`
const claimFile = /^[0-9a-f-]{36}\.json$/

/** Claims older than this are no use to anyone: every entry they could concern was settled long ago. */
const keepMs = 90 * 24 * 60 * 60_000

export interface Claims {
  /** The claim of an outbox entry, if it has one. */
  of(entryId: string): Claim | null
  /** The claim of a submission, whatever entry it was queued as. */
  forSubmission(submissionId: string): Claim | null
  /** The newest claim for a goal or project recorded since `since` (ms) that `accept` agrees to, with what was sent. */
  latestFor(subject: CheckInSubject, since: number, accept: (claim: Claim) => boolean): Claim | null
  /** Whether a check-in is claimed by an entry other than `entryId`. */
  takenByOther(checkInId: string, entryId: string): boolean
  /** Durable before it resolves; writing the same claim again changes nothing. */
  record(claim: Claim): Promise<void>
}

export async function openClaims(
  dir: string,
  files: DurableFiles,
  log: Logger,
  now: () => number,
): Promise<Claims> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const byEntry = new Map<string, Claim>()
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    try {
      if (!claimFile.test(name)) throw new Error('not a claim')
      const claim = claimSchema.parse(JSON.parse(await readFile(path, 'utf8')))
      if (fileOf(claim.entryId) !== name) throw new Error('name')
      if (now() - Date.parse(claim.at) > keepMs) {
        await unlink(path)
        continue
      }
      byEntry.set(claim.entryId, claim)
    } catch {
      // A leftover temp file or a damaged claim. A claim that cannot be read only costs a look on the
      // server (and its entry, if any, still holds the snapshot that finds the check-in again).
      log.warn('outbox: removing an unreadable claim', { name })
      await unlink(path).catch(() => undefined)
    }
  }
  await files.syncDirectory(dir)
  const sameSubmission = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

  return {
    of: (entryId) => byEntry.get(entryId) ?? null,
    forSubmission: (submissionId) =>
      [...byEntry.values()].find((c) => sameSubmission(c.submissionId, submissionId)) ?? null,
    latestFor(subject, since, accept) {
      const id = lastSegment(subject.id)
      let latest: Claim | null = null
      for (const claim of byEntry.values()) {
        if (!claim.submitted) continue
        const of = claimSubject(claim)
        if (of.kind !== subject.kind || !sameId(lastSegment(of.id), id)) continue
        const at = Date.parse(claim.at)
        if (!(at >= since) || !accept(claim)) continue
        if (!latest || at > Date.parse(latest.at)) latest = claim
      }
      return latest
    },
    takenByOther: (checkInId, entryId) =>
      [...byEntry.values()].some((c) => c.checkInId === checkInId && c.entryId !== entryId),
    async record(claim) {
      const known = byEntry.get(claim.entryId)
      if (known && known.checkInId === claim.checkInId) return
      await files.write(dir, fileOf(claim.entryId), JSON.stringify(claimSchema.parse(claim)))
      byEntry.set(claim.entryId, claim)
    },
  }
}
