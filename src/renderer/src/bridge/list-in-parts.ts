import type { QueryFunction, QueryKey } from '@tanstack/react-query'
import { FIRST_SCREEN_ROWS } from '@shared/contract/limits'
import { afterNextPaint } from '../app/after-next-paint'

interface ListAnswer {
  /** Where the rest of a list answered in part waits; null when the answer holds the whole list. */
  rest: { readId: string; count: number } | null
}

/**
 * Longest wait for the first screen's frame before the rest is asked for: a hidden popup draws no frames,
 * and the rest must not wait for it to be shown (main keeps it only a minute).
 */
const PAINT_WAIT_MS = 100

const firstScreenPainted = (): Promise<void> =>
  new Promise((resolve) => {
    const cancel = afterNextPaint(() => {
      clearTimeout(timer)
      resolve()
    })
    const timer = setTimeout(() => {
      cancel()
      resolve()
    }, PAINT_WAIT_MS)
  })

/**
 * The query function of a long list (goals, projects), read in two parts the first time: the rows of the
 * first screen, shown as soon as they come, then, once they are painted, the whole list from the same read
 * in main. A company of 10,000 goals so shows its first rows without first parsing and laying out all of
 * them (issue 23). Read again while shown (refresh, window focus, after a check-in), the list is read
 * whole: the rows shown stay until the new list replaces them, never cut down to a first screen.
 */
export function listInParts<L extends ListAnswer>(read: {
  first: (rows: number) => Promise<L>
  rest: (readId: string) => Promise<L>
  whole: () => Promise<L>
  /**
   * The whole list with what the page learnt about the first screen's rows while the rest was on its way
   * (`sent`: the first screen as main answered it, `shown`: as the page shows it now), see withRightsLearnt.
   */
  keepLearnt: (whole: L, sent: L, shown: L) => L
}): QueryFunction<L, QueryKey> {
  return async ({ client, queryKey }) => {
    const cache = client.getQueryCache()
    const query = cache.find({ queryKey, exact: true })
    if (client.getQueryData(queryKey) !== undefined) return read.whole()
    const head = await read.first(FIRST_SCREEN_ROWS)
    if (head.rest === null) return head
    // Shown at once, unless the list was dropped meanwhile (signed out): a dropped list is not revived.
    if (cache.find({ queryKey, exact: true }) !== query) return head
    client.setQueryData(queryKey, head)
    await firstScreenPainted()
    const whole = await read.rest(head.rest.readId)
    // Rights answered, refused or learnt from a project opened meanwhile were written into the first screen
    // shown; main may have filled the whole list before it knew them, and they must not be lost with it.
    // Only from this query: one dropped meanwhile (signed out) and made anew shows another read.
    const shown =
      cache.find({ queryKey, exact: true }) === query ? client.getQueryData<L>(queryKey) : undefined
    return shown === undefined || shown === head ? whole : read.keepLearnt(whole, head, shown)
  }
}
