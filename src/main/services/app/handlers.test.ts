import { noNumberSettings, type NumberSettingsSource } from './number-settings'
import { describe, expect, it } from 'vitest'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../log/logger'
import { createAppHandlers } from './handlers'
import type { LinkQuestion } from './link-policy'
import { createLinkService, type AskBeforeOpening } from './link-service'

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'ada', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: '1.8.0',
  capabilities: null,
}

/** Main's dialog as the link service sees it: records each question, answers when the test says. */
function fakeDialog() {
  const asked: LinkQuestion[] = []
  const open: ((yes: boolean) => void)[] = []
  const ask: AskBeforeOpening = (question) => {
    asked.push(question)
    return new Promise((resolve) => open.push(resolve))
  }
  const answer = (yes: boolean) => {
    const next = open.shift()
    if (!next) throw new Error('no dialog is open')
    next(yes)
  }
  return { asked, ask, answer, isOpen: () => open.length > 0 }
}

function setup(state: SessionState = signedIn, ask?: AskBeforeOpening) {
  const opened: string[] = []
  const warnings: Record<string, unknown>[] = []
  const dialog = fakeDialog()
  const links = createLinkService({
    session: { get: async () => state },
    openExternal: async (url) => void opened.push(url),
    ask: ask ?? dialog.ask,
    log: { ...silentLogger, warn: (_m, fields) => void warnings.push(fields ?? {}) },
  })
  const handlers = createAppHandlers({ links, hidePopup: () => {} })
  return { opened, warnings, dialog, open: (url: string) => handlers['app.openExternal']({ url }) }
}

