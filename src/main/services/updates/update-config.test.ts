import { describe, expect, it } from 'vitest'
import { parseBuiltInFeed, updaterConfig } from './update-config'

const builtIn = parseBuiltInFeed(
  'provider: generic\nurl: https://updates.example/tray\nupdaterCacheDirName: operately-tray-updater\n',
)

describe('updaterConfig', () => {
  it('on Windows, refuses to run without a publisher name: no app-update.yml and none built in', () => {
    expect(
      updaterConfig({
        platform: 'win32',
        policyFeedUrl: 'https://updates.acme.example/tray/',
        builtIn: null,
        embeddedPublisherNames: [],
      }),
    ).toMatchObject({ ok: false, reason: 'no-publisher' })
  })

  it('on Windows, refuses an app-update.yml without publisherName (what electron-updater would skip)', () => {
    expect(
      updaterConfig({ platform: 'win32', policyFeedUrl: null, builtIn, embeddedPublisherNames: ['', '  '] }),
    ).toMatchObject({ ok: false, reason: 'no-publisher' })
  })

  it('on Windows, takes the publishers from app-update.yml, once each, when none is built in', () => {
    const withNames = parseBuiltInFeed(
      'provider: generic\nurl: https://updates.example/tray\npublisherName:\n  - Acme Ltd\n  - CN=Acme Ltd, O=Acme Ltd\n  - Acme Ltd\n',
    )
    expect(
      updaterConfig({
        platform: 'win32',
        policyFeedUrl: null,
        builtIn: withNames,
        embeddedPublisherNames: [],
      }),
    ).toEqual({
      ok: true,
      config: {
        provider: 'generic',
        url: 'https://updates.example/tray',
        updaterCacheDirName: 'operately-tray-updater',
        publisherName: ['Acme Ltd', 'CN=Acme Ltd, O=Acme Ltd'],
      },
    })
  })

  it('on Windows, lets the names built into the app win over an app-update.yml that adds a signer', () => {
    // app-update.yml sits outside the integrity-checked asar: a tampered one must not widen who may sign.
    const tampered = parseBuiltInFeed(
      'provider: generic\nurl: https://updates.example/tray\npublisherName:\n  - Acme Ltd\n  - Evil Corp\n',
    )
    expect(
      updaterConfig({
        platform: 'win32',
        policyFeedUrl: null,
        builtIn: tampered,
        embeddedPublisherNames: ['Acme Ltd'],
      }),
    ).toMatchObject({ ok: true, config: { publisherName: ['Acme Ltd'] } })
  })

  it('refuses a built-in feed whose address carries a user name or password', () => {
    expect(
      updaterConfig({
        platform: 'linux',
        policyFeedUrl: null,
        builtIn: parseBuiltInFeed('provider: generic\nurl: https://ci:s3cret@updates.example/tray\n'),
        embeddedPublisherNames: [],
      }),
    ).toMatchObject({ ok: false, reason: 'bad-feed', detail: expect.not.stringContaining('s3cret') })
  })

  it("uses IT's policy feed over the built-in one", () => {
    expect(
      updaterConfig({
        platform: 'linux',
        policyFeedUrl: 'https://updates.acme.example/tray/',
        builtIn,
        embeddedPublisherNames: [],
      }),
    ).toMatchObject({ ok: true, config: { url: 'https://updates.acme.example/tray/' } })
  })

  it('needs no publisher on macOS and Linux, where the signature and the hash are checked instead', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      expect(
        updaterConfig({ platform, policyFeedUrl: null, builtIn, embeddedPublisherNames: [] }),
      ).toMatchObject({ ok: true, config: { url: 'https://updates.example/tray' } })
    }
  })

  it.each([
    ['a plain-http feed', 'provider: generic\nurl: http://updates.example/tray\n'],
    ['a feed that is no address', 'provider: generic\nurl: not a url\n'],
    ['a feed of another kind', 'provider: github\nurl: https://github.com/x\n'],
  ])('refuses %s', (_what, text) => {
    expect(
      updaterConfig({
        platform: 'linux',
        policyFeedUrl: null,
        builtIn: parseBuiltInFeed(text),
        embeddedPublisherNames: [],
      }),
    ).toMatchObject({ ok: false, reason: 'bad-feed' })
  })
})

describe('parseBuiltInFeed', () => {
  it('reads app-update.yml as electron-builder writes it, and nothing that is not a mapping', () => {
    expect(builtIn).toMatchObject({ provider: 'generic', url: 'https://updates.example/tray' })
    expect(parseBuiltInFeed('- a\n- b\n')).toBeNull()
    expect(parseBuiltInFeed('key: [unclosed')).toBeNull()
    expect(parseBuiltInFeed('')).toBeNull()
  })
})
