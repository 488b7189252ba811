import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  publisherBuilderConfig,
  publisherProblems,
  signerMatchesPublisher,
  readPublisher,
  windowsPublisherNames,
  type Publisher,
} from './publisher.mjs'

// build/publisher.json is the one place the publisher is written down; a release build must refuse the
// placeholders it ships with, and anything else that only stands in for a real publisher.

const root = fileURLToPath(new URL('..', import.meta.url))
const real: Publisher = {
  name: 'Acme Software Ltd',
  email: 'packaging@acme-software.co.uk',
  windowsPublisherName: 'CN=Acme Software Ltd, O=Acme Software Ltd, L=London, C=GB',
}
const release = (publisher: unknown) => publisherProblems(publisher, { release: true })

describe('the publisher details for a release build', () => {
  it('accepts a real publisher', () => {
    expect(release(real)).toEqual([])
    expect(release({ ...real, $comment: 'edited by IT' })).toEqual([])
  })

  it('refuses the placeholders the repository ships with, naming each one', () => {
    const problems = release(readPublisher())
    expect(problems).toEqual([
      expect.stringContaining('"name" is the app\'s own name ("Operately Tray")'),
      expect.stringContaining(
        '"email" is a placeholder (packaging@operately-tray.invalid: .invalid addresses are never delivered)',
      ),
      expect.stringContaining('"windowsPublisherName" is empty'),
    ])
  })

  // The same placeholders, spelt so that a pattern written for the usual spelling misses them.
  it.each([
    ["the app's name as the publisher", { name: 'Operately Tray' }, '"name" is the app\'s own name'],
    ["the app's name in other letters", { name: ' operately  TRAY ' }, '"name" is the app\'s own name'],
    [
      "the app's name as the Windows signer",
      { windowsPublisherName: 'Operately Tray' },
      '"windowsPublisherName" is the app\'s own name',
    ],
    ['an .invalid address with a trailing dot', { email: 'me@corp.invalid.' }, '.invalid addresses'],
    ['an example.com address with a trailing dot', { email: 'it@EXAMPLE.com.' }, 'is an example domain'],
    ['change_me', { name: 'CHANGE_ME' }, '"name" is a placeholder'],
    ['change-me', { windowsPublisherName: 'change-me' }, '"windowsPublisherName" is a placeholder'],
    ['"Your Company"', { name: 'Your Company Ltd' }, '"name" is a placeholder'],
    ['"Company Name"', { name: 'Company Name' }, '"name" is a placeholder'],
    ['an example name in one word', { name: 'Example_Corp' }, '"name" is a placeholder'],
    ['a placeholder in full-width letters', { name: 'Ｅｘａｍｐｌｅ Ltd' }, '"name" is a placeholder'],
    ['a name with no letters', { name: '-' }, '"name" has no letters'],
    ['N/A', { windowsPublisherName: 'N/A' }, '"windowsPublisherName" is a placeholder'],
    [
      'an invisible character',
      { name: 'Ex\u200bample Ltd' },
      '"name" contains an invisible or control character',
    ],
    [
      'an invisible character in the address',
      { email: 'me@corp.invalid\u200b' },
      '"email" contains an invisible or control character',
    ],
  ])('refuses %s', (_what, change, expected) => {
    const problems = release({ ...real, ...change })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(expected)
  })

  it('accepts real names that merely contain a placeholder-like word inside another', () => {
    expect(
      release({
        ...real,
        name: 'Examplify GmbH',
        windowsPublisherName: 'CN=Todoist Ltd, O=Todoist Ltd, C=GB',
      }),
    ).toEqual([])
    expect(
      release({
        ...real,
        name: 'Unknown Worlds Entertainment',
        windowsPublisherName: 'CN=None Such Ltd, O=None Such Ltd, C=US',
      }),
    ).toEqual([])
    expect(release({ ...real, name: 'Müller Straße GmbH' })).toEqual([])
  })

  it.each([
    ['an .invalid address', { email: 'me@corp.invalid' }, '"email" is a placeholder'],
    ['an example.com address', { email: 'it@example.com' }, 'example.com is an example domain'],
    ['an example.org subdomain', { email: 'ops@mail.example.org' }, 'mail.example.org is an example domain'],
    ['an example.* domain', { email: 'ops@example.co.uk' }, 'example.co.uk is an example domain'],
    ['a .test address', { email: 'a@b.test' }, '.test addresses are never delivered'],
    ['a .localhost address', { email: 'a@b.localhost' }, '.localhost addresses are never delivered'],
    ['an empty name', { name: '' }, '"name" is empty'],
    ['a name of spaces', { name: '   ' }, '"name" is empty'],
    ['an example name', { name: 'Example Ltd' }, '"name" is a placeholder ("Example Ltd")'],
    ['an empty email', { email: '' }, '"email" must be an address'],
    ['an email without a domain', { email: 'packaging' }, '"email" must be an address'],
    ['an empty Windows publisher', { windowsPublisherName: '' }, '"windowsPublisherName" is empty'],
    [
      'a placeholder Windows publisher',
      { windowsPublisherName: 'CHANGEME' },
      '"windowsPublisherName" is a placeholder',
    ],
  ])('refuses %s', (_what, change, expected) => {
    const problems = release({ ...real, ...change })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(expected)
  })

  it('refuses a file of the wrong shape: a misspelt field, a missing one, a number', () => {
    expect(release({ ...real, windowsPublisher: 'x' })).toEqual([
      'build/publisher.json: "windowsPublisher" is not a publisher field (expected name, email, windowsPublisherName).',
    ])
    const { email: _email, ...noEmail } = real
    expect(release(noEmail)).toEqual(['build/publisher.json: "email" must be text.'])
    expect(release({ ...real, name: 42 })).toEqual(['build/publisher.json: "name" must be text.'])
    expect(release([real])).toEqual([expect.stringContaining('must hold one JSON object')])
  })

  it('lets a development build use the placeholders, but not a broken file', () => {
    expect(publisherProblems(readPublisher())).toEqual([])
    expect(publisherProblems({ ...real, email: '' })).toEqual([
      expect.stringContaining('"email" must be an address'),
    ])
  })

  it('says plainly when the file is missing or not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'publisher-'))
    expect(() => readPublisher(join(dir, 'nope.json'))).toThrow(/nope\.json cannot be read \(ENOENT\)/)
    writeFileSync(join(dir, 'bad.json'), '{ "name": ')
    expect(() => readPublisher(join(dir, 'bad.json'))).toThrow(/bad\.json is not valid JSON/)
  })
})

