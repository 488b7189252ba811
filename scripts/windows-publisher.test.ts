import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { windowsPublisherNames } from './windows-publisher.mjs'

const project = (publisher?: string) => {
  const root = mkdtempSync(join(tmpdir(), 'publisher-'))
  mkdirSync(join(root, 'build'))
  if (publisher !== undefined) writeFileSync(join(root, 'build', 'publisher.json'), publisher)
  return root
}

describe('windowsPublisherNames', () => {
  it('is empty without build/publisher.json and Azure signing: such a Windows build will not update', () => {
    expect(windowsPublisherNames({ root: project(), env: {} })).toEqual([])
  })

  it('reads windowsPublisherName (one or several) and the Azure Trusted Signing publisher, once each', () => {
    const root = project(JSON.stringify({ windowsPublisherName: ['Acme Ltd', ' CN=Acme Ltd, O=Acme '] }))
    expect(
      windowsPublisherNames({ root, env: { AZURE_TRUSTED_SIGNING_PUBLISHER_NAME: 'Acme Ltd' } }),
    ).toEqual(['Acme Ltd', 'CN=Acme Ltd, O=Acme'])
    expect(windowsPublisherNames({ root: project('{"windowsPublisherName":"Acme Ltd"}'), env: {} })).toEqual([
      'Acme Ltd',
    ])
  })

  it('stops the build on a broken file rather than building an app that cannot update', () => {
    expect(() => windowsPublisherNames({ root: project('{'), env: {} })).toThrow(/not valid JSON/)
    expect(() => windowsPublisherNames({ root: project('{"windowsPublisherName":[1]}'), env: {} })).toThrow(
      /string or a list of strings/,
    )
  })
})
