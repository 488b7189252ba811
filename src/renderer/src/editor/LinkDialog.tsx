import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { LiveRegion } from '../ui/LiveRegion'
import { validateLinkUrl } from './link-validation'

export interface LinkDialogProps {
  /** The address of the link being edited, or '' for a new one. */
  initialHref: string
  /** Whether the selection is inside a link (offers "Remove link"). */
  hasLink: boolean
  onApply: (href: string) => void
  onRemove: () => void
  onCancel: () => void
}

/**
 * The small link field under the toolbar: type or paste an address, Enter applies, Escape cancels.
 * Only http, https and mailto addresses are accepted; anything else gets a message saying why.
 */
export function LinkDialog({ initialHref, hasLink, onApply, onRemove, onCancel }: LinkDialogProps) {
  const id = useId()
  const [href, setHref] = useState(initialHref)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validateLinkUrl(href)
    if (!result.ok) {
      setError(result.message)
      input.current?.focus()
      return
    }
    onApply(result.href)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onCancel()
    }
  }

  return (
    <div className="ot-link-dialog" role="dialog" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <form onSubmit={submit} noValidate>
        <label id={`${id}-title`} htmlFor={`${id}-href`} className="ot-link-dialog__label">
          Link address
        </label>
        <div className="ot-link-dialog__row">
          <input
            ref={input}
            id={`${id}-href`}
            className="ot-link-dialog__input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            value={href}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setHref(event.target.value)
              setError(null)
            }}
          />
          <button type="submit" className="ot-link-dialog__button ot-link-dialog__button--primary">
            Apply
          </button>
          {hasLink && (
            <button type="button" className="ot-link-dialog__button" onClick={onRemove}>
              Remove link
            </button>
          )}
          <button type="button" className="ot-link-dialog__button" onClick={onCancel}>
            Cancel
          </button>
        </div>
        {/* There, empty, from the dialog's opening: a refused address is read out when it is said. */}
        <LiveRegion role="alert" id={`${id}-error`} className="ot-link-dialog__error">
          {error}
        </LiveRegion>
      </form>
    </div>
  )
}
