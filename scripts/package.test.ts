import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  builderConfig,
  checkElectronDist,
  electronCachePath,
  electronCacheRoot,
  electronDownloadUrl,
  electronZips,
  explainFailure,
  parseArgs,
  probeDownload,
} from './package.mjs'

const script = fileURLToPath(new URL('./package.mjs', import.meta.url))
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix))

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function runScript(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run package where Electron cannot be downloaded', () => {
  it('says plainly that the Electron binary is missing and how to provide it, and fails', async () => {
    const cache = temp('electron-cache-')
    const env: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'],
      HOME: temp('home-'),
      // An unreachable download server and empty caches: what a machine without network access sees.
      ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
      electron_config_cache: cache,
      XDG_CACHE_HOME: cache,
    }
    const result = await runScript(['--linux'], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'Packaging needs the Electron binary, which could not be downloaded on this machine (',
    )
    expect(result.stderr).toContain('ECONNREFUSED')
    expect(result.stderr).toMatch(/OPERATELY_TRAY_ELECTRON_DIST to a folder holding electron-v[\d.]+-linux-/)
    // …and exactly where a copied zip would be picked up.
    expect(result.stderr).toContain(join(cache, 'electron', ''))
    // No stack trace: the message is the whole story.
    expect(result.stderr).not.toMatch(/\n\s+at /)
  }, 60_000)

  it('refuses an OPERATELY_TRAY_ELECTRON_DIST that holds no Electron', async () => {
    const result = await runScript(['--linux'], {
      PATH: process.env['PATH'],
      OPERATELY_TRAY_ELECTRON_DIST: temp('empty-dist-'),
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/holds neither electron-v[\d.]+-linux-\w+\.zip nor an unpacked Electron/)
  })

  it('stops a release build with placeholder publisher details before downloading anything', async () => {
    const result = await runScript(['--linux', '--release'], {
      PATH: process.env['PATH'],
      OPERATELY_TRAY_UPDATE_URL: 'https://updates.acme.co.uk/tray/',
      // Were it to try, the download would fail with a different message.
      ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'build/publisher.json: "email" is a placeholder (packaging@operately-tray.invalid',
    )
    expect(result.stderr).toContain('"windowsPublisherName" is empty')
    expect(result.stderr).not.toContain('Packaging needs the Electron binary')
  })

  it('names an option it does not know', async () => {
    const result = await runScript(['--linux', '--publish=always'], { PATH: process.env['PATH'] })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('Unknown option --publish=always')
  })
})

describe('what to package', () => {
  it('packages for this platform unless told otherwise', () => {
    expect(parseArgs([], 'linux').target).toBe('linux')
    expect(parseArgs([], 'darwin').target).toBe('mac')
    expect(parseArgs(['--win'], 'linux')).toMatchObject({ target: 'win', unfused: false })
    expect(parseArgs(['--linux', '--unfused', '--arm64', '--dir'], 'darwin')).toMatchObject({
      target: 'linux',
      unfused: true,
      dir: true,
      arches: ['arm64'],
      unknown: [],
    })
    expect(parseArgs([], 'freebsd').target).toBeNull()
  })

  it('needs both Mac zips for the universal build, the chosen or host arch elsewhere', () => {
    expect(electronZips({ version: '45.5.0', target: 'mac', arches: [] })).toEqual([
      'electron-v45.5.0-darwin-x64.zip',
      'electron-v45.5.0-darwin-arm64.zip',
    ])
    expect(electronZips({ version: '45.5.0', target: 'win', arches: [] })).toEqual([
      'electron-v45.5.0-win32-x64.zip',
    ])
    expect(electronZips({ version: '45.5.0', target: 'linux', arches: [], hostArch: 'arm64' })).toEqual([
      'electron-v45.5.0-linux-arm64.zip',
    ])
    expect(electronZips({ version: '45.5.0', target: 'linux', arches: ['x64', 'armv7l'] })).toHaveLength(2)
  })
})

