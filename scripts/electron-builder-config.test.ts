import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Configuration } from 'app-builder-lib'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { convertIcon } from 'app-builder-lib/out/util/iconConverter'
import { DebugLogger } from 'builder-util'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { macPolicyDomain } from '../src/main/services/policy/load-policy'
import { parsePlist } from '../src/main/services/policy/plist'
import { appPaths } from '../src/main/shell/app-location'
import { appUserModelId } from '../src/main/shell/start-shell'
import yaml from 'js-yaml'
import { builderConfig } from './package.mjs'
import { publisherBuilderConfig, readPublisher, type Publisher } from './publisher.mjs'

vi.mock('electron', () => import('../src/main/shell/testing/fake-electron'))

// electron-builder.yml, read and checked by electron-builder's own loader and JSON-schema validator
// (app-builder-lib), without packaging anything and so without downloading Electron.

const root = fileURLToPath(new URL('..', import.meta.url))
const build = join(root, 'build')

let config: Configuration
beforeAll(async () => {
  config = await getConfig(root, null, null)
})

const validate = (value: Configuration) => validateConfiguration(value, new DebugLogger(false))

type Target = { target: string; arch?: string[] }
const targets = (value: unknown): Target[] =>
  (value as (string | Target)[]).map((entry) => (typeof entry === 'string' ? { target: entry } : entry))

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema validation', async () => {
    await expect(validate(config)).resolves.toBeUndefined()
  })

  it('names the app the way the shell and the policy templates do', () => {
    expect(config.appId).toBe('com.operately.tray')
    expect(config.appId).toBe(appUserModelId)
    expect(config.appId).toBe(macPolicyDomain)
    expect(config.productName).toBe('Operately Tray')
    expect(config.directories?.output).toBe('dist')
  })

  it('ships the built bundles and package.json only: no sources, tests or e2e', () => {
    expect(config.files).toEqual([{ filter: ['out/**/*', 'package.json'] }])
  })

  it('puts the tray icons where the packaged shell looks for them', () => {
    const resources = config.extraResources as { from: string; to: string }[]
    expect(resources).toEqual([{ from: 'build/tray', to: 'tray' }])
    const packaged = appPaths({
      mainDir: '/app/resources/app.asar/out/main',
      isPackaged: true,
      resourcesPath: '/app/resources',
    })
    expect(packaged.trayIcons).toBe(join('/app/resources', resources[0]?.to ?? ''))
    expect(existsSync(join(build, 'tray', 'tray-24.png'))).toBe(true)
  })

  it('keeps keytar’s native binary outside the asar archive and does not rebuild it', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toEqual(['node_modules/keytar/**/*.node'])
    expect(config.npmRebuild).toBe(false)
  })

  it('sets the production fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      // The page comes from app://, so file:// keeps plain-browser rules.
      grantFileProtocolExtraPrivileges: false,
      // An unsigned Mac build must still start on Apple silicon after the flip.
      resetAdHocDarwinSignature: true,
    })
  })

  it('builds the MSI without ICE validation, which hosted Windows runners cannot do (light -sval)', () => {
    expect(config.msi?.additionalLightArgs).toEqual(['-sval'])
  })

  it('names every installer without a space: GitHub release assets would turn it into a dot, and the feed names files as built', () => {
    expect({
      mac: config.mac?.artifactName,
      dmg: config.dmg?.artifactName,
      nsis: config.nsis?.artifactName,
      msi: config.msi?.artifactName,
      appImage: config.appImage?.artifactName,
      // deb and rpm: electron-builder's defaults, ${name}_${version}_${arch}.deb and ${name}-${version}.${arch}.rpm
      deb: config.deb?.artifactName,
      rpm: config.rpm?.artifactName,
    }).toEqual({
      mac: '${name}-${version}-${arch}-mac.${ext}',
      dmg: '${name}-${version}-${arch}.${ext}',
      nsis: '${name}-setup-${version}.${ext}',
      msi: '${name}-${version}.${ext}',
      appImage: '${name}-${version}-${arch}.${ext}',
      deb: undefined,
      rpm: undefined,
    })
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name).toMatch(/^[a-z0-9-]+$/)
  })

  it('publishes to a generic feed whose address comes from the environment', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.OPERATELY_TRAY_UPDATE_URL}' })
  })

  describe('macOS', () => {
    it('builds a universal dmg and zip of an agent app (no Dock icon) with the hardened runtime', () => {
      const mac = config.mac ?? {}
      expect(targets(mac.target)).toEqual([
        { target: 'dmg', arch: ['universal'] },
        { target: 'zip', arch: ['universal'] },
      ])
      expect(mac.extendInfo).toMatchObject({ LSUIElement: true })
      expect(mac.hardenedRuntime).toBe(true)
      // Notarisation is left to electron-builder, which notarises whenever Apple credentials are set.
      expect(mac.notarize).toBeUndefined()
    })

    it('grants the hardened runtime only the JIT Electron needs', () => {
      const mac = config.mac ?? {}
      expect(mac.entitlements).toBe('build/entitlements.mac.plist')
      expect(mac.entitlementsInherit).toBe('build/entitlements.mac.plist')
      const entitlements = parsePlist(readFileSync(join(root, 'build', 'entitlements.mac.plist'), 'utf8'))
      expect(entitlements).toEqual({ 'com.apple.security.cs.allow-jit': true })
    })
  })

  describe('Windows', () => {
    it('builds a per-user NSIS installer and a per-machine MSI with a fixed upgrade code', () => {
      expect(targets(config.win?.target).map((t) => t.target)).toEqual(['nsis', 'msi'])
      expect(config.nsis).toMatchObject({ perMachine: false, oneClick: true })
      expect(config.msi?.perMachine).toBe(true)
      expect(config.msi?.upgradeCode).toBe('1835BA5D-7756-4EBC-BBB7-90D992AA1866')
    })
  })

  describe('Linux', () => {
    it('builds deb, rpm and AppImage in the Office category', () => {
      expect(targets(config.linux?.target).map((t) => t.target)).toEqual(['deb', 'rpm', 'AppImage'])
      expect(config.linux?.category).toBe('Office')
      expect(config.linux?.desktop).toMatchObject({ entry: { Name: 'Operately Tray' } })
      // Packages need a maintainer and a homepage; electron-builder refuses to build them without. The
      // maintainer is left to electron-builder, which writes the author as `name <email>`.
      expect(config.linux?.maintainer).toBeUndefined()
      expect(config.extraMetadata).toMatchObject({
        homepage: expect.stringMatching(/^https:\/\//),
        author: { name: expect.any(String), email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.\w+$/) },
      })
    })

    it('depends on the libsecret runtime and recommends a Secret Service provider', () => {
      expect(config.deb?.depends).toContain('libsecret-1-0')
      expect(config.deb?.recommends).toEqual(['gnome-keyring'])
      expect(config.rpm?.depends).toContain('libsecret')
      expect(config.rpm?.fpm).toEqual(['--rpm-tag', 'Recommends: gnome-keyring'])
      // electron-builder's own defaults are kept: setting depends replaces them.
      expect(config.deb?.depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3', 'xdg-utils']))
      expect(config.rpm?.depends).toEqual(expect.arrayContaining(['gtk3', 'nss', 'xdg-utils']))
    })
  })

  describe('the publisher', () => {
    it('comes from build/publisher.json alone, through `extends`', async () => {
      const publisher = readPublisher() as Publisher
      expect(config.extends).toBe('scripts/publisher.mjs')
      expect(config.extraMetadata?.author).toEqual({ name: publisher.name, email: publisher.email })
      // Nowhere else: not in package.json, not written into electron-builder.yml itself.
      expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).not.toHaveProperty('author')
      const file = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Configuration
      expect(file.extraMetadata).not.toHaveProperty('author')
      expect(file.linux).not.toHaveProperty('maintainer')
      expect(file.win).not.toHaveProperty('signtoolOptions')
    })

    it('is refused for a release build while build/publisher.json holds its placeholders', () => {
      const { problems } = builderConfig({
        target: 'win',
        unfused: false,
        release: true,
        publisher: readPublisher(),
        env: { OPERATELY_TRAY_UPDATE_URL: 'https://github.com/acme/tray/releases/latest/download/' },
      })
      expect(problems).toEqual([
        expect.stringContaining('"name" is the app\'s own name ("Operately Tray")'),
        expect.stringContaining('"email" is a placeholder (packaging@operately-tray.invalid'),
        expect.stringContaining('"windowsPublisherName" is empty'),
      ])
      for (const email of ['it@example.com', 'it@corp.example.org', 'it@tray.invalid', ''])
        expect(
          builderConfig({
            target: 'linux',
            unfused: false,
            release: true,
            publisher: { name: 'Acme Ltd', email, windowsPublisherName: 'CN=Acme Ltd, O=Acme Ltd, C=GB' },
            env: { OPERATELY_TRAY_UPDATE_URL: 'https://u.acme.co.uk/' },
          }).problems,
          email,
        ).toHaveLength(1)
    })

    it('gives Windows the publisher name updates are checked against, and still validates', async () => {
      const real = {
        name: 'Acme Ltd',
        email: 'packaging@acme.co.uk',
        windowsPublisherName: 'CN=Acme Ltd, O=Acme Ltd, C=GB',
      }
      const merged = await getConfig(root, null, publisherBuilderConfig(real) as Configuration)
      expect(merged.win?.signtoolOptions?.publisherName).toBe('CN=Acme Ltd, O=Acme Ltd, C=GB')
      expect(merged.extraMetadata?.author).toEqual({ name: 'Acme Ltd', email: 'packaging@acme.co.uk' })
      await expect(validate(merged)).resolves.toBeUndefined()
    })
  })

  describe('icons', () => {
    // electron-builder would otherwise download its icon toolset; given files in the final format it
    // uses them as they are (scripts/make-platform-icons.mjs writes them).
    const resolveIcon = (source: string, format: 'icns' | 'ico' | 'set') =>
      convertIcon({
        sources: [source],
        fallbackSources: [],
        roots: [build, root],
        format,
        outDir: mkdtempSync(join(tmpdir(), 'icons-')),
      })

    it('uses the committed .icns and .ico unchanged', async () => {
      expect(config.mac?.icon).toBe('icon.icns')
      expect(config.win?.icon).toBe('icon.ico')
      expect((await resolveIcon('icon.icns', 'icns')).icons).toEqual([
        { file: join(build, 'icon.icns'), size: 0 },
      ])
      expect((await resolveIcon('icon.ico', 'ico')).icons).toEqual([
        { file: join(build, 'icon.ico'), size: 256 },
      ])
    })

    it('uses the Linux icon sizes from build/icons', async () => {
      expect(config.linux?.icon).toBe('icons')
      const { icons } = await resolveIcon('icons', 'set')
      expect(icons.map((icon) => icon.size)).toEqual([16, 24, 32, 48, 64, 128, 256, 512])
    })
  })
})

