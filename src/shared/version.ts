/**
 * Whether a server's version (`1.8.0`, `v1.7.2-rc1`…) is at least `wanted`; false when it cannot be read.
 * Shared: main builds requests by it, and the check-in form shows only what the server can do.
 */
export function versionAtLeast(version: string | null, wanted: string): boolean {
  const parse = (v: string) =>
    /(\d+)\.(\d+)(?:\.(\d+))?/
      .exec(v)
      ?.slice(1, 4)
      .map((n) => Number(n ?? 0))
  const have = version ? parse(version) : undefined
  const want = parse(wanted)
  if (!have || !want) return false
  for (let i = 0; i < 3; i++) {
    if (have[i]! !== want[i]!) return have[i]! > want[i]!
  }
  return true
}
