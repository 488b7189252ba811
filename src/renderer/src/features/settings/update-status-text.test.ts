import { describe, expect, it } from 'vitest'
import { checkedAt, installBlocksUpdates, updateStatusText } from './update-status-text'

const now = new Date('2026-03-10T15:00:00Z')
const text = (status: Parameters<typeof updateStatusText>[0]) => updateStatusText(status, now, 'en-GB', 'UTC')

describe('updateStatusText', () => {
  it('says when the app last found itself up to date', () => {
    expect(text({ state: 'idle', lastCheckedAt: '2026-03-10T10:42:00Z' })).toEqual({
      headline: 'Up to date · checked 10:42',
      detail: null,
      canCheck: true,
      readyVersion: null,
    })
    expect(text({ state: 'idle', lastCheckedAt: null }).headline).toBe('Not checked for updates yet')
  })

  it('offers the restart for a downloaded version, and no second check', () => {
    expect(text({ state: 'downloaded', version: '1.2.0', lastCheckedAt: null })).toMatchObject({
      headline: 'Version 1.2.0 is ready',
      canCheck: false,
      readyVersion: '1.2.0',
    })
  })

  it('shows the download as it goes', () => {
    expect(text({ state: 'available', version: '1.2.0', percent: null, lastCheckedAt: null }).headline).toBe(
      'Downloading version 1.2.0…',
    )
    expect(text({ state: 'available', version: '1.2.0', percent: 45, lastCheckedAt: null })).toMatchObject({
      headline: 'Downloading version 1.2.0… 45%',
      canCheck: false,
    })
  })

  it('names who or what turned updates off, with main’s reason', () => {
    expect(text({ state: 'disabled', reason: 'policy', message: 'Turned off by policy.' })).toEqual({
      headline: 'Updates are managed by your organisation',
      detail: null,
      canCheck: false,
      readyVersion: null,
    })
    expect(text({ state: 'disabled', reason: 'msi', message: 'IT installs the updates.' })).toMatchObject({
      headline: 'Updates are not available for this kind of install (MSI)',
      detail: 'IT installs the updates.',
    })
    expect(text({ state: 'disabled', reason: 'development', message: 'Dev.' }).headline).toBe(
      'Updates are not available for a development build',
    )
  })

  it('keeps a failed check retryable and says why it failed', () => {
    expect(
      text({ state: 'error', message: 'Could not reach the update server.', lastCheckedAt: null }),
    ).toEqual({
      headline: 'Could not check for updates',
      detail: 'Could not reach the update server.',
      canCheck: true,
      readyVersion: null,
    })
  })
})

describe('checkedAt', () => {
  it('gives the day as well when the check was not today', () => {
    expect(checkedAt('2026-03-09T10:42:00Z', now, 'en-GB', 'UTC')).toBe('9 Mar, 10:42')
  })

  it('uses the local day, not UTC’s', () => {
    // 00:30 on the 11th in Tokyo is still the 10th in UTC, but "today" is Tokyo's day there.
    const late = new Date('2026-03-10T15:30:00Z')
    expect(checkedAt('2026-03-10T14:00:00Z', late, 'en-GB', 'Asia/Tokyo')).toBe('10 Mar, 23:00')
  })
})

describe('installBlocksUpdates', () => {
  it('is about the kind of install, not a choice someone made', () => {
    expect(installBlocksUpdates({ state: 'disabled', reason: 'linux-package', message: '' })).toBe(true)
    expect(installBlocksUpdates({ state: 'disabled', reason: 'policy', message: '' })).toBe(false)
    expect(installBlocksUpdates({ state: 'disabled', reason: 'user', message: '' })).toBe(false)
    expect(installBlocksUpdates({ state: 'idle', lastCheckedAt: null })).toBe(false)
  })
})
