import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'

// axe-core, the accessibility checker: any violation of any rule it runs by default (WCAG 2.x A and AA,
// and its best practices) fails the test.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[]; failureSummary?: string }>
}

/** axe's violations on the page as it is now, each with the elements it concerns. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Animations finished and the fonts in: contrast is measured on what a person sees.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(250)
  // Evaluated by the test driver, outside the page's own scripts, so a page's strict CSP stays as it is.
  const hasAxe = await page.evaluate(() => 'axe' in window)
  if (!hasAxe) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })
  return (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
  )
}

/** Runs axe on the page as it is now; fails with every violation. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${state}`).toEqual([])
}
