import { readFileSync } from 'node:fs'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import type { Logger } from '../log/logger'
import { loadPolicy, macPolicyDomain } from './load-policy'
import { parsePlist } from './plist'
import { policyKeys } from './policy-keys'
import { policyRegistryPath } from './registry'

// The templates IT deploys (build/policy) must name exactly the keys the loader understands, and be valid
// documents: a typo in an ADMX makes the Group Policy editor refuse the whole file.

const read = (path: string) =>
  readFileSync(new URL(`../../../../build/policy/${path}`, import.meta.url), 'utf8')
const { DOMParser } = new JSDOM('').window

function parseXml(text: string) {
  const document = new DOMParser().parseFromString(text, 'application/xml')
  const error = document.getElementsByTagName('parsererror')[0]
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ''}`)
  return document
}

const collectingLog = (into: string[]): Logger => ({
  debug() {},
  info() {},
  warn: (message) => into.push(message),
  error: (message) => into.push(message),
})

describe('the Group Policy template (ADMX + ADML)', () => {
  const admx = parseXml(read('OperatelyTray.admx'))
  const adml = parseXml(read('en-US/OperatelyTray.adml'))
  const policies = Array.from(admx.getElementsByTagName('policy'))

  it('defines every policy key once, for both computer and user, under SOFTWARE\\Policies\\OperatelyTray', () => {
    expect(policies.map((policy) => policy.getAttribute('name')).sort()).toEqual([...policyKeys].sort())
    for (const policy of policies) {
      expect(policy.getAttribute('class'), policy.getAttribute('name') ?? '').toBe('Both')
      expect(policy.getAttribute('key')).toBe(policyRegistryPath)
    }
  })

  it('writes each key under its own name: DWORD 1/0 for on/off, text for the rest', () => {
    for (const policy of policies) {
      const name = policy.getAttribute('name') ?? ''
      const text = policy.getElementsByTagName('text')[0]
      if (text) {
        expect(text.getAttribute('valueName'), name).toBe(name)
      } else {
        expect(policy.getAttribute('valueName'), name).toBe(name)
        const decimal = (tag: string) =>
          policy.getElementsByTagName(tag)[0]?.getElementsByTagName('decimal')[0]?.getAttribute('value')
        expect([decimal('enabledValue'), decimal('disabledValue')], name).toEqual(['1', '0'])
      }
    }
    const textKeys = policies
      .filter((p) => p.getElementsByTagName('text').length > 0)
      .map((p) => p.getAttribute('name'))
    expect(textKeys.sort()).toEqual(['GlobalShortcut', 'ServerUrl', 'UpdateFeedUrl'])
  })

  it('has an English text for every string and presentation the ADMX refers to', () => {
    const strings = new Set(Array.from(adml.getElementsByTagName('string')).map((s) => s.getAttribute('id')))
    const presentations = new Set(
      Array.from(adml.getElementsByTagName('presentation')).map((p) => p.getAttribute('id')),
    )
    const source = read('OperatelyTray.admx')
    const referencedStrings = [...source.matchAll(/\$\(string\.([\w]+)\)/g)].map((m) => m[1])
    const referencedPresentations = [...source.matchAll(/\$\(presentation\.([\w]+)\)/g)].map((m) => m[1])
    expect(referencedStrings.length).toBeGreaterThan(policyKeys.length)
    for (const id of referencedStrings) expect(strings.has(id ?? ''), `string ${id}`).toBe(true)
    for (const id of referencedPresentations)
      expect(presentations.has(id ?? ''), `presentation ${id}`).toBe(true)
    // Every text box in a presentation is bound to a text element of the same policy.
    for (const box of Array.from(adml.getElementsByTagName('textBox'))) {
      const refId = box.getAttribute('refId')
      expect(
        policies.some((p) => p.getElementsByTagName('text')[0]?.getAttribute('id') === refId),
        `${refId}`,
      ).toBe(true)
    }
  })
})

describe('the macOS configuration profile example', () => {
  const profile = parsePlist(read('com.operately.tray.mobileconfig')) as Record<string, unknown>

  it('is a Configuration profile with one payload for the com.operately.tray domain', () => {
    expect(profile['PayloadType']).toBe('Configuration')
    const content = profile['PayloadContent'] as Record<string, unknown>[]
    expect(content).toHaveLength(1)
    expect(content[0]?.['PayloadType']).toBe(macPolicyDomain)
    expect(content[0]?.['PayloadUUID']).not.toBe(profile['PayloadUUID'])
  })

  it('sets every policy key, and the app reads its payload without a warning', async () => {
    const payload = (profile['PayloadContent'] as Record<string, unknown>[])[0] ?? {}
    expect(
      Object.keys(payload)
        .filter((key) => !key.startsWith('Payload'))
        .sort(),
    ).toEqual([...policyKeys].sort())
    const warnings: string[] = []
    const policy = await loadPolicy({
      platform: 'darwin',
      readers: {
        macManagedPreferences: async (scope) => (scope === 'machine' ? JSON.stringify(payload) : null),
      },
      log: collectingLog(warnings),
    })
    expect(warnings).toEqual([])
    expect(Object.keys(policy.machine)).toHaveLength(policyKeys.length)
  })
})

it('the Linux example policy sets every key', () => {
  expect(Object.keys(JSON.parse(read('policy.example.json')) as object).sort()).toEqual(
    [...policyKeys].sort(),
  )
})
