import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationInput } from '@shared/contract'
import type { SessionState } from '@shared/session'
import { call } from './operately'

export const sessionQueryKey = ['session'] as const

export type SignInInput = OperationInput<'session.signIn'>

/** Who is signed in, to which server, and whether the token can write. Never the token. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: () => call((bridge) => bridge.session.get()) })
}

/**
 * What the signed-in server takes (drafts, scheduling), read each time a form that needs it opens: main
 * answers from what it kept, and asks the server again only when its version header changed. Enabled
 * once the form's own read has answered, so main has seen the server's header of today.
 */
export function useServerCapabilities(enabled: boolean) {
  return useQuery({
    queryKey: [...sessionQueryKey, 'capabilities'],
    queryFn: () => call((bridge) => bridge.session.capabilities()),
    staleTime: 0,
    enabled,
  })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => call((bridge) => bridge.session.signIn(input)),
    onSuccess: (state: SessionState) => queryClient.setQueryData(sessionQueryKey, state),
    // The mutation's variables hold the token: drop the finished mutation from the cache as soon as the
    // form that started it is gone, instead of keeping the token in memory for the default five minutes.
    gcTime: 0,
  })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call((bridge) => bridge.session.signOut()),
    onSuccess: (state: SessionState) => {
      // Main forgets its copies on sign-out; so does the popup, or whoever signs in next would see the
      // last person's goals and check-ins (charts included) while their own are read, or instead of them
      // when that read fails.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] })
      queryClient.setQueryData(sessionQueryKey, state)
    },
  })
}
