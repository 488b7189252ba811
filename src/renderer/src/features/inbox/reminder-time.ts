import { reminderTimeRuleProblem } from '@shared/domain/reminder-time'
import type { QuietHours } from '@shared/domain/working-time'

const sentence = (text: string) => {
  const trimmed = text.trim()
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

/**
 * Checks a reminder time as typed (`HH:MM`, 24-hour) against the same rule main applies, so the person
 * reads the problem next to the field instead of a refused request. Null when the time is fine.
 */
export function reminderTimeProblem(value: string, quiet?: QuietHours): string | null {
  if (value.trim() === '') return 'Enter a time like 09:00.'
  const problem = reminderTimeRuleProblem(value, quiet)
  return problem === null ? null : sentence(problem)
}