describe('the Windows signer, pinned by more than its CN (issue 39)', () => {
  it('refuses a bare CN at release: any publicly trusted certificate can carry the same one', () => {
    expect(release({ ...real, windowsPublisherName: 'Acme Software Ltd' })).toEqual([
      expect.stringContaining(
        'build/publisher.json: "windowsPublisherName" is a bare name ("Acme Software Ltd"): any publicly trusted certificate can carry the same CN.',
      ),
    ])
  })

  it.each([
    ['without O and C', 'CN=Acme Software Ltd', '"windowsPublisherName" has no O, C.'],
    ['without C', 'CN=Acme Software Ltd, O=Acme Software Ltd', '"windowsPublisherName" has no C.'],
    ['with a country that is not a code', 'CN=Acme, O=Acme, C=England', 'C is "England", not a two-letter'],
    ['with a placeholder CN', 'CN=Your Company, O=Acme, C=GB', '"windowsPublisherName" CN is a placeholder'],
    ['with a placeholder O', 'CN=Acme, O=CHANGE_ME, C=GB', '"windowsPublisherName" O is a placeholder'],
  ])('refuses a distinguished name %s', (_, windowsPublisherName, problem) => {
    expect(release({ ...real, windowsPublisherName })).toEqual([expect.stringContaining(problem)])
  })

  it('accepts a full subject, quoted commas and all, and only for a release (a development build may leave it empty)', () => {
    expect(
      release({ ...real, windowsPublisherName: 'CN="Acme, Inc.", O="Acme, Inc.", S=Ohio, C=US' }),
    ).toEqual([])
    expect(publisherProblems({ ...real, windowsPublisherName: '' })).toEqual([])
  })

  it('matches a certificate subject the way the app does: every part the name gives must be the signer’s', () => {
    const subject = 'CN=Acme Software Ltd, O=Acme Software Ltd, L=London, S=Greater London, C=GB'
    expect(signerMatchesPublisher(subject, real.windowsPublisherName)).toBe(true)
    // Same CN, another organisation: the certificate anyone could buy under that name.
    expect(
      signerMatchesPublisher('CN=Acme Software Ltd, O=Someone Else Ltd, C=GB', real.windowsPublisherName),
    ).toBe(false)
    expect(
      signerMatchesPublisher('CN=Acme Software Ltd, O=Acme Software Ltd, C=US', real.windowsPublisherName),
    ).toBe(false)
  })

  it("fails the Windows job's signer step from the command line when the subject is not the pinned signer", () => {
    // The committed file pins no signer yet (a placeholder), so no subject can match it.
    const result = spawnSync(
      process.execPath,
      ['scripts/publisher.mjs', '--signer-matches', 'CN=Acme Ltd, O=Acme Ltd, C=GB'],
      { cwd: root, encoding: 'utf8' },
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('::error::Signed by "CN=Acme Ltd, O=Acme Ltd, C=GB", not by ""')
  })

  it('ships an example that is a full subject, in build/publisher.json', () => {
    const example = /e\.g\. (CN=[^;]+?C=[A-Z]{2})/.exec(
      (readPublisher() as { $comment: string }).$comment,
    )?.[1]
    expect(example).toBeDefined()
    expect(release({ ...real, windowsPublisherName: example })).toEqual([])
  })
})

describe('publisherBuilderConfig', () => {
  it('makes the publisher the shipped package.json author, and the Windows name the one updates must be signed by', () => {
    expect(publisherBuilderConfig({ ...real, name: ' Acme Software Ltd ' })).toEqual({
      extraMetadata: { author: { name: 'Acme Software Ltd', email: 'packaging@acme-software.co.uk' } },
      win: {
        signtoolOptions: { publisherName: 'CN=Acme Software Ltd, O=Acme Software Ltd, L=London, C=GB' },
      },
    })
  })

  it('leaves the Windows name to electron-builder (the certificate’s) when none is given', () => {
    expect(publisherBuilderConfig({ ...real, windowsPublisherName: '' })).not.toHaveProperty('win')
  })
})

describe('node scripts/publisher.mjs --check', () => {
  const check = () =>
    spawnSync(process.execPath, ['scripts/publisher.mjs', '--check'], { cwd: root, encoding: 'utf8' })

  it('fails on the shipped placeholders and says what to change', () => {
    const result = check()
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packaging@operately-tray.invalid')
    expect(result.stderr).toContain('"windowsPublisherName" is empty')
    expect(result.stderr).toContain('not ready for a release')
  })
})

describe('the Windows signer names built into the app', () => {
  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'publisher-')), 'publisher.json')
    writeFileSync(path, text)
    return path
  }

  it("is the file's windowsPublisherName, trimmed; none when it is empty (such a build will not update)", () => {
    expect(
      windowsPublisherNames(file(JSON.stringify({ ...real, windowsPublisherName: ' Acme Ltd ' }))),
    ).toEqual(['Acme Ltd'])
    expect(windowsPublisherNames(file(JSON.stringify({ ...real, windowsPublisherName: '' })))).toEqual([])
  })

  it('stops the build on a broken file rather than build an app that cannot update', () => {
    expect(() => windowsPublisherNames(file('{'))).toThrow(/not valid JSON/)
    expect(() =>
      windowsPublisherNames(file(JSON.stringify({ ...real, windowsPublisherName: ['Acme'] }))),
    ).toThrow(/"windowsPublisherName" must be text/)
  })
})
