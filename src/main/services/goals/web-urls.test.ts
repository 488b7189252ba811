import { describe, expect, it } from 'vitest'
import { companyFromPath } from './web-urls'

describe('companyFromPath', () => {
  it('reads the company part in front of a section of the web app', () => {
    expect(companyFromPath('/analytical-engines-3Zc9/goals/ship-a7B0/progress-updates/new')).toBe(
      'analytical-engines-3Zc9',
    )
    expect(companyFromPath('/3Zc9/projects/launch-site-5JZP/check-ins/new')).toBe('3Zc9')
    expect(companyFromPath('/acme-1/goal-check-ins/2026-03-01-Xy')).toBe('acme-1')
    expect(companyFromPath('https://app.operately.com/acme-1/goals/x')).toBe('acme-1')
  })

  it('finds none in paths without one', () => {
    for (const path of [
      null,
      '',
      'acme/goals/x',
      '/goals/x',
      '/acme',
      '/acme/settings/x',
      '/a b/goals/x',
      'https://',
    ]) {
      expect(companyFromPath(path), String(path)).toBeNull()
    }
  })
})
