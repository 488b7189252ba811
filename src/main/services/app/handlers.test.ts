import { describe, expect, it } from 'vitest'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../log/logger'
import { createAppHandlers } from './handlers'
import { createLinkService, questionTtlMs } from './link-service'

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'ada', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: '1.8.0',
}

function setup(state: SessionState = signedIn) {
  const opened: string[] = []
  const warnings: Record<string, unknown>[] = []
  let clock = 1_000_000
  const links = createLinkService({
    session: { get: async () => state },
    openExternal: async (url) => void opened.push(url),
    log: { ...silentLogger, warn: (_m, fields) => void warnings.push(fields ?? {}) },
    now: () => clock,
  })
  const handlers = createAppHandlers({ links, hidePopup: () => {} })
  return {
    opened,
    warnings,
    links,
    handlers,
    open: (url: string) => handlers['app.openExternal']({ url }),
    later: (ms: number) => void (clock += ms),
  }
}

describe('app.openExternal', () => {
  it('opens a page of the signed-in server in the default browser at once', async () => {
    const { opened, open } = setup()
    expect(await open('https://app.operately.com/acme/goals/ship-it-kHLABHdtjTkzZF2eK502u')).toEqual({
      status: 'opened',
    })
    expect(opened).toEqual(['https://app.operately.com/acme/goals/ship-it-kHLABHdtjTkzZF2eK502u'])
  })

  it('answers a link to another site with a question, and opens nothing until the person says yes', async () => {
    const { opened, open, handlers } = setup()
    const outcome = await open('https://example.com/report?q=1')
    expect(outcome).toMatchObject({
      status: 'ask',
      question: { host: 'example.com', url: 'https://example.com/report?q=1' },
    })
    expect(opened).toEqual([])
    if (outcome.status !== 'ask') throw new Error('expected a question')
    expect(await handlers['app.answerLinkQuestion']({ id: outcome.question.id, open: true })).toEqual({
      opened: true,
    })
    expect(opened).toEqual(['https://example.com/report?q=1'])
    // An answer counts once: the same id again opens nothing.
    expect(await handlers['app.answerLinkQuestion']({ id: outcome.question.id, open: true })).toEqual({
      opened: false,
    })
    expect(opened).toHaveLength(1)
  })

  it('opens nothing on "no", on an id main never gave out, or on an answer that came too late', async () => {
    const { opened, open, handlers, later } = setup()
    const declined = await open('https://example.com/a')
    const late = await open('https://example.com/b')
    if (declined.status !== 'ask' || late.status !== 'ask') throw new Error('expected questions')
    expect(await handlers['app.answerLinkQuestion']({ id: declined.question.id, open: false })).toEqual({
      opened: false,
    })
    expect(await handlers['app.answerLinkQuestion']({ id: 'made-up', open: true })).toEqual({ opened: false })
    later(questionTtlMs + 1)
    expect(await handlers['app.answerLinkQuestion']({ id: late.question.id, open: true })).toEqual({
      opened: false,
    })
    expect(opened).toEqual([])
  })

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pw@app.operately.com/acme',
    'not a url',
  ])('refuses %s with invalid_input, logs it, and opens nothing', async (url) => {
    const { opened, open, warnings } = setup()
    await expect(open(url)).rejects.toMatchObject({ error: { kind: 'invalid_input' } })
    expect(opened).toEqual([])
    expect(warnings).toMatchObject([{ via: 'open-external' }])
  })

  it('logs a refused or asked-about link without the name, password, query or fragment it carries', async () => {
    const lines: string[] = []
    const write = (message: string, fields?: Record<string, unknown>) =>
      void lines.push(JSON.stringify({ message, ...fields }))
    const links = createLinkService({
      session: { get: async () => signedIn },
      openExternal: async () => {},
      log: { ...silentLogger, info: write, warn: write },
    })
    await links.request('https://ada:hunter2@intranet.example/wiki?sso=s3cret#frag-secret', 'navigation')
    await links.request('ftp://ada:hunter2@files.example/x?sso=s3cret', 'new-window')
    await links.request('not an address s3cret', 'navigation')
    expect(lines).toHaveLength(3)
    for (const secret of ['hunter2', 's3cret', 'frag-secret']) expect(lines.join('\n')).not.toContain(secret)
    expect(lines.join('\n')).toContain('https://intranet.example/wiki')
  })

  it('asks even about the last server when nobody is signed in', async () => {
    const { opened, open } = setup({ status: 'signed_out', lastBaseUrl: 'https://app.operately.com' })
    expect(await open('https://app.operately.com/acme')).toMatchObject({ status: 'ask' })
    expect(opened).toEqual([])
  })
})

describe('link questions left by navigations', () => {
  it('tells the shell, and hands the newest question to the page once', async () => {
    const { links, handlers } = setup()
    let signals = 0
    links.onQuestion(() => void signals++)
    await links.request('https://example.com/one', 'navigation')
    await links.request('https://example.org/two', 'new-window')
    expect(signals).toBe(2)
    expect(await handlers['app.takeLinkQuestion']({})).toMatchObject({
      question: { host: 'example.org', url: 'https://example.org/two' },
    })
    expect(await handlers['app.takeLinkQuestion']({})).toMatchObject({
      question: { host: 'example.com', url: 'https://example.com/one' },
    })
    expect(await handlers['app.takeLinkQuestion']({})).toEqual({ question: null })
  })

  it('does not signal for a question the page asked itself (it already has it)', async () => {
    const { links, open, handlers } = setup()
    let signals = 0
    links.onQuestion(() => void signals++)
    await open('https://example.com/')
    expect(signals).toBe(0)
    expect(await handlers['app.takeLinkQuestion']({})).toEqual({ question: null })
  })

  it('keeps only a few questions: a page asking in a loop cannot pile them up', async () => {
    const { links } = setup()
    const ids: string[] = []
    for (let i = 0; i < 20; i++) {
      const outcome = await links.request(`https://example.com/${i}`, 'navigation')
      if (outcome.status === 'ask') ids.push(outcome.question.id)
    }
    expect((await links.answer(ids[0] ?? '', true)).opened).toBe(false)
    expect((await links.answer(ids.at(-1) ?? '', true)).opened).toBe(true)
  })
})

describe('app.hidePopup', () => {
  it('asks the shell to hide the popup', async () => {
    let hidden = 0
    const { links } = setup()
    const handlers = createAppHandlers({ links, hidePopup: () => void hidden++ })
    expect(await handlers['app.hidePopup']({})).toEqual({})
    expect(hidden).toBe(1)
  })
})

describe('app.numberLocale', () => {
  const links = createLinkService({
    session: { get: async () => signedIn },
    openExternal: async () => {},
    log: silentLogger,
  })
  const answer = (numberLocale: () => string | null) =>
    createAppHandlers({ links, hidePopup: () => {}, numberLocale })['app.numberLocale']({})

  it('gives the OS locale for numbers, written the standard way', async () => {
    expect(await answer(() => 'en-DE')).toEqual({ locale: 'en-DE' })
    expect(await answer(() => 'de_CH')).toEqual({ locale: 'de-CH' })
  })

  it('gives null when the OS says nothing usable: the language of the page stands', async () => {
    expect(await answer(() => null)).toEqual({ locale: null })
    expect(await answer(() => '')).toEqual({ locale: null })
    expect(await answer(() => 'not a locale!')).toEqual({ locale: null })
    expect(
      await answer(() => {
        throw new Error('not ready')
      }),
    ).toEqual({ locale: null })
  })
})
