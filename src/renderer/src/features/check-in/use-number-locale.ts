import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../bridge/operately'
import { numberLocaleFrom, type NumberLocale } from './number-conventions'

/**
 * The locale target values are read and written in: the OS's for numbers (asked of main once: Windows'
 * regional format, macOS's region), else the page's first language, with the decimal sign, separator and
 * digits the person set in the OS. Null until main has answered.
 */
export function useNumberLocale(): NumberLocale | null {
  const answer = useQuery({
    queryKey: ['number-locale'],
    queryFn: () => call((bridge) => bridge.app.numberLocale()),
    staleTime: Infinity,
    gcTime: Infinity,
  })
  const first =
    typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language)
  // One value per answer: the form's rules and effects depend on it, and a new object would redo them.
  const numbers = useMemo(
    () => numberLocaleFrom(answer.data?.locale ?? null, first ? [first] : [], answer.data?.settings),
    [answer.data, first],
  )
  return answer.isPending ? null : numbers
}
