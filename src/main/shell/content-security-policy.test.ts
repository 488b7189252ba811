import { describe, expect, it } from 'vitest'
import {
  browserHarnessPolicy,
  contentSecurityPolicy,
  withContentSecurityPolicy,
} from './content-security-policy'

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )

describe('contentSecurityPolicy', () => {
  const app = directives(contentSecurityPolicy({ kind: 'bundle', root: '/app/out/renderer' }))

  it("refuses everything by default, and allows scripts and styles only from the app's own files", () => {
    expect(app.get('default-src')).toEqual(["'none'"])
    expect(app.get('script-src')).toEqual(["'self'"])
    expect(app.get('style-src')).toEqual(["'self'"])
  })

  it('gives the page no network (connect-src falls back to none), no framing, no forms, no <base>', () => {
    expect(app.has('connect-src')).toBe(false)
    expect(app.get('frame-ancestors')).toEqual(["'none'"])
    expect(app.get('form-action')).toEqual(["'none'"])
    expect(app.get('base-uri')).toEqual(["'none'"])
  })

  it('has no unsafe-inline, unsafe-eval, wildcard or scheme source anywhere', () => {
    for (const [name, sources] of app) {
      if (name === 'style-src-attr') continue
      for (const source of sources) expect(source, name).toMatch(/^'(self|none)'$/)
    }
  })

  it('lets the dev server hot-reload in development, and still allows no other host', () => {
    const dev = contentSecurityPolicy({ kind: 'dev-server', url: 'http://localhost:5173/' })
    expect(dev).toContain("connect-src 'self' ws://localhost:5173")
    expect(dev).toContain("script-src 'self' 'unsafe-inline'")
    expect(dev).toContain("frame-ancestors 'none'")
    expect(dev).not.toContain('*')
  })
})

describe('browserHarnessPolicy', () => {
  it("is the app's policy plus connect-src 'self' for the harness's fetch bridge, nothing else", () => {
    const app = directives(contentSecurityPolicy({ kind: 'bundle', root: '/x' }))
    const harness = directives(browserHarnessPolicy())
    expect(harness.get('connect-src')).toEqual(["'self'"])
    harness.delete('connect-src')
    expect(harness).toEqual(app)
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
