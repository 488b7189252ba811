import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startEmulator, type Emulator } from '../../../../../e2e/emulator'
import { signedInServices, type SignedIn } from './signed-in'

type SignInOptions = NonNullable<Parameters<typeof signedInServices>[1]>

export interface SignedInTest {
  emulator: Emulator
  session: SignedIn
  /** Ends this test's session and signs in anew (another token, a watching fetch); cleaned up after. */
  again(options: SignInOptions): Promise<SignedIn>
}

/**
 * The set-up most service tests share: one emulator for the file, reset before each test, and services
 * signed in to it afresh for each test, cleaned up after. `use` is handed them before every test.
 */
export function signedInForEachTest(
  use: (signed: SignedInTest) => void,
  /** How each test's first session signs in (a watching fetch, another token). */
  options: SignInOptions = {},
): void {
  let emulator: Emulator
  let session: SignedIn | null = null
  const again = async (options: SignInOptions): Promise<SignedIn> => {
    await session?.cleanup()
    session = null
    session = await signedInServices(emulator, options)
    return session
  }
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    emulator.reset()
    session = await signedInServices(emulator, options)
    use({ emulator, session, again })
  })
  afterEach(async () => {
    await session?.cleanup()
    session = null
  })
}
