import { describe, expect, it } from 'vitest'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../log/logger'
import type { SessionService } from '../session/session-service'
import { createAppHandlers } from './handlers'

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'ada', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: '1.8.0',
}

function handlersFor(state: SessionState) {
  const opened: string[] = []
  const session = { get: async () => state } as unknown as SessionService
  const handlers = createAppHandlers({
    session,
    log: silentLogger,
    openExternal: async (url) => void opened.push(url),
    hidePopup: () => {},
  })
  return { opened, open: (url: string) => handlers['app.openExternal']({ url }) }
}

describe('app.openExternal', () => {
  it('opens a page of the signed-in server in the default browser', async () => {
    const { opened, open } = handlersFor(signedIn)
    await open('https://app.operately.com/acme/goals/ship-it-kHLABHdtjTkzZF2eK502u')
    expect(opened).toEqual(['https://app.operately.com/acme/goals/ship-it-kHLABHdtjTkzZF2eK502u'])
  })

  it.each([
    'https://evil.example/phish',
    'http://app.operately.com/acme', // same host, other scheme: another origin
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pw@app.operately.com/acme',
    'not a url',
  ])('refuses %s', async (url) => {
    const { opened, open } = handlersFor(signedIn)
    await expect(open(url)).rejects.toMatchObject({ error: { kind: 'invalid_input' } })
    expect(opened).toEqual([])
  })

  it('refuses everything when nobody is signed in', async () => {
    const { opened, open } = handlersFor({ status: 'signed_out', lastBaseUrl: 'https://app.operately.com' })
    await expect(open('https://app.operately.com/acme')).rejects.toMatchObject({
      error: { kind: 'invalid_input' },
    })
    expect(opened).toEqual([])
  })
})

describe('app.hidePopup', () => {
  it('asks the shell to hide the popup', async () => {
    let hidden = 0
    const session = { get: async () => signedIn } as unknown as SessionService
    const handlers = createAppHandlers({
      session,
      log: silentLogger,
      openExternal: async () => {},
      hidePopup: () => void hidden++,
    })
    expect(await handlers['app.hidePopup']({})).toEqual({})
    expect(hidden).toBe(1)
  })
})
