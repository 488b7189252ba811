import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../log/logger'
import { keptOwnTexts, openDeliveredRecords } from './delivered-records'

const text = (words: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] })

describe('delivered records', () => {
  it('keep a project’s newest own texts across a restart, oldest first, without repeats', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'delivered-'))
    const records = await openDeliveredRecords(dir, silentLogger)
    const many = Array.from({ length: keptOwnTexts + 3 }, (_, i) => text(`save ${i}`))
    await records.set('description:abc', [many[0]!, ...many, many.at(-1)!])
    const reopened = await openDeliveredRecords(dir, silentLogger)
    expect(reopened.get('description:abc')).toEqual(many.slice(-(keptOwnTexts + 1)))
    expect(reopened.get('description:other')).toEqual([])
  })

  it('read a record written before earlier texts were kept as its one text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'delivered-'))
    mkdirSync(dir, { recursive: true })
    const key = 'description:abc'
    const name = `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`
    writeFileSync(join(dir, name), JSON.stringify({ key, text: text('from an older version') }))
    const records = await openDeliveredRecords(dir, silentLogger)
    expect(records.get(key)).toEqual([text('from an older version')])
  })
})
