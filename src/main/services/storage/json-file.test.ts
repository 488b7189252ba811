import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Logger } from '../log/logger'
import { createJsonFile } from './json-file'

const schema = z.object({ name: z.string() })

function recordingLogger() {
  const warnings: string[] = []
  const log: Logger = { debug() {}, info() {}, error() {}, warn: (message) => void warnings.push(message) }
  return { log, warnings }
}

describe('json file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'json-file-'))

  it('writes a document that only its owner can read, and reads it back', async () => {
    const { log } = recordingLogger()
    const file = createJsonFile(join(dir, 'a.json'), schema, { name: 'default' }, log)
    await file.write({ name: 'Ada' })
    expect(await file.read()).toEqual({ name: 'Ada' })
    // Windows keeps no POSIX mode (it reports 0o666): the folder's ACL protects the file there.
    if (process.platform !== 'win32') expect(statSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600)
  })

  it('reads a missing file as the fallback without a warning', async () => {
    const { log, warnings } = recordingLogger()
    const file = createJsonFile(join(dir, 'missing.json'), schema, { name: 'default' }, log)
    expect(await file.read()).toEqual({ name: 'default' })
    expect(warnings).toEqual([])
  })

  it('reads a damaged or foreign file as the fallback, with a warning, and leaves it for inspection', async () => {
    for (const [name, content] of [
      ['garbage.json', '{"name": "Ada"'],
      ['wrong-shape.json', '{"name": 42}'],
    ] as const) {
      const { log, warnings } = recordingLogger()
      writeFileSync(join(dir, name), content)
      const file = createJsonFile(join(dir, name), schema, { name: 'default' }, log)
      expect(await file.read()).toEqual({ name: 'default' })
      expect(warnings).toHaveLength(1)
      expect(readFileSync(join(dir, name), 'utf8')).toBe(content)
    }
  })
})
