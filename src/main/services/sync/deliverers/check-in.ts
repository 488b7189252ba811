import { AppFailure, appError, type AppError } from '@shared/errors'
import { scheduleLabel, timeLabel } from '@shared/time-label'
import { subjectOf, type CheckInSubject } from '@shared/domain/check-ins'
import { createFrom, listCheckInsOf, prepareFor, type Prepared } from '../../check-ins/kinds'
import { findEarlierAttempt, findOwnCheckIn, statesFor } from '../../check-ins/recovery'
import type { OperatelyClient } from '../../operately/client'
import type { CheckIn, Person } from '../../operately/types'
import type { CheckInCopy, CheckInEntry, OutboxEntry } from '../../outbox/entry'
import type { OutboxStore } from '../../outbox/outbox-store'
import type { DeliveryContext, DeliveryOutcome, Deliverer } from '../outcomes'
import {
  outcomeFromError,
  refusedByServer,
  stillChecking,
  stillSettling,
  unexpectedFailure,
} from '../outcomes'

/** What a delivered check-in reports. */
export interface CheckInDelivery {
  /** The goal or project it was written for. */
  subject: CheckInSubject
  submissionId: string
  /** The server's id of the check-in. */
  checkInId: string
  /** The server's record; null when it was not read this time (an earlier pass already found it). */
  checkIn: CheckIn | null
  /** The goal or project as read just before sending, and the request built against it; null when not sent now. */
  sent: Prepared | null
  /** Found on the server (an earlier request was applied) rather than created by this attempt's answer. */
  recovered: boolean
}

/** A check-in queued longer ago than this looks for the same words posted elsewhere before it is sent. */
const sameWordsAfterMs = 5 * 60_000
const sameWordsClockAllowanceMs = 12 * 60 * 60_000

/** `answered`: Operately itself answered, so a look after it tells for sure (see Unconfirmed). */
const unconfirmedFrom = (at: number, settleAt: number, answered = false) => ({
  at: new Date(at).toISOString(),
  settleAt: new Date(settleAt).toISOString(),
  ...(answered ? { answered: true as const } : {}),
})

/** "40 seconds", "a minute", "3 minutes". */
const howLong = (ms: number): string => {
  if (ms < 90_000) return ms < 55_000 ? `${Math.max(1, Math.round(ms / 1000))} seconds` : 'a minute'
  return `${Math.round(ms / 60_000)} minutes`
}

/**
 * "at 10:42 AM" (today) or "Nov 26, 10:42 AM", in this computer's time zone and clock format, as the
 * Sync row's links beside these words show the same moments: never the server's UTC.
 */
const clock = (iso: string | null | undefined, now: number): string => {
  const label = timeLabel(iso ?? '', new Date(now))
  if (label === null) return 'at an unknown time'
  return new Date(iso!).toDateString() === new Date(now).toDateString() ? `at ${label}` : label
}

type Claims = Pick<OutboxStore, 'claimOf' | 'claimedByOther' | 'recordClaim'>

/** A check-in's page in Operately's web app (goals/web-urls.ts), or null when it cannot be known. */
export interface CheckInPages {
  checkIn(checkInId: string): Promise<string | null>
}

/** What the entry keeps of a copy: the server's words only where they are what they claim to be. */
async function copyOf(checkIn: CheckIn, pages: CheckInPages | undefined): Promise<CheckInCopy> {
  const posted = typeof checkIn.inserted_at === 'string' ? checkIn.inserted_at : ''
  const url = await pages?.checkIn(checkIn.id).catch(() => null)
  return {
    checkInId: checkIn.id.slice(0, 200),
    postedAt: posted.length <= 40 && !Number.isNaN(Date.parse(posted)) ? posted : null,
    url: url && url.length <= 2000 && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : null,
  }
}

/** A scheduled time closer than this is taken as passed: the server's clock may be ahead of this one. */
export const scheduleMarginMs = 60_000

/**
 * A check-in scheduled for a time that passed while it waited (offline, in the background) is neither
 * published now without a word nor sent to be refused with the server's 400: the person chose the
 * moment, so the person chooses again ("Needs you": edit the time, or discard it).
 */
function passedSchedule(input: CheckInEntry['payload'], now: number): DeliveryOutcome | null {
  const publication = input.publication
  if (publication?.mode !== 'scheduled') return null
  if (Date.parse(publication.at) - now >= scheduleMarginMs) return null
  const when = scheduleLabel(publication.at, new Date(now)) ?? publication.at
  return {
    outcome: 'needs_attention',
    error: appError(
      'invalid_input',
      `You scheduled this check-in for ${when}, and that time has passed before it could be sent. Edit it to choose a new time or to post it now, or discard it. Nothing was sent.`,
    ),
  }
}

