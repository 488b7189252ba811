import { describe, expect, it } from 'vitest'
import { idFromRef, lastSegment, parseRef, sameId, shortIdFromUuid, uuidFromShortId } from './ids'

const short = 'kHLABHdtjTkzZF2eK502u'
const slug = `ship-the-analytical-engine-v2-${short}`

describe('idFromRef', () => {
  it('takes a bare short id, a slug and a UUID as they are', () => {
    expect(idFromRef(short)).toBe(short)
    expect(idFromRef(slug)).toBe(slug)
    expect(idFromRef('  ' + slug + '\n')).toBe(slug)
    expect(idFromRef('4f2c8a1e-9b7d-4e3f-8a6b-1c2d3e4f5a6b')).toBe('4f2c8a1e-9b7d-4e3f-8a6b-1c2d3e4f5a6b')
    expect(idFromRef(`2026-03-01-${short}`)).toBe(`2026-03-01-${short}`)
  })

  it('takes the id out of a pasted goal or project address, however it ends', () => {
    const base = 'https://app.operately.com/analytical-engines-3Zc9/goals'
    for (const url of [
      `${base}/${slug}`,
      `${base}/${slug}/`,
      `${base}/${slug}?tab=check-ins`,
      `${base}/${slug}#comments`,
      `${base}/${slug}/?x=1#y`,
      `${base}/${slug}/progress-updates/new`,
      `app.operately.com/analytical-engines-3Zc9/goals/${slug}`,
      `/analytical-engines-3Zc9/goals/${slug}`,
    ]) {
      expect(idFromRef(url), url).toBe(slug)
    }
    expect(parseRef(`${base}/${slug}`)).toEqual({ id: slug, kind: 'goal' })
    expect(parseRef('http://operately.local:4000/acme/projects/launch-site-FTjZweJIkc6RtMHf1SwQI3/')).toEqual(
      {
        id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
        kind: 'project',
      },
    )
  })

  it('says who the id belongs to only for addresses', () => {
    expect(parseRef(slug)).toEqual({ id: slug, kind: null })
  })

  it('finds nothing in text that holds no id', () => {
    for (const input of [
      '',
      '   ',
      'ship the engine',
      'ship-the-engine-',
      '-abc',
      'https://app.operately.com/acme/goals',
      'https://app.operately.com/acme/goals/',
      'https://app.operately.com/acme/people/ada-lovelace-D4JcwFdlaMHYHBE0o9yzOe',
      'https://app.operately.com/acme/goals/not%20an%20id',
      'ftp://app.operately.com/acme/goals/abc',
      'javascript:alert(1)//goals/abc',
      `${'x'.repeat(30)}`.replace(/x/g, 'é'),
    ]) {
      expect(idFromRef(input), input).toBeNull()
    }
  })
})

describe('short ids and UUIDs', () => {
  it("encodes with Operately's Base62 alphabet, where A is zero", () => {
    expect(shortIdFromUuid('00000000-0000-0000-0000-000000000000')).toBe('A')
    expect(shortIdFromUuid('00000000-0000-0000-0000-000000000001')).toBe('B')
    expect(shortIdFromUuid('00000000-0000-0000-0000-00000000003d')).toBe('9')
    expect(shortIdFromUuid('00000000-0000-0000-0000-00000000003e')).toBe('BA')
    expect(shortIdFromUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toHaveLength(22)
  })

  it('round-trips', () => {
    for (const uuid of [
      '4f2c8a1e-9b7d-4e3f-8a6b-1c2d3e4f5a6b',
      '00000000-0000-0000-0000-000000000001',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
    ]) {
      expect(uuidFromShortId(shortIdFromUuid(uuid))).toBe(uuid)
    }
  })

  it('refuses what is not a short id', () => {
    expect(uuidFromShortId('has-dash')).toBeNull()
    expect(uuidFromShortId('9'.repeat(23))).toBeNull()
    // 22 characters, but more than 128 bits.
    expect(uuidFromShortId('9'.repeat(22))).toBeNull()
  })
})

describe('sameId', () => {
  it('compares by the segment the server reads, so renamed slugs still match', () => {
    expect(sameId(slug, short)).toBe(true)
    expect(sameId(slug, `ship-engine-v3-${short}`)).toBe(true)
    expect(sameId(`2026-03-01-${short}`, short)).toBe(true)
    expect(sameId(slug, 'ship-the-analytical-engine-v2-a7B017TjZJapP5sUAvqsK')).toBe(false)
  })

  it('matches a UUID with its short id', () => {
    const uuid = '4f2c8a1e-9b7d-4e3f-8a6b-1c2d3e4f5a6b'
    expect(sameId(uuid, shortIdFromUuid(uuid))).toBe(true)
    expect(sameId(`goal-name-${shortIdFromUuid(uuid)}`, uuid.toUpperCase())).toBe(true)
    expect(sameId(uuid, shortIdFromUuid('4f2c8a1e-9b7d-4e3f-8a6b-1c2d3e4f5a6c'))).toBe(false)
  })

  it('never matches empty ids', () => {
    expect(sameId('', '')).toBe(false)
    expect(sameId('abc', '')).toBe(false)
  })

  it('lastSegment keeps a UUID whole', () => {
    expect(lastSegment('4F2C8A1E-9B7D-4E3F-8A6B-1C2D3E4F5A6B')).toBe('4f2c8a1e-9b7d-4e3f-8a6b-1c2d3e4f5a6b')
    expect(lastSegment(slug)).toBe(short)
  })
})
