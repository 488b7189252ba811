import { useState } from 'react'

type Marked = { id: string; canEdit: boolean | null }

/**
 * A list as its screen lays it out, with the edit marks learnt since kept apart. Answers about edit rights
 * come a screen of rows at a time and each one makes a new list (rows' `canEdit` filled in); laid out
 * afresh, every answer about fifteen rows re-filtered and re-placed all 10,000, in a render no key can
 * interrupt (a query's update renders at once). Only the marks change, so only the marks are read anew.
 */
export interface MarksApart<T extends Marked> {
  /** The list as last laid out: the same array while nothing but marks changed since. */
  laidOut: T[]
  /** The rows whose mark changed since `laidOut` was, as they are now, by id. */
  marked: ReadonlyMap<string, T>
  /** The list these were worked out from. */
  source: T[]
}

/** `item` as it is now: its mark may have changed since the list was laid out. */
export const markedNow = <T extends Marked>(marked: ReadonlyMap<string, T>, item: T): T =>
  marked.get(item.id) ?? item

/** Every field but `canEdit` the same (shallowly: a row's nested values are shared when only it changed). */
function sameButMark<T extends Marked>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[]
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => key === 'canEdit' || a[key] === b[key])
}

/** How `list` follows `previous`: the same layout with new marks, or (anything else changed) a new one. */
export function marksApart<T extends Marked>(previous: MarksApart<T> | null, list: T[]): MarksApart<T> {
  if (previous?.source === list) return previous
  const fresh = { laidOut: list, marked: new Map<string, T>(), source: list }
  if (!previous || previous.laidOut.length !== list.length) return fresh
  const marked = new Map<string, T>()
  const laidOut = previous.laidOut
  for (let i = 0; i < list.length; i++) {
    const was = laidOut[i]!
    const now = list[i]!
    if (was === now) continue
    if (was.id !== now.id || !sameButMark(was, now)) return fresh
    if (was.canEdit !== now.canEdit) marked.set(now.id, now)
  }
  return { laidOut, marked, source: list }
}

/** `marksApart` kept from render to render: the list given is the query's, new with every answer. */
export function useMarksApart<T extends Marked>(list: T[]): MarksApart<T> {
  const [apart, setApart] = useState(() => marksApart<T>(null, list))
  if (apart.source === list) return apart
  // A new list: worked out during this render (React's way of state that follows a prop), not after it.
  const next = marksApart(apart, list)
  setApart(next)
  return next
}
