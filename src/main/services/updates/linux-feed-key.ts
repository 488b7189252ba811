/**
 * The public half of the key that signs the Linux update feed (latest-linux.yml.sig, written by
 * scripts/sign-linux-feed.mjs in the release workflow from the LINUX_FEED_SIGNING_KEY secret). Built into
 * the app, inside the integrity-checked asar, so an AppImage trusts a feed only when the project signed
 * it, wherever the feed is hosted. Replacing it (a new key pair: `node scripts/sign-linux-feed.mjs
 * --generate`) means copies built before the change refuse feeds signed with the new key: docs/release.md,
 * "The Linux update feed".
 */
export const linuxFeedPublicKey = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAqO3dSJ3zVf4B63KBN1id/wCLUTQk4oBK1t8bV91B6PY=
-----END PUBLIC KEY-----
`
