#!/usr/bin/env node
// Builds the installers: `npm run package` (this platform), `npm run package:mac|win|linux`.
//
//   node scripts/package.mjs [--mac|--win|--linux] [--x64|--arm64|--ia32|--armv7l] [--dir] [--unfused]
//                            [--skip-build] [--release] [--signed]
//
// It runs electron-vite, then electron-builder with electron-builder.yml, adding what depends on the
// environment (docs/it-deployment.md lists every variable):
//   OPERATELY_TRAY_UPDATE_URL      the update feed built into the app; without it, no feed files are made
//   OPERATELY_TRAY_ELECTRON_DIST   a folder holding Electron's release zip(s), or an unpacked Electron,
//                                  for machines that cannot download it (passed on as electronDist)
//   AZURE_TRUSTED_SIGNING_*        Windows signing through Azure Trusted Signing (CSC_LINK works as is)
//   --unfused                      the test build Playwright's Electron driver needs: no fuses, in dist/unfused
//   --release                      a build to publish: refuses placeholder publisher details
//                                  (build/publisher.json) and a missing update feed
//   --signed                       macOS or Windows: fail rather than leave anything unsigned
//
// electron-builder downloads Electron itself. Where that is impossible it fails with a bare network stack
// trace; this script checks first and says plainly what is missing and how to provide it.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, posix, resolve } from 'node:path'
import { fileURLToPath, format as formatUrl, parse as parseUrl } from 'node:url'
import { publisherProblems, readPublisher } from './publisher.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

const platformFlags = { '--mac': 'mac', '--win': 'win', '--linux': 'linux' }
const archFlags = ['--x64', '--ia32', '--arm64', '--armv7l']
const electronPlatform = { mac: 'darwin', win: 'win32', linux: 'linux' }
const hostTarget = { darwin: 'mac', win32: 'win', linux: 'linux' }

/** Reads the command line; anything it does not know is an error, said plainly. */
export function parseArgs(argv, hostPlatform = process.platform) {
  const options = {
    target: null,
    unfused: false,
    skipBuild: false,
    dir: false,
    release: false,
    signed: false,
    arches: [],
    unknown: [],
  }
  for (const arg of argv) {
    if (arg in platformFlags) options.target = platformFlags[arg]
    else if (arg === '--unfused') options.unfused = true
    else if (arg === '--release') options.release = true
    else if (arg === '--signed') options.signed = true
    else if (arg === '--skip-build') options.skipBuild = true
    else if (arg === '--dir') options.dir = true
    else if (archFlags.includes(arg)) options.arches.push(arg.slice(2))
    else options.unknown.push(arg)
  }
  options.target ??= hostTarget[hostPlatform] ?? null
  return options
}

/** The Electron release zips electron-builder will need for this build. */
export function electronZips({ version, target, arches, hostArch = process.arch }) {
  const platform = electronPlatform[target]
  // The Mac build is universal (electron-builder.yml): it assembles it from the Intel and Apple silicon zips.
  const wanted =
    target === 'mac' ? ['x64', 'arm64'] : arches.length > 0 ? arches : [target === 'win' ? 'x64' : hostArch]
  return wanted.map((arch) => `electron-v${version}-${platform}-${arch}.zip`)
}

/**
 * The folder @electron/get (inside electron-builder) caches downloads in: env-paths' cache folder for
 * "electron". It does not read ELECTRON_CACHE or electron_config_cache.
 */
export function electronCacheRoot(env = process.env, platform = process.platform, home = homedir()) {
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'electron')
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'electron', 'Cache')
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'electron')
}

/**
 * Where a downloaded zip sits in that cache: in a folder named after the SHA-256 of the address it came
 * from without the file name (@electron/get's Cache.getCacheDirectory). A zip anywhere else is not used.
 */
export function electronCachePath(downloadUrl, cacheRoot) {
  const { search: _search, hash: _hash, pathname, ...rest } = parseUrl(downloadUrl)
  const stripped = formatUrl({ ...rest, pathname: posix.dirname(pathname || 'electron') })
  const folder = createHash('sha256').update(stripped).digest('hex')
  return join(cacheRoot, folder, posix.basename(pathname ?? ''))
}

/** The first of the variables @electron/get reads for a mirror setting, in its order. */
function mirrorSetting(env, name, snake) {
  return (
    env[`npm_config_electron_${name.toLowerCase()}`] ||
    env[`NPM_CONFIG_ELECTRON_${snake.toUpperCase()}`] ||
    env[`npm_config_electron_${snake}`] ||
    env[`ELECTRON_${snake.toUpperCase()}`] ||
    undefined
  )
}

