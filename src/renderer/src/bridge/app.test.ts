// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import type { LinkOutcome } from '@shared/contract/app'
import { openInBrowser } from './app'
import { BridgeError } from './bridge-error'

/** The bridge as the preload builds it, reduced to the one call, answering as main would. */
function mainAnswers(outcome: LinkOutcome): string[] {
  const asked: string[] = []
  Object.defineProperty(window, 'operately', {
    configurable: true,
    value: {
      app: {
        openExternal: async ({ url }: { url: string }) => {
          asked.push(url)
          return { ok: true, value: outcome }
        },
      },
    },
  })
  return asked
}

afterEach(() => {
  Reflect.deleteProperty(window, 'operately')
})

describe('openInBrowser', () => {
  it("resolves with what became of the link once main has decided: opened, or cancelled in main's dialog", async () => {
    const asked = mainAnswers({ status: 'opened' })
    expect(await openInBrowser('https://wiki.example.com/')).toBe('opened')
    expect(asked).toEqual(['https://wiki.example.com/'])
    mainAnswers({ status: 'cancelled' })
    expect(await openInBrowser('https://wiki.example.com/')).toBe('cancelled')
  })

  it("rejects a refused link with main's reason as a sentence, for the popup to show", async () => {
    mainAnswers({ status: 'refused', reason: 'links to javascript: addresses are never opened' })
    const refused = openInBrowser('javascript:alert(1)')
    await expect(refused).rejects.toBeInstanceOf(BridgeError)
    await expect(refused).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'Links to javascript: addresses are never opened.',
    })
  })
})
