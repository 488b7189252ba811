import { CheckIcon } from './icons'

/** A list with nothing in it because all is done: a check and one sentence saying what that means. */
export function AllDone({ children }: { children: string }) {
  return (
    <div className="all-done">
      <span className="all-done__icon" aria-hidden="true">
        <CheckIcon width="20" height="20" />
      </span>
      <p className="all-done__text">{children}</p>
    </div>
  )
}
