import type { Connectivity } from './connectivity'

/**
 * A `fetch` for the Operately client that tells connectivity how every request went, so "online" is
 * always what the last real request showed: any answer from the server counts as reachable; no answer
 * (the network, or our own deadline) counts as a failure. A gateway's 502/503/504 says nothing about the
 * network, so it is not reported either way.
 *
 *   createMainServices({ ..., fetch: reportingFetch(connectivity) })
 */
export function reportingFetch(
  connectivity: Pick<Connectivity, 'reportSuccess' | 'reportFailure'>,
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    let response: Response
    try {
      response = await inner(input, init)
    } catch (err) {
      connectivity.reportFailure(init?.signal?.aborted ? 'timeout' : 'offline')
      throw err
    }
    if (![502, 503, 504].includes(response.status)) connectivity.reportSuccess()
    return response
  }
}
