import { QueryClient } from '@tanstack/react-query'

/**
 * Every query and mutation goes to the main process, which owns retries and caching of the network.
 * Retrying here would only repeat a failure main has already judged (and a repeated sign-in is a second
 * request the user did not ask for). The tray popup gains and loses focus all the time: refetching on
 * every focus would hammer main for nothing.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  })
}