/**
 * The server's 400 for a scheduled time it takes as past, while this computer thought it ahead: the
 * clocks disagree. Retry would send the same time to be refused again, so, as for a time that passed
 * while waiting, the person picks a new one.
 */
function scheduleRefused(
  input: CheckInEntry['payload'],
  error: AppError,
  now: number,
): DeliveryOutcome | null {
  const publication = input.publication
  if (publication?.mode !== 'scheduled' || error.kind !== 'bad_request') return null
  if (!/scheduled time must be in the future/i.test(error.message)) return null
  const when = scheduleLabel(publication.at, new Date(now)) ?? publication.at
  return {
    outcome: 'needs_attention',
    error: appError(
      'invalid_input',
      `Operately says the time you scheduled this check-in for (${when}) has passed: its clock is ahead of this computer's. Edit it to choose a later time or to post it now, or discard it. Nothing was sent.`,
    ),
  }
}

/**
 * Creates a queued check-in, a goal's or a project's, exactly once. Neither `goals/create_check_in` nor
 * `projects/create_check_in` is idempotent, so (the goal standing for either below):
 *
 * - before the first request, the ids of the goal's check-ins are read and kept on the entry (the
 *   snapshot). A check-in the server has later that is not in the snapshot, by this person, with this
 *   status and message, is this entry's: no clock is compared, so a computer whose clock is off by any
 *   amount still recognises its own check-in;
 * - a request that failed without saying it was not applied (a timeout, a lost connection, a 5xx) marks
 *   the entry unconfirmed. Every attempt after that looks on the server first, and sends again only once
 *   the server cannot still be working on that request (`settleAt`);
 * - after the wait, a request that got no answer at all (a timeout, a lost connection, a gateway, the
 *   app killed) and is still not on the goal is not sent again by itself: it may yet land (a server
 *   that is slower still). The person is asked "Send again?"; their Retry looks once more and sends, and
 *   from then on every look also searches for a second copy, which is shown to them ("Needs you", both
 *   check-ins), never hidden. A request that provably never reached Operately (refused, no such host, a
 *   TLS failure) or that Operately itself answered is sent again without asking;
 * - the check-in it found or created is claimed for the entry on disk before the entry is marked
 *   delivered, so an entry whose removal failed finds its claim and is only tidied up, and no other entry
 *   ever takes that check-in for its own.
 *
 * The request itself is built when it is sent, against the goal or project as it is then (kinds.ts).
 */
