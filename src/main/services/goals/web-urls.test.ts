import { describe, expect, it } from 'vitest'
import { companyFromPath, createWebUrls } from './web-urls'

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

describe('createWebUrls', () => {
  const signedIn = {
    status: 'signed_in',
    baseUrl: 'https://ops.example',
    person: { id: 'p1', fullName: 'Ada Lovelace' },
  }
  const assignments = {
    due_soon: [
      {
        origin: { path: '/acme-1/goals/ship-a7B0' },
        assignments: [{ path: '/acme-1/goal-check-ins/2026-03-01-Xy', origin: null }],
      },
    ],
    needs_review: [],
    upcoming: [],
  }
  const session = (state: unknown) =>
    ({
      get: async () => state,
      client: async () => ({ listAssignments: async () => assignments }),
    }) as unknown as Parameters<typeof createWebUrls>[0]['session']
  const log = { warn: () => undefined } as unknown as Parameters<typeof createWebUrls>[0]['log']

  it('builds the pages of a goal, a project and a goal check-in under the company part', async () => {
    const urls = createWebUrls({ session: session(signedIn), log })
    expect(await urls.goal('ship-a7B0')).toBe('https://ops.example/acme-1/goals/ship-a7B0')
    expect(await urls.project('launch-5JZP')).toBe('https://ops.example/acme-1/projects/launch-5JZP')
    expect(await urls.checkIn('2026-03-02-Ab/c')).toBe(
      'https://ops.example/acme-1/goal-check-ins/2026-03-02-Ab%2Fc',
    )
  })

  it('knows no page while signed out', async () => {
    const urls = createWebUrls({ session: session({ status: 'signed_out' }), log })
    expect(await urls.checkIn('2026-03-02-Ab')).toBeNull()
  })
})
