import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy'

describe('contentSecurityPolicy', () => {
  it('is strict for the packaged page: own scripts only, no network, no framing, no forms', () => {
    expect(contentSecurityPolicy({ kind: 'file', path: '/app/out/renderer/index.html' })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    )
  })

  it('lets the dev server hot-reload in development, and still allows no other host', () => {
    const policy = contentSecurityPolicy({ kind: 'dev-server', url: 'http://localhost:5173/' })
    expect(policy).toContain("connect-src 'self' ws://localhost:5173")
    expect(policy).toContain("script-src 'self' 'unsafe-inline'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('*')
  })
})

describe('withContentSecurityPolicy', () => {
  it('replaces a policy the server sent, whatever the header case, and keeps the other headers', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] },
      "default-src 'self'",
    )
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["default-src 'self'"],
    })
  })

  it('adds the policy when the response had no headers', () => {
    expect(withContentSecurityPolicy(undefined, "default-src 'self'")).toEqual({
      'Content-Security-Policy': ["default-src 'self'"],
    })
  })
})
