import { operationNames } from '@shared/contract'
import { expect, test } from './support/fixtures'
import { popup } from './support/popup'

test('the page gets exactly the contract’s operations on window.operately, and nothing else', async ({
  page,
  harness,
}) => {
  await page.goto(harness.url)
  await expect(popup(page).signInHeading).toBeVisible()
  const exposed = await page.evaluate(() => {
    const bridge = (window as unknown as { operately: Record<string, Record<string, unknown>> }).operately
    return Object.entries(bridge).flatMap(([area, ops]) =>
      Object.entries(ops).map(([op, fn]) => `${area}.${op}:${typeof fn}`),
    )
  })
  expect(exposed.sort()).toEqual(operationNames.map((name) => `${name}:function`).sort())
})

test('the page cannot reach the server itself: only main talks to the network', async ({
  page,
  emulator,
  harness,
  cspViolations,
}) => {
  await page.goto(harness.url)
  await expect(popup(page).signInHeading).toBeVisible()
  const outcome = await page.evaluate(async (url) => {
    try {
      await fetch(url, { headers: { authorization: 'Bearer x' } })
      return 'reached'
    } catch {
      return 'blocked'
    }
  }, `${emulator.url}/api/external/v1/people/get_me`)
  expect(outcome).toBe('blocked')
  expect(emulator.state.requests).toHaveLength(0)
  // Refused by the page's CSP (connect-src), which is what stopped it.
  expect(cspViolations.splice(0).join('\n')).toMatch(/Refused to connect .*Content Security Policy/)
})
