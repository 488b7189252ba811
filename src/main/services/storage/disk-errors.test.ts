import { describe, expect, it } from 'vitest'
import { diskFailure, diskProblemOf } from './disk-errors'

/** An error as node:fs raises it: a message, an errno code, the syscall and the path. */
const fsError = (code: string, path: string | null = '/data/drafts/abc.json.123') =>
  Object.assign(new Error(`${code}: failed, open '${path}'`), {
    code,
    syscall: 'open',
    ...(path ? { path } : {}),
  })

describe('diskFailure', () => {
  it('says the disk is full, that nothing was sent, and to free some space (ENOSPC)', () => {
    const error = diskFailure(fsError('ENOSPC'))
    expect(error?.kind).toBe('disk')
    expect(error?.message).toBe(
      "The disk that holds the app's data folder (/data/drafts) is full, so the app could not write to it, and nothing was sent. Free some space on that disk, then press the button again.",
    )
  })

  it('says a used-up quota the same way (EDQUOT)', () => {
    const error = diskFailure(fsError('EDQUOT'))
    expect(error?.kind).toBe('disk')
    expect(error?.message).toMatch(/^Your disk quota is used up .*nothing was sent\. Free some space/)
  })

  it('says the folder is read-only (EROFS)', () => {
    const error = diskFailure(fsError('EROFS'))
    expect(error?.kind).toBe('disk')
    expect(error?.message).toMatch(/read-only now, .*nothing was sent\. Make that disk writable again/)
  })

  it.each(['EACCES', 'EPERM'])('says the app may not write there (%s)', (code) => {
    const error = diskFailure(fsError(code))
    expect(error?.kind).toBe('disk')
    expect(error?.message).toMatch(
      /^The app is not allowed to write to its data folder \(\/data\/drafts\), .*nothing was sent\. Give your user account permission/,
    )
  })

  it('finds the code on an error the failure wraps, however deep', () => {
    const wrapped = new Error('could not save the draft', {
      cause: new Error('write failed', { cause: fsError('ENOSPC') }),
    })
    expect(diskProblemOf(wrapped)).toEqual({ code: 'ENOSPC', path: '/data/drafts/abc.json.123' })
    expect(diskFailure(wrapped)?.message).toMatch(/is full/)
  })

  it('says what the failure meant for the work when told (the sync engine stopped sending)', () => {
    expect(diskFailure(fsError('ENOSPC', null), 'the app stopped sending this')?.message).toBe(
      "The disk that holds the app's data folder is full, so the app stopped sending this. Free some space on that disk, then press the button again.",
    )
  })

  it('leaves every other failure alone', () => {
    expect(diskFailure(new Error('boom'))).toBeNull()
    expect(diskFailure(fsError('ENOENT'))).toBeNull()
    expect(diskFailure('ENOSPC')).toBeNull()
    expect(diskFailure(null)).toBeNull()
    // A socket refused: EACCES without a file or folder is not the disk.
    expect(
      diskFailure(Object.assign(new Error('connect EACCES'), { code: 'EACCES', syscall: 'connect' })),
    ).toBeNull()
    // A cause chain that loops ends.
    const looped: Error & { cause?: unknown } = new Error('a')
    looped.cause = new Error('b', { cause: looped })
    expect(diskFailure(looped)).toBeNull()
  })
})
