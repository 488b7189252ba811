import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Every file under a directory, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** The files under `dir` that contain any of `secrets` (should be none). */
export function filesContaining(dir: string, secrets: string[]): string[] {
  return filesUnder(dir).filter((file) => {
    const text = readFileSync(file, 'utf8')
    return secrets.some((secret) => text.includes(secret))
  })
}