/** The address @electron/get downloads a zip from, honouring the mirror variables it honours. */
export function electronDownloadUrl(file, version, env = process.env) {
  const mirror =
    mirrorSetting(env, 'mirror', 'mirror') ?? 'https://github.com/electron/electron/releases/download/'
  const dir = (mirrorSetting(env, 'customDir', 'custom_dir') ?? `v${version}`).replace(
    '{{ version }}',
    version,
  )
  return `${mirror}${dir}/${file}`
}

const networkFailure =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|UND_ERR_CONNECT_TIMEOUT|CERT_[A-Z_]+|UNABLE_TO_VERIFY_LEAF_SIGNATURE|socket hang up|getaddrinfo)\b/

/**
 * Asks the download server for the first byte of the zip. Resolves to null when it is there (or when the
 * answer is not conclusive: electron-builder then tries for itself), or to the reason it cannot be had.
 */
export async function probeDownload(url, { fetchImpl = fetch, timeoutMs = 15_000 } = {}) {
  try {
    const response = await fetchImpl(url, {
      headers: { Range: 'bytes=0-0' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    if (response.status === 404) return `${url} does not exist (HTTP 404)`
    return null
  } catch (err) {
    const cause = err?.cause
    const detail = [
      err?.name === 'TimeoutError' ? 'no answer in time' : null,
      cause?.code,
      cause?.message ?? err?.message,
    ]
      .filter(Boolean)
      .join(': ')
    return `${url}: ${detail}`
  }
}

export function electronMissingMessage({ version, zips, reason, cachePaths = [] }) {
  const cache =
    cachePaths.length > 0
      ? [
          '  • or copy the zip to where electron-builder looks for a downloaded one (ELECTRON_CACHE is not read):',
          ...cachePaths.map((path) => `      ${path}`),
        ]
      : []
  return [
    `Packaging needs the Electron binary, which could not be downloaded on this machine (${reason}).`,
    'Provide it in one of these ways, then run the command again:',
    `  • set OPERATELY_TRAY_ELECTRON_DIST to a folder holding ${zips.join(' and ')} (from`,
    `    https://github.com/electron/electron/releases/tag/v${version}), or an unpacked Electron ${version};`,
    '    it is passed to electron-builder as electronDist;',
    ...cache,
    '  • or set ELECTRON_MIRROR to a mirror this machine can reach.',
  ].join('\n')
}

/** Checks OPERATELY_TRAY_ELECTRON_DIST: a folder with the zips, or an unpacked Electron. */
export function checkElectronDist(dir, zips) {
  let stats
  try {
    stats = statSync(dir)
  } catch {
    return `OPERATELY_TRAY_ELECTRON_DIST is set to ${dir}, which does not exist.`
  }
  if (!stats.isDirectory()) return `OPERATELY_TRAY_ELECTRON_DIST must be a folder; ${dir} is a file.`
  const entries = readdirSync(dir)
  if (zips.every((zip) => entries.includes(zip))) return null
  const unpacked = ['electron', 'electron.exe', 'Electron.app'].some((name) => entries.includes(name))
  if (unpacked && zips.length === 1) return null
  return `OPERATELY_TRAY_ELECTRON_DIST (${dir}) holds neither ${zips.join(' and ')} nor an unpacked Electron.`
}

const azureVariables = {
  endpoint: 'AZURE_TRUSTED_SIGNING_ENDPOINT',
  codeSigningAccountName: 'AZURE_TRUSTED_SIGNING_ACCOUNT',
  certificateProfileName: 'AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE',
}

/**
 * What this build changes in electron-builder.yml, or the problems that stop it. The overrides are merged
 * over the file by electron-builder itself (deep assign), so the file stays the one source of truth; they
 * go through the API because its command line cannot set a value to null (`-c.publish=null` is the text
 * "null").
 */
export function builderConfig({
  target,
  unfused,
  release = false,
  signed = false,
  publisher,
  env = process.env,
}) {
  const config = {}
  const notes = []
  const problems = []

  if (release) problems.push(...publisherProblems(publisher, { release: true }))
  if (signed && target === 'linux')
    problems.push(
      '--signed applies to macOS and Windows; Linux packages are signed after building (SHA256SUMS.asc, docs/release.md).',
    )
  if (signed && unfused)
    problems.push('--signed and --unfused do not go together: the test build is never shipped.')
  // electron-builder then fails instead of quietly skipping a signature it cannot make.
  if (signed) config.forceCodeSigning = true

  const feed = env.OPERATELY_TRAY_UPDATE_URL
  if (!feed && release) {
    problems.push(
      'A release build needs OPERATELY_TRAY_UPDATE_URL, the https:// address of the update feed (docs/release.md).',
    )
  } else if (!feed) {
    config.publish = null
    notes.push(
      'OPERATELY_TRAY_UPDATE_URL is not set: building without an update feed (no latest*.yml files). Installed copies only update where the UpdateFeedUrl policy names a feed.',
    )
  } else {
    // Built into app-update.yml of every installer, and printed in CI logs: never repeat more of it than
    // scheme, host and path, and let nothing secret in.
    let url = null
    try {
      url = new URL(feed)
    } catch {
      problems.push(`OPERATELY_TRAY_UPDATE_URL is not a web address (${feed.length} characters).`)
    }
    const shown = url ? `${url.protocol}//${url.host}${url.pathname}` : ''
    if (url && url.protocol !== 'https:')
      problems.push(`OPERATELY_TRAY_UPDATE_URL must start with https:// (it is "${shown}").`)
    else if (url && (url.username !== '' || url.password !== ''))
      problems.push(
        `OPERATELY_TRAY_UPDATE_URL must not contain a user name or password (${shown}): it is written into every installer. Serve the feed without sign-in.`,
      )
    else if (url && (url.search !== '' || url.hash !== ''))
      problems.push(
        `OPERATELY_TRAY_UPDATE_URL must not have a query or fragment (${shown}): it is the folder the feed files are in, written into every installer.`,
      )
  }

  if (target === 'mac') {
    // keytar for both Intel and Apple silicon (see npmRebuild in electron-builder.yml).
    config.npmRebuild = true
    // The DMG itself signed with the Developer ID too, not only the app inside it: Gatekeeper checks the
    // disk image a person opens. Inside the build, so latest-mac.yml records the signed DMG; the release
    // workflow then notarises and staples it (docs/release.md).
    if (signed) config.dmg = { sign: true }
  }

  if (target === 'win') {
    const given = Object.entries(azureVariables).filter(([, name]) => env[name])
    if (given.length > 0) {
      const missing = Object.values(azureVariables).filter((name) => !env[name])
      const auth = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET'].filter((name) => !env[name])
      const publisherName = publisher?.windowsPublisherName?.trim() ?? ''
      if (missing.length > 0 || auth.length > 0) {
        problems.push(
          `Azure Trusted Signing is half configured; also set ${[...missing, ...auth].join(', ')}.`,
        )
      } else if (publisherName === '') {
        problems.push(
          'Azure Trusted Signing needs "windowsPublisherName" in build/publisher.json: the subject name (CN) of the certificate profile.',
        )
      } else {
        config.win = {
          azureSignOptions: {
            ...Object.fromEntries(given.map(([option, name]) => [option, env[name]])),
            publisherName,
          },
        }
        notes.push('Signing with Azure Trusted Signing.')
      }
    } else if (env.CSC_LINK || env.WIN_CSC_LINK) {
      notes.push('Signing with the certificate in CSC_LINK.')
    } else if (signed) {
      problems.push(
        '--signed, but no Windows signing is configured: set CSC_LINK and CSC_KEY_PASSWORD, or the AZURE_TRUSTED_SIGNING_* and AZURE_* variables.',
      )
    } else {
      notes.push(
        'No Windows signing configured (CSC_LINK or AZURE_TRUSTED_SIGNING_*): the installers are unsigned.',
      )
    }
  }

  if (unfused) {
    config.electronFuses = null
    config.directories = { output: 'dist/unfused' }
    // Merged into the shipped package.json: lets this build start with the --remote-debugging-port
    // Playwright passes, which a release refuses (src/main/shell/refuse-remote-debugging.ts).
    config.extraMetadata = { operatelyTrayUnfusedTestBuild: true }
    notes.push('Unfused test build (for Playwright) in dist/unfused: never ship it.')
  }
  return { config, notes, problems }
}

/**
 * Turns electron-builder's failure into a plain sentence, when it is one we recognise. `electronReady`
 * says whether Electron had been unpacked (the afterExtract hook ran): a download failing before that is
 * Electron's, after it one of the packaging tools electron-builder fetches (fpm, appimage, nsis, wix).
 */
export function explainFailure(error, { electronReady, version, zips }) {
  const text = [
    error?.code,
    error?.message,
    error?.cause?.code,
    error?.options?.url?.href ?? error?.options?.url,
  ]
    .filter(Boolean)
    .join(' ')
  const network = networkFailure.test(text)
  if (network && !electronReady) {
    return electronMissingMessage({
      version,
      zips,
      reason: text.match(networkFailure)?.[0] ?? 'network error',
    })
  }
  if (network) {
    const url = String(error?.options?.url?.href ?? error?.options?.url ?? '')
    return [
      `Packaging needs a tool electron-builder downloads${url ? ` (${url})` : ''}, which could not be downloaded on this machine.`,
      'Provide it through ELECTRON_BUILDER_BINARIES_MIRROR (a mirror of electron-userland/electron-builder-binaries)',
      'or an ELECTRON_BUILDER_CACHE folder filled on a machine with network access.',
    ].join('\n')
  }
  const undefinedEnv = String(error?.message ?? '').match(/env (\w+) is not defined/)
  if (undefinedEnv)
    return `electron-builder.yml needs the environment variable ${undefinedEnv[1]}, which is not set.`
  return null
}

function installedElectronVersion() {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'))
  return manifest.version
}

function run(command, args) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('error', () => resolvePromise(1))
    child.on('close', (code) => resolvePromise(code ?? 1))
  })
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  if (options.unknown.length > 0) {
    console.error(
      `Unknown option ${options.unknown.join(' ')}. Use --mac, --win or --linux, an architecture (--x64, --arm64), --dir, --unfused, --skip-build, --release or --signed.`,
    )
    return 1
  }
  if (!options.target) {
    console.error(`Cannot package on ${process.platform}: choose --mac, --win or --linux.`)
    return 1
  }
  // 1. What this build changes in electron-builder.yml, and whether it may go ahead at all (a release
  // with placeholder publisher details stops here, before anything is downloaded or built).
  let publisher
  try {
    publisher = readPublisher()
  } catch (err) {
    console.error(err.message)
    return 1
  }
  const { config, notes, problems } = builderConfig({ ...options, publisher })
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem)
    return 1
  }

  const version = installedElectronVersion()
  const zips = electronZips({ version, target: options.target, arches: options.arches })

  // 2. Electron: given, cached, or downloadable — checked before anything is built.
  const distDir = process.env.OPERATELY_TRAY_ELECTRON_DIST
  if (distDir) {
    const problem = checkElectronDist(resolve(distDir), zips)
    if (problem) {
      console.error(problem)
      return 2
    }
    config.electronDist = resolve(distDir)
  } else {
    const cacheRoot = electronCacheRoot()
    const downloads = zips.map((zip) => {
      const url = electronDownloadUrl(zip, version)
      return { url, cached: electronCachePath(url, cacheRoot) }
    })
    for (const { url } of downloads.filter((download) => !existsSync(download.cached))) {
      const reason = await probeDownload(url)
      if (reason) {
        const cachePaths = downloads.map((download) => download.cached)
        console.error(electronMissingMessage({ version, zips, reason, cachePaths }))
        return 2
      }
    }
  }
  for (const note of notes) console.log(note)

  // 3. The bundles electron-builder packs (out/).
  if (!options.skipBuild) {
    const code = await run(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'])
    if (code !== 0) {
      console.error('The app could not be built (electron-vite build failed; see above).')
      return code
    }
  }

  // 4. The installers.
  const builder = createRequire(import.meta.url)('electron-builder')
  const platform = {
    mac: builder.Platform.MAC,
    win: builder.Platform.WINDOWS,
    linux: builder.Platform.LINUX,
  }[options.target]
  const arches = options.arches.map((arch) => builder.archFromString(arch))
  let electronReady = false
  try {
    await builder.build({
      projectDir: root,
      targets: platform.createTarget(options.dir ? 'dir' : null, ...arches),
      publish: 'never',
      config: {
        ...config,
        afterExtract: () => {
          electronReady = true
        },
      },
    })
  } catch (err) {
    const explanation = explainFailure(err, { electronReady, version, zips })
    console.error(`\n${explanation ?? `Packaging failed: ${err?.message ?? err}`}`)
    return explanation?.startsWith('Packaging needs the Electron binary') ? 2 : 1
  }
  console.log(`\nInstallers are in ${options.unfused ? 'dist/unfused' : 'dist'}/.`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error('Packaging stopped unexpectedly:', err)
      process.exit(1)
    },
  )
}