describe('finding Electron without downloading it', () => {
  // The cache layout and download address are @electron/get's; compare with the copy electron-builder uses.
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))
  const { Cache } = fromBuilder('@electron/get/dist/cjs/Cache.js') as {
    Cache: { getCacheDirectory(url: string): string }
  }
  const { getArtifactRemoteURL } = fromBuilder('@electron/get/dist/cjs/artifact-utils.js') as {
    getArtifactRemoteURL(details: object): Promise<string>
  }

  it('looks for a downloaded zip exactly where electron-builder’s @electron/get keeps it', async () => {
    const file = 'electron-v45.5.0-linux-x64.zip'
    const url = electronDownloadUrl(file, '45.5.0', process.env)
    expect(url).toBe(
      await getArtifactRemoteURL({
        version: 'v45.5.0',
        platform: 'linux',
        arch: 'x64',
        artifactName: 'electron',
      }),
    )
    expect(electronCachePath(url, '/cache')).toBe(join('/cache', Cache.getCacheDirectory(url), file))
  })

  it('knows the cache folder on each system', () => {
    expect(electronCacheRoot({}, 'linux', '/home/ana')).toBe('/home/ana/.cache/electron')
    expect(electronCacheRoot({ XDG_CACHE_HOME: '/var/cache/ana' }, 'linux', '/home/ana')).toBe(
      '/var/cache/ana/electron',
    )
    expect(electronCacheRoot({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Caches/electron')
    expect(electronCacheRoot({ LOCALAPPDATA: 'C:/Users/ana/AppData/Local' }, 'win32', 'C:/Users/ana')).toBe(
      join('C:/Users/ana/AppData/Local', 'electron', 'Cache'),
    )
  })

  it('accepts a dist folder with the zips or an unpacked Electron', () => {
    const zips = ['electron-v45.5.0-linux-x64.zip']
    const withZip = temp('dist-')
    writeFileSync(join(withZip, zips[0] ?? ''), '')
    expect(checkElectronDist(withZip, zips)).toBeNull()
    const unpacked = temp('dist-')
    writeFileSync(join(unpacked, 'electron'), '')
    expect(checkElectronDist(unpacked, zips)).toBeNull()
    expect(checkElectronDist(join(unpacked, 'nope'), zips)).toContain('does not exist')
  })

  it('downloads from the mirror the Electron variables name', () => {
    expect(electronDownloadUrl('electron-v1.2.3-linux-x64.zip', '1.2.3', {})).toBe(
      'https://github.com/electron/electron/releases/download/v1.2.3/electron-v1.2.3-linux-x64.zip',
    )
    expect(
      electronDownloadUrl('electron-v1.2.3-linux-x64.zip', '1.2.3', {
        ELECTRON_MIRROR: 'https://mirror.example/electron/', // used as given, like @electron/get
        ELECTRON_CUSTOM_DIR: '{{ version }}',
      }),
    ).toBe('https://mirror.example/electron/1.2.3/electron-v1.2.3-linux-x64.zip')
  })
})

describe('probeDownload', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/v1/there.zip') {
        response.writeHead(206, { 'content-range': 'bytes 0-0/100' })
        response.end('P')
      } else {
        response.writeHead(404)
        response.end('not here')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('is satisfied when the zip is there', async () => {
    expect(await probeDownload(`${base}/v1/there.zip`)).toBeNull()
  })

  it('explains a missing zip and an unreachable server', async () => {
    expect(await probeDownload(`${base}/v1/missing.zip`)).toContain('does not exist (HTTP 404)')
    expect(await probeDownload(`http://127.0.0.1:${await closedPort()}/x.zip`)).toContain('ECONNREFUSED')
  })
})

