import { useQuery } from '@tanstack/react-query'
import { call } from '../../bridge/operately'
import { numberLocaleFrom } from './number-text'

/**
 * The locale target values are read and written in: the OS's for numbers (asked of main once: Windows'
 * regional format, macOS's region), else the page's first language. Null until main has answered.
 */
export function useNumberLocale(): string | null {
  const answer = useQuery({
    queryKey: ['number-locale'],
    queryFn: () => call((bridge) => bridge.app.numberLocale()),
    staleTime: Infinity,
    gcTime: Infinity,
  })
  if (answer.isPending) return null
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return numberLocaleFrom(answer.data?.locale ?? null, languages)
}
