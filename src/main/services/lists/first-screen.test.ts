import { describe, expect, it } from 'vitest'
import { createFirstScreens, KEPT_READ_MS, type ListRead } from './first-screen'

const freshness = { fetchedAt: '2026-11-28T09:00:00.000Z', fromCache: false, lastError: null }
const read = (count: number): ListRead<number> => ({
  rows: Array.from({ length: count }, (_, i) => i),
  freshness,
})
const ada = 'https://ops.example.com ada1'
const bob = 'https://ops.example.com bob2'

describe('first screens of a long list', () => {
  it('answers the first rows and keeps the whole read for one take', () => {
    const screens = createFirstScreens<number>()
    const whole = read(100)
    const { head, rest } = screens.split(ada, whole, 40)
    expect(head).toEqual(whole.rows.slice(0, 40))
    expect(rest).toEqual({ readId: expect.any(String), count: 100 })
    expect(screens.take(ada, rest!.readId)).toBe(whole)
    // Handed out once: a second take (a page asking twice) gets nothing, and reads afresh.
    expect(screens.take(ada, rest!.readId)).toBeNull()
  })

  it('keeps nothing when the list fits in its first screen, or no first screen was asked for', () => {
    const screens = createFirstScreens<number>()
    expect(screens.split(ada, read(40), 40)).toEqual({ head: read(40).rows, rest: null })
    expect(screens.split(ada, read(100), undefined)).toEqual({ head: read(100).rows, rest: null })
  })

  it('never hands one account the read of another (someone else signed in between the two calls)', () => {
    const screens = createFirstScreens<number>()
    const { rest } = screens.split(ada, read(100), 40)
    expect(screens.take(bob, rest!.readId)).toBeNull()
    // Nor later to the account that made it: a read that met another account is dropped.
    expect(screens.take(ada, rest!.readId)).toBeNull()
  })

  it('keeps only the newest read: an older read id is answered with nothing', () => {
    const screens = createFirstScreens<number>()
    const older = screens.split(ada, read(100), 40).rest!
    const newer = screens.split(ada, read(120), 40).rest!
    expect(screens.take(ada, older.readId)).toBeNull()
    expect(screens.take(ada, newer.readId)?.rows).toHaveLength(120)
  })

  it('forgets a read after a minute, and one whose clock went back', () => {
    let now = 1_000_000
    const screens = createFirstScreens<number>({ now: () => now })
    const late = screens.split(ada, read(100), 40).rest!
    now += KEPT_READ_MS
    expect(screens.take(ada, late.readId)).toBeNull()

    const justInTime = screens.split(ada, read(100), 40).rest!
    now += KEPT_READ_MS - 1
    expect(screens.take(ada, justInTime.readId)?.rows).toHaveLength(100)

    const setBack = screens.split(ada, read(100), 40).rest!
    now -= 5_000
    expect(screens.take(ada, setBack.readId)).toBeNull()
  })
})
