import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { generateKeyPair, signFeedFiles } from './sign-feeds.mjs'
import {
  builderTargets,
  checkRelease,
  collect,
  feedFiles,
  feedProblems,
  installerFile,
  platforms,
  readProject,
  releaseFacts,
} from './release-files.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const project = readProject()
const version = project.manifest.version
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix))

/** A feed file the way electron-builder writes one, describing files in `dir`. */
function feedFor(dir: string, files: string[], feedVersion = version) {
  const entries = files.map((url) => {
    const data = readFileSync(join(dir, url))
    return { url, sha512: createHash('sha512').update(data).digest('base64'), size: data.length }
  })
  return yaml.dump({
    version: feedVersion,
    files: entries,
    path: entries[0]?.url,
    sha512: entries[0]?.sha512,
    releaseDate: '2026-11-26T09:00:00.000Z',
  })
}

/** Installers for one platform in `dir` (as electron-builder leaves them in dist/), with its feed. */
function builtFor(dir: string, platform: (typeof platforms)[number]) {
  mkdirSync(dir, { recursive: true })
  const files = builderTargets(project.builder, platform).map((target) => installerFile(project, target))
  for (const file of files) writeFileSync(join(dir, file), `the ${file} installer`)
  if (platform === 'win') writeFileSync(join(dir, `${files[0]}.blockmap`), 'blockmap')
  // What electron-updater downloads: the zip on macOS, the NSIS installer on Windows, the AppImage on Linux.
  const updatable = files.filter((file) => /\.(zip|exe|AppImage)$/.test(file))
  writeFileSync(join(dir, feedFiles[platform]), feedFor(dir, updatable))
  return files
}

describe('the installers each target makes', () => {
  it('have the names electron-builder.yml gives them, without spaces', () => {
    const names = Object.fromEntries(
      platforms.flatMap((platform) =>
        builderTargets(project.builder, platform).map((target) => [target, installerFile(project, target)]),
      ),
    )
    expect(names).toEqual({
      dmg: `operately-tray-${version}-universal.dmg`,
      zip: `operately-tray-${version}-universal-mac.zip`,
      nsis: `operately-tray-setup-${version}.exe`,
      msi: `operately-tray-${version}.msi`,
      deb: `operately-tray_${version}_amd64.deb`,
      rpm: `operately-tray-${version}.x86_64.rpm`,
      AppImage: `operately-tray-${version}-x86_64.AppImage`,
    })
  })

  it('refuses a target it knows no file name for', () => {
    expect(() => installerFile(project, 'snap')).toThrow(
      'No installer file name is known for the target "snap".',
    )
  })
})

describe('what the verification steps compare with', () => {
  it('comes from package.json, build/publisher.json and electron-builder.yml', () => {
    expect(releaseFacts(project)).toEqual({
      EXPECT_VERSION: version,
      EXPECT_PRODUCT_NAME: 'Operately Tray',
      EXPECT_MANUFACTURER: project.publisher.name,
      EXPECT_MAINTAINER: `${project.publisher.name} <${project.publisher.email}>`,
      EXPECT_WINDOWS_PUBLISHER: project.publisher.windowsPublisherName,
      EXPECT_MSI_UPGRADE_CODE: '1835BA5D-7756-4EBC-BBB7-90D992AA1866',
    })
  })

  it('is printed as NAME=value lines for $GITHUB_ENV', () => {
    const result = spawnSync(process.execPath, ['scripts/release-files.mjs', 'facts'], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(result.status).toBe(0)
    expect(result.stdout).toContain(`EXPECT_VERSION=${version}\n`)
    expect(result.stdout).toContain('EXPECT_MSI_UPGRADE_CODE=1835BA5D-7756-4EBC-BBB7-90D992AA1866\n')
  })
})

describe('feedProblems', () => {
  it('accepts a feed whose files are there with the size and SHA-512 it gives', () => {
    const dir = temp('feed-')
    writeFileSync(join(dir, 'a.exe'), 'installer')
    expect(feedProblems(feedFor(dir, ['a.exe']), dir, { version, feedName: 'latest.yml' })).toEqual([])
  })

  it('names a missing file, a changed file, another version and a broken file', () => {
    const dir = temp('feed-')
    writeFileSync(join(dir, 'a.exe'), 'installer')
    const feed = feedFor(dir, ['a.exe'])
    writeFileSync(join(dir, 'a.exe'), 'installer, changed after the feed was written')
    expect(feedProblems(feed, dir, { version, feedName: 'latest.yml' })).toEqual([
      expect.stringMatching(/^latest\.yml: a\.exe is \d+ bytes, the feed says 9\.$/),
      'latest.yml: the SHA-512 of a.exe is not the one the feed gives.',
    ])
    rmSync(join(dir, 'a.exe'))
    expect(feedProblems(feed, dir, { version, feedName: 'latest.yml' })).toEqual([
      'latest.yml names a.exe, which is not there.',
    ])
    writeFileSync(join(dir, 'a.exe'), 'installer')
    expect(feedProblems(feedFor(dir, ['a.exe'], '0.0.1'), dir, { version, feedName: 'latest.yml' })).toEqual([
      `latest.yml announces version 0.0.1, not ${version}.`,
    ])
    expect(feedProblems('files: [', dir, { version, feedName: 'latest.yml' })[0]).toMatch(
      /^latest\.yml is not valid YAML/,
    )
  })
})

describe('collect', () => {
  it('copies each target’s installer, its blockmap and the feed, and nothing else', () => {
    const dist = temp('dist-')
    const files = builtFor(dist, 'win')
    mkdirSync(join(dist, 'win-unpacked'))
    writeFileSync(join(dist, 'builder-debug.yml'), 'not for release')
    const to = join(temp('release-'), 'release')
    const { copied, problems } = collect(project, 'win', ['nsis', 'msi'], { from: dist, to })
    expect(problems).toEqual([])
    expect(copied.sort()).toEqual([...files, `${files[0]}.blockmap`, 'latest.yml'].sort())
    expect(readdirSync(to).sort()).toEqual(copied.sort())
  })

  it('fails when a target was not built or the feed was not written', () => {
    const dist = temp('dist-')
    builtFor(dist, 'linux')
    rmSync(join(dist, installerFile(project, 'rpm')))
    rmSync(join(dist, 'latest-linux.yml'))
    const { problems } = collect(project, 'linux', ['deb', 'rpm', 'AppImage'], {
      from: dist,
      to: temp('release-'),
    })
    expect(problems).toEqual([
      `The rpm installer operately-tray-${version}.x86_64.rpm was not built (nothing in ${dist}).`,
      'The update feed latest-linux.yml was not written (is OPERATELY_TRAY_UPDATE_URL set?).',
    ])
  })

  it('from the command line, also fails when the workflow leaves out a target electron-builder.yml builds', () => {
    const dir = temp('collect-')
    builtFor(join(dir, 'dist'), 'linux')
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'scripts', 'release-files.mjs'),
        'collect',
        'linux',
        'deb',
        'AppImage',
        '--from',
        join(dir, 'dist'),
        '--to',
        join(dir, 'release'),
      ],
      { cwd: dir, encoding: 'utf8' },
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      '::error::electron-builder.yml also builds rpm for linux, which was not collected.',
    )
  })
})

