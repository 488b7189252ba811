/**
 * The public keys an update feed may be signed with (latest.yml, latest-mac.yml, latest-linux.yml, each
 * with a .sig written by scripts/sign-feeds.mjs in the release workflow from the FEED_SIGNING_KEY
 * secret). Built into the app, inside the integrity-checked asar, so a copy trusts a feed only when the
 * project signed it, wherever the feed is hosted. A list, so a key is rotated by one release: release N
 * lists the old and the new key and is still signed with the old; from N+1 the new key signs and the old
 * one is dropped (docs/release.md, "Update feed keys"). Each signature names its key by id
 * (feedKeyId: the first 16 hex digits of the SHA-256 of the key's SPKI bytes).
 *
 * The key below (id 3a9944714b158324) stands in until the release owner makes the real pair on an
 * offline machine (docs/release.md, "Update feed keys") and replaces it before the first tag. Its private
 * half was never exported or written anywhere, so nobody can sign with it: until it is replaced, the
 * release preflight (scripts/sign-feeds.mjs --check-key) fails, whatever FEED_SIGNING_KEY holds.
 */
export const feedPublicKeys: readonly string[] = [
  `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAI/3QLgvcUeItEGCtrwDiI2jPdliBGrq6oWXrF5wuxrw=
-----END PUBLIC KEY-----
`,
]
