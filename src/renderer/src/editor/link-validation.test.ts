import { describe, expect, it } from 'vitest'
import { isAllowedLinkHref, validateLinkUrl } from './link-validation'

describe('validateLinkUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['HTTPS://Example.com/Path', 'HTTPS://Example.com/Path'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['mailto:ann@example.com', 'mailto:ann@example.com'],
    ['mailto:ann@example.com?subject=Launch', 'mailto:ann@example.com?subject=Launch'],
    ['example.com', 'https://example.com'],
    ['www.example.com/docs', 'https://www.example.com/docs'],
    ['example.com:8080/status', 'https://example.com:8080/status'],
    ['//cdn.example.com/file', 'https://cdn.example.com/file'],
    ['ann@example.com', 'mailto:ann@example.com'],
    [
      'https://app.operately.com/acme/goals/ship-v2-Xk2mQ8',
      'https://app.operately.com/acme/goals/ship-v2-Xk2mQ8',
    ],
  ])('accepts %j as %j', (input, href) => {
    expect(validateLinkUrl(input)).toEqual({ ok: true, href })
  })

  it.each([
    ['javascript:alert(1)', /“javascript:” addresses are not allowed/],
    ['JavaScript:alert(document.cookie)', /“javascript:” addresses are not allowed/],
    ['data:text/html,<script>alert(1)</script>', /“data:” addresses are not allowed/],
    ['file:///etc/passwd', /“file:” addresses are not allowed/],
    ['vbscript:msgbox', /“vbscript:” addresses are not allowed/],
    ['ftp://example.com', /“ftp:” addresses are not allowed/],
    ['java\tscript:alert(1)', /cannot contain spaces or invisible characters/],
    ['java\nscript:alert(1)', /cannot contain spaces or invisible characters/],
    ['https://exa mple.com', /cannot contain spaces/],
    ['', /Enter the address/],
    ['   ', /Enter the address/],
    ['localhost', /does not look like a web address/],
    ['just words', /cannot contain spaces/],
    ['https://', /not complete/],
    ['http:example.com', /not complete/],
    ['mailto:', /needs an address/],
  ])('refuses %j with a message', (input, message) => {
    const result = validateLinkUrl(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })
})

describe('isAllowedLinkHref', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['mailto:a@b.c', true],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['/relative/path', false],
    ['', false],
    [null, false],
  ])('%j → %s', (href, allowed) => {
    expect(isAllowedLinkHref(href)).toBe(allowed)
  })
})
