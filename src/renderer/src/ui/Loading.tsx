/** What is being loaded, with a spinner, in a status region so a screen reader hears it once. */
export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {what}
    </p>
  )
}
