/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same documents and the same
 * random sessions on every machine, so a failing seed can be run again.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** True with probability `chance`. */
  chance(chance: number): boolean
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (chance) => next() < chance,
  }
}
