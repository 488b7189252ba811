// The Windows publisher names the app demands of an update's installer, read at build time and built
// into the main bundle (electron.vite.config.ts → src/main/services/updates/windows-publisher.ts):
//   - `windowsPublisherName` in build/publisher.json (a string or a list of strings), when the file exists;
//   - AZURE_TRUSTED_SIGNING_PUBLISHER_NAME, which scripts/package.mjs also signs with.
// Without either, a Windows build refuses to install updates (src/main/services/updates/update-config.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export function windowsPublisherNames({ root, env = process.env }) {
  const names = []
  const file = join(root, 'build', 'publisher.json')
  if (existsSync(file)) {
    let parsed
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'))
    } catch (err) {
      throw new Error(`build/publisher.json is not valid JSON: ${err.message}`)
    }
    const value = parsed?.windowsPublisherName
    if (value !== undefined) {
      const list = Array.isArray(value) ? value : [value]
      if (!list.every((name) => typeof name === 'string'))
        throw new Error('windowsPublisherName in build/publisher.json must be a string or a list of strings.')
      names.push(...list)
    }
  }
  if (env.AZURE_TRUSTED_SIGNING_PUBLISHER_NAME) names.push(env.AZURE_TRUSTED_SIGNING_PUBLISHER_NAME)
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))]
}
