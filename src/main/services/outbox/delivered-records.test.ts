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
  it('keep a project’s newest text and the texts that may still land across a restart, oldest first, without repeats', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'delivered-'))
    const records = await openDeliveredRecords(dir, silentLogger)
    const many = Array.from({ length: keptOwnTexts + 3 }, (_, i) => text(`save ${i}`))
    await records.set('description:abc', text('newest'), [many[0]!, ...many, many.at(-1)!], false)
    const reopened = await openDeliveredRecords(dir, silentLogger)
    expect(reopened.get('description:abc')).toEqual({
      newest: text('newest'),
      mayLand: many.slice(-keptOwnTexts),
    })
    expect(reopened.get('description:other')).toEqual({ newest: null, mayLand: [] })
  })

  it('remember a text delivered with every request answered as settled, until one of it is left unclear', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'delivered-'))
    const records = await openDeliveredRecords(dir, silentLogger)
    await records.set('description:abc', text('answered'), [], true)
    await records.set('description:abc', text('later'), [], true)
    const reopened = await openDeliveredRecords(dir, silentLogger)
    expect(reopened.settled('description:abc', text('answered'))).toBe(true)
    expect(reopened.settled('description:other', text('answered'))).toBe(false)
    await reopened.set('description:abc', text('answered'), [text('answered')], false)
    expect(reopened.settled('description:abc', text('answered'))).toBe(false)
  })

  it('read a record written before texts that may land were told apart: its earlier texts still count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'delivered-'))
    mkdirSync(dir, { recursive: true })
    const key = 'description:abc'
    const name = `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`
    writeFileSync(
      join(dir, name),
      JSON.stringify({ key, text: text('from an older version'), earlier: [text('before it')] }),
    )
    const records = await openDeliveredRecords(dir, silentLogger)
    expect(records.get(key)).toEqual({ newest: text('from an older version'), mayLand: [text('before it')] })
    expect(records.settled(key, text('from an older version'))).toBe(false)
  })
})