describe('builderConfig', () => {
  const acme = {
    name: 'Acme Ltd',
    email: 'packaging@acme.co.uk',
    windowsPublisherName: 'CN=Acme Ltd, O=Acme Ltd, C=GB',
  }

  it('builds without a feed, and says so, when OPERATELY_TRAY_UPDATE_URL is unset', () => {
    const { config, notes, problems } = builderConfig({ target: 'linux', unfused: false, env: {} })
    expect(config).toEqual({ publish: null })
    expect(notes[0]).toContain('OPERATELY_TRAY_UPDATE_URL is not set')
    expect(problems).toEqual([])
  })

  it('keeps the feed from electron-builder.yml when it is set, and refuses plain http', () => {
    expect(
      builderConfig({
        target: 'linux',
        unfused: false,
        env: { OPERATELY_TRAY_UPDATE_URL: 'https://u.example/' },
      }).config,
    ).toEqual({})
    expect(
      builderConfig({
        target: 'linux',
        unfused: false,
        env: { OPERATELY_TRAY_UPDATE_URL: 'http://u.example/' },
      }).problems,
    ).toEqual(['OPERATELY_TRAY_UPDATE_URL must start with https:// (it is "http://u.example/").'])
  })

  it.each([
    ['credentials', 'https://ci:s3cret@updates.acme.co.uk/tray/', 'a user name or password'],
    ['a token in the query', 'https://updates.acme.co.uk/tray/?token=s3cret', 'a query or fragment'],
    ['a plain-http feed with credentials', 'http://ci:s3cret@updates.acme.co.uk/', 'https://'],
  ])(
    'refuses a feed with %s (it would ship in every installer), and never repeats the secret',
    (_what, feed, said) => {
      const { problems } = builderConfig({
        target: 'linux',
        unfused: false,
        env: { OPERATELY_TRAY_UPDATE_URL: feed },
      })
      expect(problems).toEqual([expect.stringContaining(said)])
      expect(problems.join('\n')).not.toContain('s3cret')
    },
  )

  it('rebuilds keytar for the universal Mac build only', () => {
    const env = { OPERATELY_TRAY_UPDATE_URL: 'https://u.example/' }
    expect(builderConfig({ target: 'mac', unfused: false, env }).config).toEqual({ npmRebuild: true })
    expect(builderConfig({ target: 'linux', unfused: false, env }).config).toEqual({})
  })

  it('signs Windows builds with Azure Trusted Signing when its variables are set, and names the missing ones', () => {
    const azure = {
      OPERATELY_TRAY_UPDATE_URL: 'https://u.example/',
      AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
      AZURE_TRUSTED_SIGNING_ACCOUNT: 'acme',
      AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE: 'public-trust',
      AZURE_TENANT_ID: 't',
      AZURE_CLIENT_ID: 'c',
      AZURE_CLIENT_SECRET: 's',
    }
    expect(builderConfig({ target: 'win', unfused: false, publisher: acme, env: azure }).config).toEqual({
      win: {
        azureSignOptions: {
          endpoint: 'https://weu.codesigning.azure.net',
          codeSigningAccountName: 'acme',
          certificateProfileName: 'public-trust',
          publisherName: 'CN=Acme Ltd, O=Acme Ltd, C=GB',
        },
      },
    })
    const { AZURE_CLIENT_SECRET: _secret, AZURE_TRUSTED_SIGNING_ACCOUNT: _account, ...half } = azure
    expect(builderConfig({ target: 'win', unfused: false, publisher: acme, env: half }).problems).toEqual([
      'Azure Trusted Signing is half configured; also set AZURE_TRUSTED_SIGNING_ACCOUNT, AZURE_CLIENT_SECRET.',
    ])
    // The publisher name is the one in build/publisher.json, never a second copy in the environment.
    expect(
      builderConfig({
        target: 'win',
        unfused: false,
        publisher: { ...acme, windowsPublisherName: '' },
        env: azure,
      }).problems,
    ).toEqual([
      expect.stringContaining('Azure Trusted Signing needs "windowsPublisherName" in build/publisher.json'),
    ])
  })

  it('refuses a release build with placeholder publisher details or without an update feed', () => {
    const placeholders = {
      name: 'Operately Tray',
      email: 'packaging@operately-tray.invalid',
      windowsPublisherName: '',
    }
    const { problems } = builderConfig({
      target: 'linux',
      unfused: false,
      release: true,
      publisher: placeholders,
      env: {},
    })
    expect(problems).toEqual([
      expect.stringContaining('"name" is the app\'s own name'),
      expect.stringContaining('"email" is a placeholder'),
      expect.stringContaining('"windowsPublisherName" is empty'),
      'A release build needs OPERATELY_TRAY_UPDATE_URL, the https:// address of the update feed (docs/release.md).',
    ])
    const feed = { OPERATELY_TRAY_UPDATE_URL: 'https://u.example/' }
    expect(
      builderConfig({ target: 'linux', unfused: false, release: true, publisher: acme, env: feed }),
    ).toEqual({
      config: {},
      notes: [],
      problems: [],
    })
  })

  it('a signed build must be signable: forceCodeSigning, and Windows refuses to start without credentials', () => {
    const feed = { OPERATELY_TRAY_UPDATE_URL: 'https://u.example/' }
    expect(
      builderConfig({ target: 'mac', unfused: false, signed: true, publisher: acme, env: feed }).config,
    ).toEqual({
      forceCodeSigning: true,
      npmRebuild: true,
      // The disk image signed too, not only the app inside it.
      dmg: { sign: true },
    })
    expect(
      builderConfig({ target: 'mac', unfused: false, publisher: acme, env: feed }).config,
    ).not.toHaveProperty('dmg')
    expect(
      builderConfig({ target: 'win', unfused: false, signed: true, publisher: acme, env: feed }).problems,
    ).toEqual([expect.stringContaining('--signed, but no Windows signing is configured')])
    expect(
      builderConfig({
        target: 'win',
        unfused: false,
        signed: true,
        publisher: acme,
        env: { ...feed, CSC_LINK: 'x' },
      }).problems,
    ).toEqual([])
    expect(
      builderConfig({ target: 'linux', unfused: false, signed: true, publisher: acme, env: feed }).problems,
    ).toEqual([expect.stringContaining('--signed applies to macOS and Windows')])
  })

  it('builds the unfused test build into its own folder', () => {
    const { config, notes } = builderConfig({
      target: 'linux',
      unfused: true,
      env: { OPERATELY_TRAY_UPDATE_URL: 'https://u.example/' },
    })
    expect(config).toEqual({
      electronFuses: null,
      directories: { output: 'dist/unfused' },
      extraMetadata: { operatelyTrayUnfusedTestBuild: true },
    })
    expect(notes.join(' ')).toContain('never ship it')
  })
})

describe('explainFailure', () => {
  const context = { version: '45.5.0', zips: ['electron-v45.5.0-linux-x64.zip'] }
  const offline = Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), { code: 'ENOTFOUND' })

  it('blames Electron for a download failure before Electron was unpacked', () => {
    expect(explainFailure(offline, { ...context, electronReady: false })).toMatch(
      /^Packaging needs the Electron binary, which could not be downloaded on this machine \(ENOTFOUND\)/,
    )
  })

  it('blames the packaging tool for a download failure afterwards, naming what it fetched', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), {
      code: 'ENOTFOUND',
      options: {
        url: new URL(
          'https://github.com/electron-userland/electron-builder-binaries/releases/download/fpm-1.9.3/fpm.7z',
        ),
      },
    })
    const message = explainFailure(error, { ...context, electronReady: true }) ?? ''
    expect(message).toContain(
      'Packaging needs a tool electron-builder downloads (https://github.com/electron-userland/',
    )
    expect(message).toContain('ELECTRON_BUILDER_BINARIES_MIRROR')
  })

  it('leaves other failures to electron-builder’s own message', () => {
    expect(explainFailure(new Error('Cannot find module x'), { ...context, electronReady: true })).toBeNull()
  })
})
