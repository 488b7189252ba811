import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator } from './server'
import type { Emulator } from './types'
import { RELEASE_VERSION_HEADERS } from './version-header'

// The header forms of Operately's Makefile `inject.rel.version` and endpoint `put_version_header`.

let emu: Emulator | null = null
afterEach(async () => {
  await emu?.close()
  emu = null
})

async function headerOf(options: Parameters<typeof startEmulator>[0]): Promise<string | null> {
  emu = await startEmulator(options)
  const res = await fetch(`${emu.url}/api/external/v1/people/get_me`, {
    headers: { authorization: `Bearer ${emu.tokens.write}` },
  })
  await res.text()
  await emu.close()
  emu = null
  return res.headers.get('x-operately-version')
}

describe('x-operately-version', () => {
  it.each(Object.entries(RELEASE_VERSION_HEADERS))(
    'a release image of %s sends its build date and short hash (%s)',
    async (version, header) => {
      expect(header).toMatch(/^\d{4}-\d{2}-\d{2}-[0-9a-f]{9}$/)
      expect(await headerOf({ version })).toBe(header)
    },
  )

  it('1.8.0 sends 2026-07-16-cff38bbea, the header of the image tagged 1.8.0', async () => {
    expect(await headerOf({})).toBe('2026-07-16-cff38bbea')
  })

  it("header 'dev' sends dev-version, as a server run from source", async () => {
    expect(await headerOf({ version: '1.6.0', header: 'dev' })).toBe('dev-version')
  })

  it('any other header value is sent as written, behaviour still following version', async () => {
    emu = await startEmulator({ version: '1.7.0', header: '2030-01-01-abcdef123' })
    const res = await fetch(`${emu.url}/api/external/v1/people/get_me`, {
      headers: { authorization: `Bearer ${emu.tokens.write}` },
    })
    const body = (await res.json()) as { me: Record<string, unknown> }
    expect(res.headers.get('x-operately-version')).toBe('2030-01-01-abcdef123')
    expect(body.me).not.toHaveProperty('__typename') // 1.7.0 behaviour
  })

  it('refuses a version with no known release header unless told what to send', async () => {
    await expect(startEmulator({ version: '1.9.0' })).rejects.toThrow(/No release header/)
  })
})
