/**
 * Names in the person's locale, case and accents aside. One collator for every comparison:
 * `localeCompare` with options builds a collator per call, which took about half a second to sort
 * 10,000 goals (against under 10 ms with one).
 */
const collator = new Intl.Collator(undefined, { sensitivity: 'base' })

/** Orders records by name, then by id (a stable order for records of the same name). */
export const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }): number =>
  collator.compare(a.name, b.name) || a.id.localeCompare(b.id)