/** Lets every settled promise run its continuations (the service reads the session before asking). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('app.openExternal', () => {
  it('asks once before the signed-in server’s first page (the page chose that server), then opens its pages at once', async () => {
    const { opened, open, dialog } = setup()
    const goal = 'https://app.operately.com/acme/goals/ship-it-kHLABHdtjTkzZF2eK502u'
    const first = open(goal)
    await settle()
    expect(dialog.asked).toEqual([{ kind: 'web', host: 'app.operately.com', url: goal, server: true }])
    expect(opened).toEqual([])
    dialog.answer(true)
    expect(await first).toEqual({ status: 'opened' })
    // Said Open once: the same server's pages now open without a dialog.
    expect(await open('https://app.operately.com/acme/projects/launch-x')).toEqual({ status: 'opened' })
    expect(opened).toEqual([goal, 'https://app.operately.com/acme/projects/launch-x'])
    expect(dialog.asked).toHaveLength(1)
  })

  it('keeps asking about the signed-in server’s pages while the person answers Cancel', async () => {
    const { opened, open, dialog } = setup()
    const first = open('https://app.operately.com/acme')
    await settle()
    dialog.answer(false)
    expect(await first).toEqual({ status: 'cancelled' })
    const second = open('https://app.operately.com/acme')
    await settle()
    expect(dialog.asked).toHaveLength(2)
    dialog.answer(false)
    expect(await second).toEqual({ status: 'cancelled' })
    expect(opened).toEqual([])
  })

  it("a page-side call opens a link to another site only once main's dialog is answered Open", async () => {
    const { opened, open, dialog } = setup()
    const outcome = open('https://example.com/report?q=1')
    await settle()
    expect(dialog.asked).toEqual([
      { kind: 'web', host: 'example.com', url: 'https://example.com/report?q=1' },
    ])
    // The page's call is still waiting on main's dialog; nothing is open yet.
    expect(opened).toEqual([])
    dialog.answer(true)
    expect(await outcome).toEqual({ status: 'opened' })
    expect(opened).toEqual(['https://example.com/report?q=1'])
  })

  it("opens nothing when main's dialog is answered Cancel, and tells the page so", async () => {
    const { opened, open, dialog } = setup()
    const outcome = open('https://example.com/a')
    await settle()
    dialog.answer(false)
    expect(await outcome).toEqual({ status: 'cancelled' })
    expect(opened).toEqual([])
  })

  it('opens a mail link in the mail program only after the same dialog', async () => {
    const { opened, open, dialog } = setup()
    const cancelled = open('mailto:ann@example.com?subject=Launch')
    await settle()
    expect(dialog.asked).toEqual([
      { kind: 'mail', to: 'ann@example.com', url: 'mailto:ann@example.com?subject=Launch' },
    ])
    dialog.answer(false)
    expect(await cancelled).toEqual({ status: 'cancelled' })
    expect(opened).toEqual([])
    const agreed = open('mailto:ann@example.com?subject=Launch')
    await settle()
    dialog.answer(true)
    expect(await agreed).toEqual({ status: 'opened' })
    expect(opened).toEqual(['mailto:ann@example.com?subject=Launch'])
  })

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'https://user:pw@app.operately.com/acme',
    'mailto:ann@example.com?attach=/etc/passwd',
    'not a url',
  ])('refuses %s without a dialog, says why, logs it, and opens nothing', async (url) => {
    const { opened, open, warnings, dialog } = setup()
    expect(await open(url)).toMatchObject({ status: 'refused', reason: expect.any(String) })
    expect(dialog.asked).toEqual([])
    expect(opened).toEqual([])
    expect(warnings).toMatchObject([{ via: 'open-external' }])
  })

  it('asks one question at a time: a page calling in a loop is refused while a dialog is open', async () => {
    const { opened, open, dialog } = setup()
    const first = open('https://example.com/1')
    await settle()
    expect(await open('https://example.com/2')).toMatchObject({ status: 'refused' })
    expect(dialog.asked).toHaveLength(1)
    dialog.answer(false)
    expect(await first).toEqual({ status: 'cancelled' })
    // Once answered, the next link is asked about again.
    const next = open('https://example.com/3')
    await settle()
    expect(dialog.asked).toHaveLength(2)
    dialog.answer(true)
    expect(await next).toEqual({ status: 'opened' })
    expect(opened).toEqual(['https://example.com/3'])
  })

  it('opens nothing when the dialog cannot be shown, and asks again next time', async () => {
    let calls = 0
    const { opened, open } = setup(signedIn, async () => {
      calls += 1
      if (calls === 1) throw new Error('no display')
      return true
    })
    expect(await open('https://example.com/a')).toMatchObject({ status: 'refused' })
    expect(opened).toEqual([])
    expect(await open('https://example.com/a')).toEqual({ status: 'opened' })
  })

  it('logs a refused or asked-about link without the name, password, query or fragment it carries', async () => {
    const lines: string[] = []
    const write = (message: string, fields?: Record<string, unknown>) =>
      void lines.push(JSON.stringify({ message, ...fields }))
    const links = createLinkService({
      session: { get: async () => signedIn },
      openExternal: async () => {},
      ask: async () => false,
      log: { ...silentLogger, info: write, warn: write },
    })
    await links.request('https://intranet.example/wiki?sso=s3cret#frag-secret', 'navigation')
    await links.request('https://ada:hunter2@intranet.example/wiki?sso=s3cret#frag-secret', 'navigation')
    await links.request('ftp://ada:hunter2@files.example/x?sso=s3cret', 'new-window')
    await links.request('not an address s3cret', 'navigation')
    await links.request('mailto:ann@example.com?subject=s3cret', 'open-external')
    expect(lines).toHaveLength(5)
    for (const secret of ['hunter2', 's3cret', 'frag-secret', 'ann@example.com']) {
      expect(lines.join('\n')).not.toContain(secret)
    }
    expect(lines.join('\n')).toContain('https://intranet.example/wiki')
  })

  it('asks even about the last server when nobody is signed in', async () => {
    const { opened, open, dialog } = setup({ status: 'signed_out', lastBaseUrl: 'https://app.operately.com' })
    const outcome = open('https://app.operately.com/acme')
    await settle()
    expect(dialog.asked).toMatchObject([{ host: 'app.operately.com' }])
    dialog.answer(false)
    expect(await outcome).toEqual({ status: 'cancelled' })
    expect(opened).toEqual([])
  })
})

describe('app.hidePopup', () => {
  it('asks the shell to hide the popup', async () => {
    let hidden = 0
    const links = createLinkService({
      session: { get: async () => signedIn },
      openExternal: async () => {},
      ask: async () => false,
      log: silentLogger,
    })
    const handlers = createAppHandlers({ links, hidePopup: () => void hidden++ })
    expect(await handlers['app.hidePopup']({})).toEqual({})
    expect(hidden).toBe(1)
  })
})

describe('app.numberLocale', () => {
  const links = createLinkService({
    session: { get: async () => signedIn },
    openExternal: async () => {},
    ask: async () => false,
    log: silentLogger,
  })
  const answer = (numberLocale: () => string | null) =>
    createAppHandlers({ links, hidePopup: () => {}, numberLocale })['app.numberLocale']({})

  it('gives the OS locale for numbers, written the standard way', async () => {
    expect(await answer(() => 'en-DE')).toEqual({ locale: 'en-DE', settings: noNumberSettings })
    expect(await answer(() => 'de_CH')).toEqual({ locale: 'de-CH', settings: noNumberSettings })
  })

  it('gives null when the OS says nothing usable: the language of the page stands', async () => {
    expect(await answer(() => null)).toEqual({ locale: null, settings: noNumberSettings })
    expect(await answer(() => '')).toEqual({ locale: null, settings: noNumberSettings })
    expect(await answer(() => 'not a locale!')).toEqual({ locale: null, settings: noNumberSettings })
    expect(
      await answer(() => {
        throw new Error('not ready')
      }),
    ).toEqual({ locale: null, settings: noNumberSettings })
  })
})

describe('app.numberLocale with the person’s own number settings', () => {
  const links = createLinkService({
    session: { get: async () => signedIn },
    openExternal: async () => {},
    ask: async () => false,
    log: silentLogger,
  })
  const swissPoint = { decimal: '.', group: '\u2019', digits: null }
  const answer = (numberSettings: NumberSettingsSource, numberLocale: () => string | null = () => 'de-DE') =>
    createAppHandlers({ links, hidePopup: () => {}, numberLocale, numberSettings })['app.numberLocale']({})

  it('gives the settings the OS readers found beside the locale', async () => {
    const source = { settings: async () => swissPoint, locale: async () => null }
    expect(await answer(source)).toEqual({ locale: 'de-DE', settings: swissPoint })
  })

  it('prefers the locale macOS formats in (AppleLocale) to the system locale', async () => {
    const source = { settings: async () => noNumberSettings, locale: async () => 'en-CH' }
    expect(await answer(source)).toEqual({ locale: 'en-CH', settings: noNumberSettings })
  })

  it('falls back to the locale alone when a reader fails', async () => {
    const source = {
      settings: async () => Promise.reject(new Error('reg.exe is gone')),
      locale: async () => Promise.reject(new Error('defaults is gone')),
    }
    expect(await answer(source)).toEqual({ locale: 'de-DE', settings: noNumberSettings })
  })
})
