import type { Locator, Page } from '@playwright/test'

/** The Sync tab and the Sync view (the outbox), found the way a person finds them. */
export function syncUi(page: Page) {
  const sections = page.getByRole('navigation', { name: 'Sections' })
  return {
    /** The Sync tab; its accessible name carries the count waiting ("Sync, 2 waiting"). */
    tab: sections.getByRole('button', { name: /^Sync/ }),
    heading: page.getByRole('heading', { level: 1, name: 'Sync', exact: true }),
    /** "Online · last synced 10:42", "Offline · 1 waiting", "Syncing…". */
    statusLine: page.getByRole('status').filter({ hasText: /^(Online|Offline|Syncing)/ }),
    syncNow: page.getByRole('button', { name: /^(Sync now|Syncing…)$/ }),
    group: (title: 'Needs you' | 'Could not be read' | 'Waiting to be sent') =>
      page.getByRole('region', { name: title, exact: true }),
    /** One item of the list, by its title ("Description · Launch site"). */
    row: (title: string) => page.getByRole('listitem', { name: title, exact: true }),
    empty: page.getByText('Nothing waiting. Everything you saved is on the server.'),
    halted: page.getByRole('alert').filter({ hasText: /\S/ }),

    /** Opens the Sync view from the section tabs. */
    async open(): Promise<void> {
      await this.tab.click()
      await this.heading.waitFor()
    },
  }
}

/** The actions and the discard question of one row of the Sync view. */
export function syncRow(row: Locator) {
  return {
    retry: row.getByRole('button', { name: /^(Retry now|Retrying…)/ }),
    open: row.getByRole('button', { name: /^Open/ }),
    askDiscard: row.getByRole('button', { name: /^Discard…/ }),
    question: row.getByRole('group', { name: 'Discard this change for good?' }),
    confirmDiscard: row.getByRole('button', { name: /^(Discard|Discarding…)$/ }),
    keep: row.getByRole('button', { name: 'Keep', exact: true }),
  }
}
