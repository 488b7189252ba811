import { LockIcon } from '../../ui/icons'

/**
 * Shown when the signed-in token was created read-only (Operately's default). Says what will not work
 * and exactly how to get a token that does, so nobody finds out by having a check-in refused.
 */
export function ReadOnlyNotice() {
  return (
    <section className="notice notice--warning" aria-labelledby="read-only-heading">
      <h2 id="read-only-heading" className="notice__title">
        <LockIcon className="notice__icon" />
        This token is read-only
      </h2>
      <p className="notice__text">
        You can see your goals and projects, but Operately will refuse check-ins and description edits made
        with it. To write from the tray:
      </p>
      <ol className="notice__steps">
        <li>
          In Operately, open your avatar → <strong>Account</strong> → <strong>API tokens</strong>.
        </li>
        <li>
          Create a new token with <strong>Allow write access</strong> checked (not “read-only”).
        </li>
        <li>Sign out here, then sign in again with the new token.</li>
      </ol>
    </section>
  )
}
