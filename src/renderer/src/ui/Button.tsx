import type { ComponentPropsWithRef, ReactNode } from 'react'

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary'
  /** While true the button shows `busyLabel` and a spinner, and cannot be pressed again. */
  busy?: boolean
  busyLabel?: ReactNode
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      className={['button', `button--${variant}`, className ?? ''].filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  )
}
