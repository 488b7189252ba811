import type { Locator, Page } from '@playwright/test'
import { SEED_IDS } from '../emulator'
import type { Emulator, RichDoc } from '../emulator/types'
import type { Harness } from '../harness'
import { settleEditor } from './focus'

/** The seeded projects: the id the app shows and the model key of the emulator's record. */
export const projects = {
  launch: {
    id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
    name: 'Launch site',
    uuid: SEED_IDS.projects.launchSite,
  },
  mobile: {
    id: 'mobile-app-beta-GH2gnDkZ6u68rtEnPLFgIc',
    name: 'Mobile app beta',
    uuid: SEED_IDS.projects.mobileBeta,
  },
  warehouse: {
    id: 'data-warehouse-migration-Ge2Qs9XCrs0ggyE6Ua4KB3',
    name: 'Data warehouse migration',
    uuid: SEED_IDS.projects.warehouse,
  },
  payroll: {
    id: 'payroll-vendor-switch-HLTCsgHSo0fd6jIv5areUx',
    name: 'Payroll vendor switch',
    uuid: SEED_IDS.projects.payroll,
  },
  office: {
    id: 'office-move-HEwL7tvfVNFlSghDDCKYGY',
    name: 'Office move',
    uuid: SEED_IDS.projects.officeMove,
  },
} as const

export type SeededProject = (typeof projects)[keyof typeof projects]

/** The emulator's record of a project: its description is stored parsed, as the real server does. */
export function storedProject(emulator: Emulator, project: SeededProject) {
  const record = emulator.state.projects.find((p) => p.id === project.uuid)
  if (!record) throw new Error(`the emulator has no project ${project.name}`)
  return record
}

/** A deep copy of a stored description, to compare against after the app saved. */
export const snapshot = (doc: RichDoc | null): RichDoc | null => structuredClone(doc)

export const text = (value: string, marks?: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
})
export const paragraph = (...content: unknown[]) => ({
  type: 'paragraph',
  ...(content.length ? { content } : {}),
})

/** The draft the app keeps on disk for a project's description (keyed by its short id), or null. */
export async function storedDraft(harness: Harness, project: SeededProject): Promise<unknown> {
  const key = `description:${project.id.slice(project.id.lastIndexOf('-') + 1)}`
  const result = await harness.services.dispatch('drafts.get', { key })
  if (!result.ok) throw new Error(result.error.message)
  return (result.value as { value: unknown }).value
}

/** Description updates the emulator has received (not the empty one sign-in sends to probe write access). */
export const descriptionUpdates = (emulator: Emulator) =>
  emulator.state.requests.filter(
    (r) =>
      r.endpoint === 'projects/update_description' &&
      typeof r.body === 'object' &&
      r.body !== null &&
      'project_id' in r.body,
  )

/** The Projects section and one project's description page, found the way a person finds them. */
export function descriptionUi(page: Page) {
  const editor = page.getByRole('textbox', { name: 'Project description' })
  return {
    editor,
    filter: page.getByLabel('Filter projects'),
    saveButton: page.getByRole('button', { name: /^(Save|Saving…)$/ }),
    status: page.locator('.description__status'),
    row: (name: string) => page.getByRole('button', { name: new RegExp(`^${name}\\b`) }),
    /** The page's own title (the description may have headings of the same name). */
    heading: (name: string) => page.locator('.description__header').getByRole('heading', { level: 1, name }),
    toolbar: (label: string) =>
      page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: label, exact: true }),

    /** Opens the popup on the Projects section's list. */
    async openPicker(harness: Harness): Promise<void> {
      await page.goto(harness.url)
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('button', { name: 'Projects' })
        .click()
      await page.getByLabel('Filter projects').waitFor()
    },

    /**
     * Opens a project's description from the list and waits for the editor. An editable one takes focus
     * once it is ready (its cursor at the end): typing before that could land where the focus then moves.
     */
    async openProject(
      harness: Harness,
      project: SeededProject,
      options: { readOnly?: boolean } = {},
    ): Promise<void> {
      await this.openPicker(harness)
      await this.row(project.name).click()
      await this.heading(project.name).waitFor()
      await editor.waitFor()
      if (!options.readOnly) await settleEditor(editor)
    },

    /** Puts the cursor at the very end of the document. */
    async toEnd(): Promise<void> {
      await editor.focus()
      await page.keyboard.press('Control+End')
      await settleEditor(editor)
    },

    /**
     * Puts the cursor on a new paragraph below the last block (the seeded descriptions end in a code
     * block, which ArrowDown leaves), ready for the first key: see `settleEditor`.
     */
    async belowEnd(): Promise<void> {
      await this.toEnd()
      await page.keyboard.press('ArrowDown')
      await settleEditor(editor)
    },
  }
}

/** Pastes HTML into an element the way a browser does: a paste event carrying a DataTransfer. */
export function pasteHtml(target: Locator, html: string, plain: string): Promise<void> {
  return target.evaluate(
    (element, data) => {
      const transfer = new DataTransfer()
      transfer.setData('text/html', data.html)
      transfer.setData('text/plain', data.plain)
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      )
    },
    { html, plain },
  )
}

/** Pastes plain text (a copied link) into a field: the paste event a browser sends. */
export function pasteText(target: Locator, plain: string): Promise<void> {
  return target.evaluate((element, data) => {
    const transfer = new DataTransfer()
    transfer.setData('text/plain', data)
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    )
  }, plain)
}