describe('the overrides scripts/package.mjs applies', () => {
  it('a signed release build validates: forceCodeSigning on, the file’s settings kept', async () => {
    const { config: overrides, problems } = builderConfig({
      target: 'mac',
      unfused: false,
      release: true,
      signed: true,
      publisher: {
        name: 'Acme Ltd',
        email: 'packaging@acme.co.uk',
        windowsPublisherName: 'CN=Acme Ltd, O=Acme Ltd, C=GB',
      },
      env: { OPERATELY_TRAY_UPDATE_URL: 'https://github.com/acme/tray/releases/latest/download/' },
    })
    expect(problems).toEqual([])
    const merged = await getConfig(root, null, overrides as Configuration)
    expect(merged.forceCodeSigning).toBe(true)
    expect(merged.publish).toEqual(config.publish)
    await expect(validate(merged)).resolves.toBeUndefined()
  })

  it('still validate once merged by electron-builder: the unfused test build and a build without a feed', async () => {
    const { config: overrides } = builderConfig({ target: 'linux', unfused: true, env: {} })
    const merged = await getConfig(root, null, overrides as Configuration)
    expect(merged.electronFuses).toBeNull()
    expect(merged.publish).toBeNull()
    expect(merged.directories?.output).toBe('dist/unfused')
    // Everything else is still the file's.
    expect(merged.msi?.upgradeCode).toBe(config.msi?.upgradeCode)
    await expect(validate(merged)).resolves.toBeUndefined()
  })

  it('Azure Trusted Signing options fit electron-builder’s schema', async () => {
    const { config: overrides, problems } = builderConfig({
      target: 'win',
      unfused: false,
      publisher: {
        name: 'Acme Ltd',
        email: 'packaging@acme.co.uk',
        windowsPublisherName: 'CN=Acme Ltd, O=Acme Ltd, C=GB',
      },
      env: {
        OPERATELY_TRAY_UPDATE_URL: 'https://u.example/',
        AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
        AZURE_TRUSTED_SIGNING_ACCOUNT: 'acme',
        AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE: 'public-trust',
        AZURE_TENANT_ID: 't',
        AZURE_CLIENT_ID: 'c',
        AZURE_CLIENT_SECRET: 's',
      },
    })
    expect(problems).toEqual([])
    const merged = await getConfig(root, null, overrides as Configuration)
    expect(merged.win?.azureSignOptions?.publisherName).toBe('CN=Acme Ltd, O=Acme Ltd, C=GB')
    await expect(validate(merged)).resolves.toBeUndefined()
  })

  it('a misspelt option is caught by the same validation', async () => {
    const merged = await getConfig(root, null, { msi: { upgradeKode: 'x' } } as unknown as Configuration)
    await expect(validate(merged)).rejects.toThrow(/configuration\.msi/)
  })
})
