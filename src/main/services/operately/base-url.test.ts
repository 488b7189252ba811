import { describe, expect, it } from 'vitest'
import { AppFailure } from '@shared/errors'
import { isLoopbackHost, normalizeBaseUrl } from './base-url'

function failure(input: string): AppFailure {
  try {
    normalizeBaseUrl(input)
  } catch (err) {
    if (err instanceof AppFailure) return err
    throw err
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`)
}

describe('normalizeBaseUrl accepts what people type or paste', () => {
  it.each([
    ['app.operately.com', 'https://app.operately.com'],
    ['  app.operately.com \n', 'https://app.operately.com'],
    ['https://app.operately.com', 'https://app.operately.com'],
    ['https://app.operately.com/', 'https://app.operately.com'],
    ['HTTPS://App.Operately.COM/', 'https://app.operately.com'],
    ['https://x.example/', 'https://x.example'],
    ['https://app.operately.com/acme/goals/launch-site-2f8XkQ9', 'https://app.operately.com'],
    ['https://app.operately.com/acme/projects/x-123?tab=overview#top', 'https://app.operately.com'],
    ['https://operately.example.com/api/external/v1/', 'https://operately.example.com'],
    ['operately.example.com:8443/acme', 'https://operately.example.com:8443'],
    ['https://operately.example.com:443', 'https://operately.example.com'],
    ['https://operately', 'https://operately'],
    ['http://localhost:4000', 'http://localhost:4000'],
    ['localhost:4000', 'http://localhost:4000'],
    ['http://127.0.0.1:39211/', 'http://127.0.0.1:39211'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.1.2.3', 'http://127.1.2.3'],
    ['http://[::1]:4000/acme', 'http://[::1]:4000'],
    ['https://localhost:4000', 'https://localhost:4000'],
    ['https://10.0.0.5', 'https://10.0.0.5'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected)
  })
})

describe('normalizeBaseUrl rejects what cannot be an Operately address, saying what to type', () => {
  it.each([
    ['', /Enter the address/],
    ['   \n ', /Enter the address/],
    ['app operately com', /cannot contain spaces/],
    ['https://app.operately.com/acme goals', /cannot contain spaces/],
    ['http://app.operately.com', /https:\/\/app\.operately\.com instead/],
    ['http://10.0.0.5:4000', /https:\/\/10\.0\.0\.5:4000 instead/],
    ['http://localhost.evil.com', /https:\/\/localhost\.evil\.com instead/],
    ['ftp://app.operately.com', /“ftp:” addresses cannot be used/],
    ['javascript:alert(1)', /“javascript:” addresses cannot be used/],
    ["javascript:alert('a@b')", /“javascript:” addresses cannot be used/],
    ['file:///etc/passwd', /“file:” addresses cannot be used/],
    ['data:text/html,<b>hi</b>', /“data:” addresses cannot be used/],
    ['mailto:ada@example.com', /“mailto:” addresses cannot be used/],
    ['https://ada:secret@app.operately.com', /user name or password/],
    ['ada:secret@app.operately.com', /user name or password/],
    ['https://ada@app.operately.com', /user name or password/],
    ['https://', /not a web address/],
    ['http://', /not a web address/],
    ['https://exa_mple.com', /not a valid server address/],
    ['-bad-.example.com', /not a valid server address/],
    ['app..operately.com', /not a valid server address/],
    ['%%%', /not a web address|not a valid server address/],
    ['https://app.operately.com:99999', /not a web address/],
  ])('%j', (input, message) => {
    const err = failure(input)
    expect(err.error.kind).toBe('invalid_input')
    expect(err.error.field).toBe('baseUrl')
    expect(err.error.message).toMatch(message)
  })

  it('never echoes a password back in the message', () => {
    expect(failure('https://ada:hunter2@app.operately.com').error.message).not.toContain('hunter2')
  })

  // A token pasted into the address field, alone or around an address: whatever goes wrong, the message
  // repeats at most a valid host, never the rest of what was typed.
  const secret = 'opk_s3cretT0kenValue'
  it.each([
    secret,
    `${secret}:abc`,
    `https://${secret}`,
    `https://${secret}.example.com:99999`,
    `https://app.operately.com:99999/${secret}`,
    `app.operately.com/${secret} x`,
    `ftp://app.operately.com/${secret}`,
    `javascript:${secret}`,
    `s3cretprefix:${secret}`,
    `http://app.operately.com/${secret}?token=${secret}#${secret}`,
    `https://ada:${secret}@app.operately.com`,
    `%${secret}%`,
    `-${secret}-.example.com`,
  ])('does not repeat %j beyond its host', (input) => {
    const message = failure(input).error.message
    expect(message).not.toContain('s3cret')
    expect(message).not.toContain('T0ken')
  })

  it('names a valid host where that helps', () => {
    expect(failure(`http://app.operately.com/${secret}`).error.message).toBe(
      'The address must start with https:// so your token travels encrypted. Enter https://app.operately.com instead.',
    )
  })
})

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['[::1]', true],
    ['localhost.example.com', false],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected)
  })
})
