import { useId, useState } from 'react'
import type { CheckInKind, Publication } from '@shared/domain/check-ins'
import { publishingTakes, type ServerCapabilities } from '@shared/server-capabilities'
import { Button } from '../../ui/Button'
import { FieldError } from './FieldError'
import {
  localInputValue,
  nextMondayMorning,
  publishSupport,
  scheduledAppliesOnlyStatus,
  scheduledInstant,
} from './publish-options'

/**
 * "Save as draft" and "Schedule…" beside the submit button, where the signed-in server can do them (see
 * publish-options.ts); where it cannot, one sentence says why instead. Both submit the form like Submit
 * does (validated, through the outbox), only with another publication.
 */
export function PublishControls({
  takes,
  kind,
  pending,
  onPublish,
}: {
  /** What the signed-in server takes, as main found by asking it; null while not known. */
  takes: ServerCapabilities | null
  /** A goal's check-in or a project's: each endpoint was asked for itself. */
  kind: CheckInKind
  /** A submission is on its way: nothing else is started meanwhile. */
  pending: boolean
  onPublish: (publication: Exclude<Publication, { mode: 'now' }>) => void
}) {
  const id = useId()
  const support = publishSupport(publishingTakes(takes, kind))
  const [picking, setPicking] = useState(false)
  const [value, setValue] = useState(() => localInputValue(nextMondayMorning(new Date())))
  const [problem, setProblem] = useState<string | null>(null)

  const schedule = () => {
    const picked = scheduledInstant(value, new Date())
    if (!picked.ok) {
      setProblem(picked.problem)
      document.getElementById(`${id}-at`)?.focus()
      return
    }
    setProblem(null)
    onPublish({ mode: 'scheduled', at: picked.at })
  }

  return (
    <div className="ci-publish">
      {support.draft || support.schedule ? (
        <div className="ci-publish__buttons">
          {support.draft ? (
            <Button
              variant="secondary"
              className="ci-button-small"
              disabled={pending}
              onClick={() => onPublish({ mode: 'draft' })}
            >
              Save as draft
            </Button>
          ) : null}
          {support.schedule ? (
            <Button
              variant="secondary"
              className="ci-button-small"
              aria-expanded={picking}
              aria-controls={`${id}-picker`}
              onClick={() => setPicking((open) => !open)}
            >
              Schedule…
            </Button>
          ) : null}
        </div>
      ) : null}
      {support.note ? <p className="ci-publish__note">{support.note}</p> : null}
      {picking ? (
        <div id={`${id}-picker`} className="ci-publish__picker">
          <label htmlFor={`${id}-at`} className="ci-publish__label">
            Publish on
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            className="ci-mini__control ci-publish__input"
            value={value}
            min={localInputValue(new Date())}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            onChange={(event) => {
              setValue(event.target.value)
              setProblem(null)
            }}
          />
          <p id={`${id}-hint`} className="ci-publish__note">
            Your local time. Operately publishes the check-in then; until then only you see it.{' '}
            {kind === 'goal' ? scheduledAppliesOnlyStatus : null}
          </p>
          <FieldError id={`${id}-problem`} message={problem ?? undefined} />
          <Button variant="secondary" className="ci-button-small" disabled={pending} onClick={schedule}>
            Schedule check-in
          </Button>
        </div>
      ) : null}
    </div>
  )
}