describe('checkRelease', () => {
  /** The pair the publish job's secret and the app's built-in key stand for in these tests. */
  const feedKey = generateKeyPair()
  const options = { feedPublicKeys: [feedKey.publicKey] }

  /**
   * What the publish job has after downloading and signing: every platform's installers and feed, each
   * feed's signature, and the Linux checksums.
   */
  function completeRelease() {
    const dir = temp('release-')
    for (const platform of platforms) builtFor(dir, platform)
    signFeedFiles(
      platforms.map((platform) => join(dir, feedFiles[platform])),
      { env: { FEED_SIGNING_KEY: feedKey.privateKey }, publicKeyPems: [feedKey.publicKey] },
    )
    const linux = builderTargets(project.builder, 'linux').map((target) => installerFile(project, target))
    const sums = linux.map(
      (file) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, file)))
          .digest('hex')}  ${file}`,
    )
    writeFileSync(join(dir, 'SHA256SUMS'), `${sums.join('\n')}\n`)
    return dir
  }

  it('passes a folder with every installer, every feed, the feed signatures and matching checksums', () => {
    expect(checkRelease(project, completeRelease(), options)).toEqual([])
  })

  it.each(['latest.yml', 'latest-mac.yml', 'latest-linux.yml'])(
    'fails when %s is unsigned, changed after signing, or signed with another key',
    (feedName) => {
      const unsigned = completeRelease()
      rmSync(join(unsigned, `${feedName}.sig`))
      expect(checkRelease(project, unsigned, options)).toEqual([
        `${feedName}.sig is missing: installed copies refuse an unsigned feed.`,
      ])
      const changed = completeRelease()
      writeFileSync(join(changed, feedName), `${readFileSync(join(changed, feedName), 'utf8')}# changed\n`)
      expect(checkRelease(project, changed, options)).toEqual([
        `${feedName}.sig does not verify with a public key built into the app.`,
      ])
    },
  )

  it('by default checks against the keys built into the app, which these test keys are not', () => {
    expect(checkRelease(project, completeRelease())).toEqual(
      ['latest-mac.yml', 'latest.yml', 'latest-linux.yml'].map(
        (feedName) => `${feedName}.sig does not verify with a public key built into the app.`,
      ),
    )
  })

  it('names what is missing or does not match', () => {
    const dir = completeRelease()
    rmSync(join(dir, 'latest-mac.yml'))
    rmSync(join(dir, installerFile(project, 'msi')))
    writeFileSync(join(dir, installerFile(project, 'deb')), 'a different package')
    expect(checkRelease(project, dir, options)).toEqual([
      'The update feed latest-mac.yml is missing.',
      `The msi installer operately-tray-${version}.msi is missing.`,
      `SHA256SUMS: operately-tray_${version}_amd64.deb does not have the checksum listed.`,
    ])
    rmSync(join(dir, 'SHA256SUMS'))
    expect(checkRelease(project, dir, options)).toContain('SHA256SUMS is missing.')
    expect(existsSync(join(dir, 'latest.yml'))).toBe(true)
  })
})
