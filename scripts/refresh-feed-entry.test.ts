import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { refreshFeedEntry } from './refresh-feed-entry.mjs'
import { feedProblems } from './release-files.mjs'

// A latest-mac.yml as electron-builder writes it, whose DMG then changes (the notarisation ticket stapled
// to it): the release check fails until the feed is refreshed, and passes after.

const root = fileURLToPath(new URL('..', import.meta.url))
const sha512 = (data: string | Buffer) => createHash('sha512').update(data).digest('base64')
const zip = 'operately-tray-1.2.3-universal-mac.zip'
const dmg = 'operately-tray-1.2.3-universal.dmg'

function release() {
  const dir = mkdtempSync(join(tmpdir(), 'feed-'))
  writeFileSync(join(dir, zip), 'the zip')
  writeFileSync(join(dir, dmg), 'the signed dmg')
  const feed = [
    'version: 1.2.3',
    'files:',
    `  - url: ${zip}`,
    `    sha512: ${sha512('the zip')}`,
    '    size: 7',
    `  - url: ${dmg}`,
    `    sha512: ${sha512('the signed dmg')}`,
    '    size: 14',
    `path: ${zip}`,
    `sha512: ${sha512('the zip')}`,
    "releaseDate: '2026-11-26T09:00:00.000Z'",
    '',
  ].join('\n')
  writeFileSync(join(dir, 'latest-mac.yml'), feed)
  return dir
}
const problems = (dir: string) =>
  feedProblems(readFileSync(join(dir, 'latest-mac.yml'), 'utf8'), dir, { version: '1.2.3' })

describe('refreshing a feed entry after the DMG was stapled', () => {
  it('the release check fails on the stapled DMG, and passes once the feed is refreshed', () => {
    const dir = release()
    appendFileSync(join(dir, dmg), ' + stapled ticket')
    expect(problems(dir)).toEqual([
      `the feed: ${dmg} is 31 bytes, the feed says 14.`,
      `the feed: the SHA-512 of ${dmg} is not the one the feed gives.`,
    ])
    const run = spawnSync(
      process.execPath,
      [join(root, 'scripts', 'refresh-feed-entry.mjs'), join(dir, 'latest-mac.yml'), join(dir, dmg)],
      { encoding: 'utf8' },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(problems(dir)).toEqual([])
  })

  it('changes only the entries naming the file, and the top-level sha512 only when path names it', () => {
    const dir = release()
    const before = readFileSync(join(dir, 'latest-mac.yml'), 'utf8')
    const after = refreshFeedEntry(before, dmg, { sha512: 'NEW', size: 99 })
    expect(after).toContain(`url: ${zip}\n    sha512: ${sha512('the zip')}\n    size: 7`)
    expect(after).toContain(`url: ${dmg}\n    sha512: NEW\n    size: 99`)
    expect(after).toContain(`path: ${zip}\nsha512: ${sha512('the zip')}`)
    expect(refreshFeedEntry(before, zip, { sha512: 'Z', size: 1 })).toContain(`path: ${zip}\nsha512: Z`)
  })

  it('refuses a feed that does not name the file', () => {
    expect(() =>
      refreshFeedEntry(readFileSync(join(release(), 'latest-mac.yml'), 'utf8'), 'other.dmg', {
        sha512: 'x',
        size: 1,
      }),
    ).toThrow('The feed names no file other.dmg.')
  })
})
