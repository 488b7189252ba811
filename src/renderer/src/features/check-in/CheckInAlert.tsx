import type { Ref } from 'react'
import { Button } from '../../ui/Button'
import { AlertIcon } from '../../ui/icons'
import type { SubmitProblem } from './submit-errors'

/**
 * The alert at the top of the check-in form, for failures that concern no single field. Always in the
 * document (an empty live region until there is something to say) and focusable, so focus can be put on
 * it when a submission fails.
 */
export function CheckInAlert({
  problem,
  onRetry,
  busy,
  ref,
}: {
  problem: SubmitProblem | null
  onRetry: () => void
  busy: boolean
  ref?: Ref<HTMLDivElement>
}) {
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={['alert', 'check-in__alert', problem ? 'alert--shown' : ''].filter(Boolean).join(' ')}
    >
      {problem ? (
        <>
          <AlertIcon className="alert__icon" />
          <div className="alert__text">
            <strong className="alert__title">{problem.title}</strong>
            <p className="alert__message">{problem.message}</p>
            {problem.retry ? (
              <Button
                variant="secondary"
                className="ci-button-small alert__action"
                busy={busy}
                busyLabel="Trying again…"
                onClick={onRetry}
              >
                Try again
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  )
}
