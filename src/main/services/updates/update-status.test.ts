import { describe, expect, it } from 'vitest'
import {
  createUpdateStatusStore,
  nextUpdateStatus,
  updateErrorMessage,
  type UpdateStatus,
} from './update-status'

const idle: UpdateStatus = { state: 'idle', lastCheckedAt: null }

describe('nextUpdateStatus', () => {
  it('follows a check that finds, downloads and readies an update', () => {
    let status = nextUpdateStatus(idle, { type: 'checking' })
    expect(status).toEqual({ state: 'checking', lastCheckedAt: null })
    status = nextUpdateStatus(status, { type: 'available', version: '0.2.0', at: '2025-06-01T10:00:00.000Z' })
    expect(status).toEqual({
      state: 'available',
      version: '0.2.0',
      percent: null,
      lastCheckedAt: '2025-06-01T10:00:00.000Z',
    })
    status = nextUpdateStatus(status, { type: 'progress', percent: 41.6 })
    expect(status).toMatchObject({ state: 'available', percent: 42 })
    status = nextUpdateStatus(status, { type: 'downloaded', version: '0.2.0' })
    expect(status).toEqual({
      state: 'downloaded',
      version: '0.2.0',
      lastCheckedAt: '2025-06-01T10:00:00.000Z',
    })
  })

  it('keeps a downloaded update ready whatever a later check says', () => {
    const ready: UpdateStatus = { state: 'downloaded', version: '0.2.0', lastCheckedAt: null }
    expect(
      nextUpdateStatus(ready, { type: 'error', error: new Error('net::ERR_INTERNET_DISCONNECTED') }),
    ).toBe(ready)
    expect(nextUpdateStatus(ready, { type: 'checking' })).toBe(ready)
  })

  it('goes back to idle, remembering when it last looked, when there is nothing new', () => {
    const status = nextUpdateStatus(
      { state: 'checking', lastCheckedAt: null },
      { type: 'not-available', at: 'T1' },
    )
    expect(status).toEqual({ state: 'idle', lastCheckedAt: 'T1' })
  })

  it('says why updates are off and ignores the events of a check that was already running', () => {
    const off = nextUpdateStatus(idle, { type: 'disabled', reason: 'policy' })
    expect(off).toEqual({
      state: 'disabled',
      reason: 'policy',
      message: 'Automatic updates are turned off by your organisation.',
    })
    expect(nextUpdateStatus(off, { type: 'available', version: '9', at: 'T' })).toBe(off)
    expect(nextUpdateStatus(off, { type: 'enabled' })).toEqual(idle)
  })
})

describe('updateErrorMessage', () => {
  it('turns electron-updater failures into sentences people can act on', () => {
    const offline = Object.assign(new Error('getaddrinfo ENOTFOUND updates.acme.example'), {
      code: 'ENOTFOUND',
    })
    expect(updateErrorMessage(offline)).toBe(
      'Could not reach the update server. Operately Tray will try again later.',
    )
    expect(updateErrorMessage(new Error('net::ERR_CONNECTION_REFUSED'))).toContain('Could not reach')
    expect(
      updateErrorMessage(
        new Error(
          'Cannot find latest.yml in the latest release artifacts (https://u.example/latest.yml): HttpError: 404',
        ),
      ),
    ).toContain('latest.yml is missing')
    expect(
      updateErrorMessage(
        new Error('New version 0.2.0 is not signed by the application owner: publisherNames: Acme'),
      ),
    ).toContain('not signed by the expected publisher')
    expect(updateErrorMessage(new Error('Could not get code signature for running application'))).toContain(
      'not signed',
    )
  })

  it('says a refused Linux feed or download is refused, even when the reason quotes a 404 or a network code', () => {
    expect(
      updateErrorMessage(
        new Error(
          'the update feed\'s signature does not match: its signature could not be read (Cannot download "https://u.example/latest-linux.yml.sig", status 404: Not Found)',
        ),
      ),
    ).toBe(
      "The update feed's signature does not match, so no update was downloaded. Tell your IT department.",
    )
    expect(updateErrorMessage(new Error('refused: the signed update feed names no AppImage'))).toContain(
      'signature does not match',
    )
    expect(
      updateErrorMessage(
        new Error('refused: the downloaded update’s SHA-512 is not one in the signed update feed'),
      ),
    ).toBe(
      'The downloaded update is not the one the signed update feed describes, so it was not installed. Tell your IT department.',
    )
  })

  it('keeps other failures to their first line', () => {
    const message = updateErrorMessage(new Error('Something odd\n    at stack (file.js:1:1)'))
    expect(message).toBe('Looking for updates failed: Something odd. Operately Tray will try again later.')
  })
})

it('the status store tells subscribers about changes only', () => {
  const store = createUpdateStatusStore(idle)
  const seen: string[] = []
  store.subscribe((status) => seen.push(status.state))
  store.apply({ type: 'checking' })
  store.apply({ type: 'checking' })
  store.apply({ type: 'not-available', at: 'T' })
  expect(seen).toEqual(['checking', 'idle'])
  expect(store.get()).toEqual({ state: 'idle', lastCheckedAt: 'T' })
})
