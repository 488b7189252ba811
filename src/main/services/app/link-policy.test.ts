import { describe, expect, it } from 'vitest'
import { decideLink } from './link-policy'

const server = 'https://app.operately.com'

describe('decideLink', () => {
  it.each([
    ['a page of the signed-in server', 'https://app.operately.com/acme/goals/1'],
    ['the server with an explicit default port', 'https://app.operately.com:443/acme'],
    ['the server written in capitals', 'HTTPS://APP.OPERATELY.COM/acme'],
  ])('opens %s directly', (_what, url) => {
    expect(decideLink(url, server)).toEqual({ action: 'open', url: new URL(url).href })
  })

  it.each([
    ['another site', 'https://example.com/report', 'example.com'],
    ['plain http on another site', 'http://intranet.local/wiki', 'intranet.local'],
    ['the server over http (another origin)', 'http://app.operately.com/acme', 'app.operately.com'],
    ['the server on another port', 'https://app.operately.com:8443/acme', 'app.operately.com:8443'],
    ['a subdomain of the server', 'https://evil.app.operately.com/', 'evil.app.operately.com'],
    ['a look-alike name, shown as it really is', 'https://аpp.operately.com/', 'xn--pp-6kc.operately.com'],
  ])('asks before opening %s', (_what, url, host) => {
    expect(decideLink(url, server)).toEqual({
      action: 'ask',
      question: { kind: 'web', url: new URL(url).href, host },
    })
  })

  it.each([
    ['one address', 'mailto:ada@example.com', 'ada@example.com'],
    [
      'a subject and a body',
      'mailto:ada@example.com?subject=Launch%20plan&body=See%20you',
      'ada@example.com',
    ],
    [
      'several addresses and a copy',
      'mailto:ada@example.com,bob@example.org?cc=eve@example.net',
      'ada@example.com, bob@example.org (cc: eve@example.net)',
    ],
    ['the scheme in capitals', 'MAILTO:ada@example.com', 'ada@example.com'],
  ])('asks before opening a mail link with %s', (_what, url, to) => {
    expect(decideLink(url, server)).toEqual({
      action: 'ask',
      question: { kind: 'mail', url: new URL(url).href, to },
    })
  })

  it('asks about every web address when nobody is signed in', () => {
    expect(decideLink('https://app.operately.com/acme', null)).toMatchObject({ action: 'ask' })
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'file:///etc/passwd',
    'file:///C:/Windows/System32/calc.exe',
    'data:text/html,<script>alert(1)</script>',
    'mailto:',
    'mailto:?to=ada@example.com',
    'mailto:ada',
    'mailto:ada@localhost',
    'mailto:ada@example.com?attach=/etc/passwd',
    'mailto:ada@example.com?subject=Hi&x-header=1',
    'mailto:ada@example.com?cc=not-an-address',
    'mailto:%E0%A4%A@example.com',
    'mailto:"Ada Lovelace" <ada@example.com>',
    'smb://server/share',
    'ms-settings:',
    'vbscript:msgbox',
    'app://operately-tray/index.html',
    'https://app.operately.com@evil.example/',
    'https://user:pw@app.operately.com/acme',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(decideLink(url, server)).toMatchObject({ action: 'refuse' })
  })
})
