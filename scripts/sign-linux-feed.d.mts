// Types for scripts/sign-linux-feed.mjs (its tests import it from TypeScript).
import type { KeyObject } from 'node:crypto'

export const keyVariable: 'LINUX_FEED_SIGNING_KEY'
export const publicKeyModule: string
export function builtInPublicKey(dir?: string): string
export function privateKeyFrom(pem: string | undefined): KeyObject
export function signFeed(feed: Uint8Array, privateKey: KeyObject): string
export function signatureMatches(feed: Uint8Array, signatureText: string, publicKeyPem: string): boolean
export function generateKeyPair(): { privateKey: string; publicKey: string }
export function checkSigningKey(options?: {
  env?: Record<string, string | undefined>
  publicKeyPem?: string
}): void
export function signFeedFile(
  feedFile: string,
  options?: { env?: Record<string, string | undefined>; publicKeyPem?: string },
): string
