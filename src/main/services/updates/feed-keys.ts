/**
 * The public keys an update feed may be signed with (latest.yml, latest-mac.yml, latest-linux.yml, each
 * with a .sig written by scripts/sign-feeds.mjs in the release workflow from the FEED_SIGNING_KEY
 * secret). Built into the app, inside the integrity-checked asar, so a copy trusts a feed only when the
 * project signed it, wherever the feed is hosted. A list, so a key is rotated by one release: release N
 * lists the old and the new key and is still signed with the old; from N+1 the new key signs and the old
 * one is dropped (docs/release.md, "Update feed keys"). Each signature names its key by id
 * (feedKeyId: the first 16 hex digits of the SHA-256 of the key's SPKI bytes).
 *
 * This key was made for development with node:crypto; the release owner replaces it by the procedure in
 * docs/release.md on an offline machine before the first tag.
 */
export const feedPublicKeys: readonly string[] = [
  `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAqO3dSJ3zVf4B63KBN1id/wCLUTQk4oBK1t8bV91B6PY=
-----END PUBLIC KEY-----
`,
]