export function createCheckInDeliverer(deps: {
  client: () => Promise<OperatelyClient>
  claims: Claims
  /** Where each copy of a check-in sent twice can be opened (optional: without it, times only). */
  webUrls?: CheckInPages
}): Deliverer {
  const people = new WeakMap<OperatelyClient, Promise<Person>>()
  const me = (api: OperatelyClient): Promise<Person> => {
    let person = people.get(api)
    if (!person) {
      person = api.getMe()
      person.catch(() => people.delete(api))
      people.set(api, person)
    }
    return person
  }

  /** This entry's check-in on the server, if it is there. */
  async function look(api: OperatelyClient, entry: CheckInEntry): Promise<CheckIn | null> {
    const input = entry.payload
    const [list, person] = await Promise.all([listCheckInsOf(api, subjectOf(input)), me(api)])
    const taken = (id: string) => deps.claims.claimedByOther(id, entry.id)
    if (entry.snapshot) {
      return findOwnCheckIn(list, {
        before: entry.snapshot,
        personId: person.id,
        status: input.status,
        message: input.message,
        taken,
        states: statesFor(input.publication),
      })
    }
    // Queued by an older version of the app, before snapshots: fall back to its time window.
    return findEarlierAttempt(list, {
      personId: person.id,
      status: input.status,
      message: input.message,
      since: Date.parse(entry.firstAttemptAt ?? entry.createdAt),
      taken,
    })
  }

  return async (queued: OutboxEntry, context: DeliveryContext): Promise<DeliveryOutcome> => {
    if (queued.kind !== 'check-in') {
      return { outcome: 'needs_attention', error: unexpectedFailure(new Error('not a check-in')) }
    }
    let entry: CheckInEntry = queued
    const input = entry.payload
    const subject = subjectOf(input)
    const where = subject.kind
    const delivered = async (
      checkIn: CheckIn,
      recovered: boolean,
      sent: Prepared | null,
    ): Promise<DeliveryOutcome> => {
      // Sent again at the person's word: the first request may have landed late beside this one.
      const twin = entry.resent ? await secondCopy(checkIn) : null
      // On disk before the entry may leave the outbox (see above).
      try {
        await deps.claims.recordClaim(entry, checkIn.id, recovered)
      } catch (err) {
        // The check-in is on the server but this computer could not note which one it is. The entry is
        // still marked unconfirmed (from before the request), so the next attempt finds it, never posts.
        return {
          outcome: 'retry',
          checking: true,
          error: appError(
            'internal',
            `Operately has this check-in, but this computer could not write that down (${err instanceof Error ? err.message : String(err)}). The app tries again shortly and will not send it twice.`.slice(
              0,
              1900,
            ),
          ),
        }
      }
      if (twin) {
        // Claimed, so Retry only tidies up and nothing is posted a third time; the person decides which
        // one stays, from the two pages the Sync view links to.
        const copies = await Promise.all([twin, checkIn].map((copy) => copyOf(copy, deps.webUrls)))
        // The links are a help, the message below is the news: a disk that refuses them is said there.
        const unkept = await context.record({ copies }).then(
          () => '',
          (err: unknown) =>
            ` (This computer could not keep the links to them: ${err instanceof Error ? err.message : String(err)}.)`,
        )
        return {
          outcome: 'needs_attention',
          error: appError(
            'server_error',
            `Operately now has this check-in twice: the request that got no answer arrived after all, besides the one sent again. Open the ${where} in Operately and delete one of them (posted ${clock(twin.inserted_at, context.now())} and ${clock(checkIn.inserted_at, context.now())}), then discard this item.${unkept}`.slice(
              0,
              1900,
            ),
          ),
        }
      }
      const result: CheckInDelivery = {
        subject,
        submissionId: input.submissionId,
        checkInId: checkIn.id,
        checkIn,
        sent,
        recovered,
      }
      return { outcome: 'delivered', result }
    }

    const claim = deps.claims.claimOf(entry.id)
    if (claim) {
      // Delivered before; only the bookkeeping after it was cut short.
      const result: CheckInDelivery = {
        subject,
        submissionId: input.submissionId,
        checkInId: claim.checkInId,
        checkIn: null,
        sent: null,
        recovered: true,
      }
      return { outcome: 'delivered', result }
    }

    const api = await deps.client()
    /** Another check-in of this entry's content, beside `mine`: the late first request of a re-send. */
    const secondCopy = async (mine: CheckIn): Promise<CheckIn | null> => {
      const [list, person] = await Promise.all([listCheckInsOf(api, subject), me(api)])
      return findOwnCheckIn(list, {
        before: entry.snapshot ?? [],
        personId: person.id,
        status: input.status,
        message: input.message,
        taken: (id) => id === mine.id || deps.claims.claimedByOther(id, entry.id),
        states: statesFor(input.publication),
      })
    }
    /** After a request whose fate is unknown: found, still to be waited for, or known not applied. */
    const settle = async (error: AppError | null): Promise<DeliveryOutcome | null> => {
      const found = await look(api, entry)
      if (found && !entry.resent) return delivered(found, true, null)
      const settling = await stillSettling(entry, context)
      // After a re-send the person asked for, a copy found may be the first request landed late, while
      // the re-send itself may still land: only once it cannot is the search for a second copy final.
      if (found && !settling) return delivered(found, true, null)
      if (settling) {
        // Not there yet, but the server may still be applying it: ask again later, send nothing.
        return {
          outcome: 'retry',
          checking: true,
          error: error ?? {
            kind: 'timeout',
            message:
              'Operately has not confirmed your check-in yet. The app checks whether it was saved before sending it again.',
          },
        }
      }
      if (!entry.unconfirmed?.answered && !entry.askedToResend) {
        // No answer ever came, and the wait is over: it may still land. The person decides.
        const waited = howLong(context.now() - Date.parse(entry.unconfirmed!.at))
        entry = (await context.record({
          askedToResend: new Date(context.now()).toISOString(),
        })) as CheckInEntry
        return {
          outcome: 'needs_attention',
          error: appError(
            'timeout',
            `Not on Operately ${waited} after it was sent, and Operately never answered: it may still arrive (check the ${where} in Operately). Send again? Retry looks once more first, and shows both if two appear.`,
          ),
        }
      }
      // Not there, and it cannot land any more, or the person said "send again": it is sent again, and
      // after a re-send the person asked for, every look also searches for a second copy.
      const approved = entry.askedToResend ? { askedToResend: null, resent: true as const } : {}
      entry = (await context.record({ unconfirmed: null, ...approved })) as CheckInEntry
      return null
    }

    if (entry.unconfirmed) {
      const known = await settle(entry.lastError ? { ...entry.lastError } : null)
      if (known) return known
    }

    const late = passedSchedule(input, context.now())
    if (late) return late

    // Queued a while ago (offline, in the background) and never sent: the same words may have been
    // posted meanwhile from elsewhere. Before its first request, a check-in like it makes the app ask.
    const queuedAt = Date.parse(entry.createdAt)
    // The goal's check-ins as this pass read them: the snapshot below is taken from the same read.
    let list: CheckIn[] | null = null
    if (entry.attempts === 0 && !entry.askedSameWords && context.now() - queuedAt >= sameWordsAfterMs) {
      const [read, person] = await Promise.all([listCheckInsOf(api, subject), me(api)])
      list = read
      const already = findEarlierAttempt(list, {
        personId: person.id,
        status: input.status,
        message: input.message,
        // The server's clock and this computer's may disagree by hours: a question too many is cheap.
        since: queuedAt - sameWordsClockAllowanceMs,
        taken: (id) => deps.claims.claimedByOther(id, entry.id),
        states: statesFor(input.publication),
      })
      if (already) {
        // The snapshot is read again if the person says "send": the copy found must never count as ours.
        await context.record({ askedSameWords: new Date(context.now()).toISOString(), snapshot: null })
        return {
          outcome: 'needs_attention',
          error: appError(
            'invalid_input',
            `The ${where} already has a check-in with these words by you, posted ${clock(already.inserted_at, context.now())} (from the web or another computer?). Send this one too? Retry sends it; discard it if it is the same.`,
          ),
        }
      }
    }

    if (!entry.snapshot) {
      list ??= await listCheckInsOf(api, subject)
      entry = (await context.record({ snapshot: list.map((c) => c.id) })) as CheckInEntry
    }
    // Built against the goal or project as it is now (kinds.ts): an untouched due date is left out only
    // where the server was found not to require it; where nothing current is known it goes back.
    const sending = await prepareFor(api, input)
    const sentAt = context.now()
    // Until its answer is recorded, a request may have been applied: the entry says so on disk in the
    // same write that counts the attempt, so that whatever keeps the app from recording the answer (a
    // crash, a claim the disk refuses) makes the next attempt look on the server before sending again.
    entry = (await context.beforeSend({
      unconfirmed: unconfirmedFrom(sentAt, sentAt + context.settleMs),
    })) as CheckInEntry
    let created: CheckIn | null
    try {
      created = await createFrom(api, sending)
    } catch (err) {
      if (err instanceof AppFailure && !err.error.maybeApplied) {
        // Refused before anything was applied, or never sent: nothing to look for next time.
        entry = (await context.record({ unconfirmed: null })) as CheckInEntry
        const refused = scheduleRefused(input, err.error, context.now())
        if (refused) return refused
      }
      if (!(err instanceof AppFailure) || !err.error.maybeApplied) throw err
      // Counted from the failure: a request that took long (a timeout grows with the body) gets the whole wait.
      const answered = err.error.maybeApplied === 'answered'
      const settleAt = answered ? sentAt : context.now() + context.settleMs
      entry = (await context.record({
        unconfirmed: unconfirmedFrom(sentAt, settleAt, answered),
      })) as CheckInEntry
      let known: DeliveryOutcome | null
      try {
        // A server that stored it before failing shows it now.
        known = await settle(err.error)
      } catch (lookErr) {
        if (lookErr instanceof AppFailure) return stillChecking(outcomeFromError(lookErr.error))
        throw lookErr
      }
      // An answer that leaves it unclear counts towards "Needs you" like a refusal: a gateway that fails
      // every check-in would otherwise be looked past and posted to forever.
      if (known?.outcome === 'retry') return { ...known, counts: true }
      if (known) return known
      // The server answered, and the check-in is not there: it was not applied.
      return refusedByServer(err.error)
    }
    if (created) return delivered(created, false, sending)
    // A success without the check-in in it: find it rather than guess.
    entry = (await context.record({ unconfirmed: unconfirmedFrom(sentAt, sentAt, true) })) as CheckInEntry
    const found = await look(api, entry)
    if (found) return delivered(found, false, sending)
    return {
      outcome: 'needs_attention',
      error: {
        kind: 'invalid_response',
        message: `Operately accepted the check-in but did not send it back, and it is not in the ${where}’s list of check-ins. Open the ${where} in Operately to see whether it was posted before sending it again.`,
      },
    }
  }
}
