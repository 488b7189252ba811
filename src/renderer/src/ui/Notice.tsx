import type { ReactNode } from 'react'
import { AlertIcon } from './icons'

/**
 * A live region for errors that concern no single field. It is always in the document, empty when
 * there is nothing to say, so screen readers announce a message the moment it appears.
 */
export function ErrorAlert({
  title,
  message,
  className,
}: {
  title?: string | undefined
  message?: ReactNode
  className?: string
}) {
  const hasContent = Boolean(title || message)
  return (
    <div
      role="alert"
      className={['alert', hasContent ? 'alert--shown' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {hasContent ? (
        <>
          <AlertIcon className="alert__icon" />
          <div className="alert__text">
            {title ? <strong className="alert__title">{title}</strong> : null}
            {message ? <p className="alert__message">{message}</p> : null}
          </div>
        </>
      ) : null}
    </div>
  )
}
