import { expect, test as base, type Page, type ViewportSize } from '@playwright/test'
import { compareRuns } from './compare'
import { allDocuments, documentName } from './documents'
import type { EditorKind } from './page-api'
import { startPageServer } from './page-server'
import { loadDocument, openEditorPage, runEditor, type EditorRun } from './runner'
import type { Session } from './session'

export { expect }

const EDITORS: EditorKind[] = ['app', 'flat', 'stock']

type EditorPages = Record<EditorKind, Page>

/**
 * Runs `session` in the app, the app without chunks and stock TipTap, one after the other (they share
 * the system clipboard, and each must have the machine to itself for the timing of its input), and fails
 * with every step where they part ways.
 */
async function expectSameBehaviour(
  pages: EditorPages,
  viewport: ViewportSize,
  session: Session,
): Promise<void> {
  // Loaded side by side (loading is most of the wait), run one after the other.
  await Promise.all(
    EDITORS.map(async (kind) => {
      await pages[kind].setViewportSize(viewport)
      await loadDocument(pages[kind], documentName(session.size))
    }),
  )
  const runs = {} as Record<EditorKind, EditorRun>
  for (const kind of EDITORS) runs[kind] = await runEditor(pages[kind], kind, session.steps)
  const { problems, notes } = compareRuns(session.name, session.steps, runs)
  for (const note of notes) base.info().annotations.push({ type: 'differential', description: note })
  expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([])
}

/**
 * `differential.check(session)` runs a session in the three editors and compares them. The page server
 * and the three pages live as long as the worker: each session puts a fresh editor in them (Playwright
 * starts a new worker after a failed test, so nothing a failure left behind carries over).
 */
export const test = base.extend<
  { differential: { check(session: Session): Promise<void> } },
  { editorPages: EditorPages }
>({
  // A trace snapshots the page at every call into it: with thousands of blocks, three editors and a
  // call per step, that would be most of the run. The failure message names the step and what each
  // editor did instead.
  trace: 'off',
  editorPages: [
    async ({ browser }, use) => {
      const server = await startPageServer(allDocuments())
      // Cut, copy and paste go through the system clipboard, as a person's keys do.
      const context = await browser.newContext({
        colorScheme: 'light',
        permissions: ['clipboard-read', 'clipboard-write'],
      })
      const pages = {} as EditorPages
      for (const kind of EDITORS) pages[kind] = await openEditorPage(context, server.url, kind)
      await use(pages)
      await context.close()
      await server.close()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  differential: async ({ editorPages, viewport }, use) => {
    await use({
      check: (session) => expectSameBehaviour(editorPages, viewport ?? { width: 380, height: 560 }, session),
    })
  },
})
