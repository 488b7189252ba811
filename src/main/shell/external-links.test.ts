import { describe, expect, it } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { createLinkOpener, externalHttpUrl } from './external-links'

describe('externalHttpUrl', () => {
  it.each([
    ['https://app.operately.com/goals/1', 'https://app.operately.com/goals/1'],
    ['http://intranet.local/wiki', 'http://intranet.local/wiki'],
    ['HTTPS://Example.COM', 'https://example.com/'],
  ])('lets the web address %s through', (raw, expected) => {
    expect(externalHttpUrl(raw)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'smb://server/share',
    'vbscript:msgbox',
    'ms-settings:',
    'not a url',
    '',
  ])('refuses %s', (raw) => {
    expect(externalHttpUrl(raw)).toBeNull()
  })
})

describe('createLinkOpener', () => {
  it('hands web addresses to the browser and nothing else', async () => {
    const opened: string[] = []
    const open = createLinkOpener(async (url) => void opened.push(url), silentLogger)
    expect(open('https://example.com/a')).toBe(true)
    expect(open('file:///etc/passwd')).toBe(false)
    expect(opened).toEqual(['https://example.com/a'])
  })

  it('logs, rather than crashes, when the OS cannot open the link', async () => {
    const warnings: string[] = []
    const log = { ...silentLogger, warn: (message: string) => void warnings.push(message) }
    const open = createLinkOpener(() => Promise.reject(new Error('no browser')), log)
    expect(open('https://example.com/')).toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    expect(warnings).toEqual(['the default browser could not open a link'])
  })
})
