#!/usr/bin/env node
// Writes a file's new size and SHA-512 into the update feed that names it:
//
//   node scripts/refresh-feed-entry.mjs dist/latest-mac.yml dist/operately-tray-1.2.3-universal.dmg
//
// electron-builder records every installer in latest*.yml as it builds it. Stapling the notarisation
// ticket to the DMG afterwards changes the DMG's bytes, and a feed with the old SHA-512 would fail
// scripts/release-files.mjs (and electron-updater, for any file it reads). Only the entries naming that
// file change; a feed that does not name it is an error, not a silent no-op.
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'

/** The feed's text with `name`'s entries given `sha512` and `size`; throws when the feed does not name it. */
export function refreshFeedEntry(feedText, name, { sha512, size }) {
  const feed = yaml.load(feedText)
  const entries = (Array.isArray(feed?.files) ? feed.files : []).filter((entry) => entry.url === name)
  if (entries.length === 0) throw new Error(`The feed names no file ${name}.`)
  for (const entry of entries) {
    entry.sha512 = sha512
    if (entry.size !== undefined) entry.size = size
  }
  // The old single-file form: the top-level path and sha512 describe the main file.
  if (feed.path === name) feed.sha512 = sha512
  return yaml.dump(feed, { lineWidth: -1 })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [feedPath, filePath] = process.argv.slice(2)
  if (!feedPath || !filePath) {
    console.error('Usage: node scripts/refresh-feed-entry.mjs <latest*.yml> <file it names>')
    process.exit(2)
  }
  const sha512 = createHash('sha512').update(readFileSync(filePath)).digest('base64')
  const size = statSync(filePath).size
  try {
    writeFileSync(
      feedPath,
      refreshFeedEntry(readFileSync(feedPath, 'utf8'), basename(filePath), { sha512, size }),
    )
  } catch (err) {
    console.error(`::error::${feedPath}: ${err.message}`)
    process.exit(1)
  }
  console.log(`${feedPath}: ${basename(filePath)} is now ${size} bytes, SHA-512 ${sha512}`)
}
