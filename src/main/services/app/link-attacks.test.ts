import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { silentLogger } from '../log/logger'
import { createMainServices } from '../create-services'
import type { KeytarLike } from '../vault/token-vault'
import type { LinkQuestion } from './link-policy'
import { decideLink } from './link-policy'

// Found by a hostile review of issue 22 (a compromised page). The promise: that a page-side call can never open a link to
// another site without main's own dialog being answered Open.

function memoryKeytar(): KeytarLike {
  const secrets = new Map<string, string>()
  return {
    getPassword: async (service, account) => secrets.get(`${service}\n${account}`) ?? null,
    setPassword: async (service, account, password) => void secrets.set(`${service}\n${account}`, password),
    deletePassword: async (service, account) => secrets.delete(`${service}\n${account}`),
  }
}

describe('the signed-in server, chosen by the page itself at sign-in', () => {
  let real: Emulator
  let evil: Emulator
  beforeAll(async () => {
    real = await startEmulator()
    evil = await startEmulator()
  })
  afterAll(async () => {
    await real.close()
    await evil.close()
  })

  it('a page that signs the app in to a server of its choosing cannot then open that server unasked', async () => {
    const opened: string[] = []
    const asked: LinkQuestion[] = []
    const services = await createMainServices({
      dataDir: mkdtempSync(join(tmpdir(), 'review-22-links-')),
      keytar: memoryKeytar(),
      log: silentLogger,
      requestTimeoutMs: 3000,
      openExternal: async (url) => void opened.push(url),
      askBeforeOpening: async (question) => {
        asked.push(question)
        return false // the person says Cancel to anything main asks
      },
    })
    // The person signed in to their real server through the form.
    expect(
      await services.dispatch('session.signIn', { baseUrl: real.url, token: real.tokens.write }),
    ).toMatchObject({ ok: true })
    // A compromised page, with nothing but its own IPC calls: sign in to a server the attacker runs (any
    // host that answers the two API calls), then ask to open a page there.
    expect(
      await services.dispatch('session.signIn', { baseUrl: evil.url, token: evil.tokens.write }),
    ).toMatchObject({ ok: true })
    const target = `${evil.url}/payload?steal=1`
    await services.dispatch('app.openExternal', { url: target })
    // Main's dialog must have been asked (and said Cancel): nothing may have opened.
    expect(opened).toEqual([])
  })
})

describe('mailto fields smuggled through the address', () => {
  it.each([
    // Decoded once by the policy, these put query syntax (?attach=, &) inside the "address".
    'mailto:x%3Fattach%3D%2Fetc%2Fpasswd@example.com',
    'mailto:ann%26attach%3D~%2F.ssh%2Fid_rsa@example.com',
    // Double-encoded: shows as an odd address, a mail program that decodes once more reads ?attach=.
    'mailto:x%253Fattach%253D%252Fetc%252Fpasswd@example.com',
  ])('refuses %s', (link) => {
    expect(decideLink(link, null).action).toBe('refuse')
  })
})

describe('the mail question names every recipient', () => {
  it('names a bcc recipient the page hid (percent-encoded in the detail) in the question', () => {
    // The dialog says "Write an e-mail to boss@company.example", its detail shows the raw, encoded URL:
    // the hidden copy to the attacker is not readable anywhere in main's question.
    const decision = decideLink(
      'mailto:boss@company.example?bcc=%61%74%74%61%63%6b%65%72%40evil.example&subject=Q3%20numbers',
      null,
    )
    expect(decision.action).toBe('ask')
    const question = decision.action === 'ask' ? decision.question : null
    expect(question?.kind === 'mail' ? question.to : '').toContain('attacker@evil.example')
  })
})
