import type { PastCheckIn } from '@shared/domain/check-in-history'
import { targetText } from './form-values'
import type { NumberLocale } from './number-conventions'

const number = (value: number | null, unit: string | null, locale: NumberLocale): string =>
  value === null ? 'unknown' : `${targetText(value, locale)}${unit ? ` ${unit}` : ''}`

/**
 * What a goal's check-in recorded besides its message: the target values (old → new) and the checklist,
 * as the earlier check-ins above the form and a check-in to acknowledge show them. Nothing for a
 * project's check-in, which records neither.
 */
export function RecordedValues({
  checkIn,
  locale,
}: {
  checkIn: Pick<PastCheckIn, 'targets' | 'checklist'>
  locale: NumberLocale
}) {
  return (
    <>
      {checkIn.targets.length > 0 ? (
        <ul className="ci-history__values" aria-label="Target values recorded">
          {checkIn.targets.map((t, i) => (
            <li key={t.id ?? i}>
              <span className="ci-history__name">{t.name ?? 'A target'}</span>{' '}
              {t.previousValue !== null && t.previousValue !== t.value
                ? `${number(t.previousValue, null, locale)} → `
                : ''}
              {number(t.value, t.unit, locale)}
            </li>
          ))}
        </ul>
      ) : null}
      {checkIn.checklist.length > 0 ? (
        <ul className="ci-history__checks" aria-label="Checklist recorded">
          {checkIn.checklist.map((item, i) => (
            <li key={item.id ?? i}>
              <span aria-hidden="true">{item.completed ? '✓' : '○'}</span> {item.name ?? 'An item'}
              <span className="visually-hidden">
                {item.completed ? ', done' : item.completed === false ? ', not done' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
