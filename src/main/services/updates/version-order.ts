/**
 * Whether one semantic version is newer than another, for the update feed's "only forward" rule
 * (feed-signature.ts). Versions are what electron-builder writes into the feed: MAJOR.MINOR.PATCH with an
 * optional -prerelease and +build (ignored, as semver orders them). Anything else is not a version, and a
 * feed carrying it is refused rather than guessed at.
 */

const pattern =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/

interface Version {
  core: [bigint, bigint, bigint]
  pre: string[]
}

function parse(text: string): Version | null {
  const match = pattern.exec(text)
  if (!match) return null
  return {
    core: [BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!)],
    pre: match[4] === undefined ? [] : match[4].split('.'),
  }
}

export const isVersion = (text: string): boolean => parse(text) !== null

const comparePart = (a: string, b: string): number => {
  const numeric = /^\d+$/
  if (numeric.test(a) && numeric.test(b)) return Math.sign(Number(BigInt(a) - BigInt(b)))
  if (numeric.test(a)) return -1
  if (numeric.test(b)) return 1
  return a < b ? -1 : a > b ? 1 : 0
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    if (a.core[i]! !== b.core[i]!) return a.core[i]! < b.core[i]! ? -1 : 1
  }
  // A release is newer than any of its prereleases.
  if (a.pre.length === 0 && b.pre.length === 0) return 0
  if (a.pre.length === 0) return 1
  if (b.pre.length === 0) return -1
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const order = comparePart(a.pre[i]!, b.pre[i]!)
    if (order !== 0) return order
  }
  return Math.sign(a.pre.length - b.pre.length)
}

/** True only when both are versions and `candidate` comes after `current`. */
export function isNewerVersion(candidate: string, current: string): boolean {
  const a = parse(candidate)
  const b = parse(current)
  return a !== null && b !== null && compare(a, b) > 0
}
