import { describe, expect, it } from 'vitest'
import { signInSchema } from './sign-in-schema'

describe('signInSchema', () => {
  it('asks for both fields when they are empty or only spaces', () => {
    const result = signInSchema.safeParse({ baseUrl: '  ', token: '' })
    expect(result.success).toBe(false)
    const fields = result.error?.issues.map((issue) => issue.path.join('.'))
    expect(fields).toEqual(['baseUrl', 'token'])
  })

  it('trims what it passes on and leaves the rest to main', () => {
    expect(signInSchema.parse({ baseUrl: ' ftp://x ', token: ' opk_abc \n' })).toEqual({
      baseUrl: 'ftp://x',
      token: 'opk_abc',
    })
  })
})
