import { describe, expect, it } from 'vitest'
import { secretServiceAvailable } from './secret-service'

describe('whether the keychain suites run', () => {
  it('run with a D-Bus session, and are skipped without one outside npm test', () => {
    expect(secretServiceAvailable({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/bus' })).toBe(true)
    expect(secretServiceAvailable({})).toBe(false)
  })

  it('under npm test, which promised a private keyring, a missing one fails instead of skipping', () => {
    expect(() => secretServiceAvailable({ OPERATELY_TRAY_PRIVATE_KEYRING: '1' })).toThrow(/would be skipped/)
    expect(
      secretServiceAvailable({
        OPERATELY_TRAY_PRIVATE_KEYRING: '1',
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/bus',
      }),
    ).toBe(true)
  })
})
