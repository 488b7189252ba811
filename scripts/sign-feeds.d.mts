// Types for scripts/sign-feeds.mjs (its tests import it from TypeScript).
import type { KeyObject } from 'node:crypto'

export const keyVariable: 'FEED_SIGNING_KEY'
export const publicKeyModule: string
export function builtInPublicKeys(dir?: string): string[]
export function keyId(publicKey: string | KeyObject): string
export function privateKeyFrom(pem: string | undefined): KeyObject
export function signFeed(feed: Uint8Array, feedName: string, privateKey: KeyObject): string
export function signatureMatches(
  feed: Uint8Array,
  feedName: string,
  signatureText: string,
  publicKeyPems: readonly string[],
): boolean
export function generateKeyPair(): { privateKey: string; publicKey: string; id: string }
export function checkSigningKey(options?: {
  env?: Record<string, string | undefined>
  publicKeyPems?: readonly string[]
}): void
export function signFeedFiles(
  feedFiles: string[],
  options?: { env?: Record<string, string | undefined>; publicKeyPems?: readonly string[] },
): string[]
