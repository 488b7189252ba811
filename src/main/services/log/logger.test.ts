import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogger, redact } from './logger'

describe('logger', () => {
  it('never writes a known secret or anything shaped like an Operately token', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'logs', 'main.log')
    const secret = 'my-custom-secret-value'
    const log = createLogger({ file, secrets: () => [secret] })
    log.error('request failed', {
      header: `Bearer ${secret}`,
      other: 'opk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    })
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('request failed')
    expect(text).not.toContain(secret)
    expect(text).not.toMatch(/opk_A{8,}/)
    expect(JSON.parse(text.trim())).toMatchObject({ level: 'error', message: 'request failed' })
  })

  it('leaves ordinary text alone', () => {
    expect(redact('signed in to https://app.operately.com', ['opk_x_long_secret'])).toBe(
      'signed in to https://app.operately.com',
    )
  })
})

describe('logger when its file cannot be written', () => {
  it('falls back to stderr instead of throwing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-'))
    const file = join(dir, 'logs', 'main.log')
    const log = createLogger({ file })
    rmSync(dir, { recursive: true, force: true })
    const written: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void written.push(...args)
    try {
      expect(() => log.warn('still here')).not.toThrow()
    } finally {
      console.error = original
    }
    expect(String(written[0])).toContain('still here')
  })
})
