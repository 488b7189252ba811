// @vitest-environment jsdom
// A project's weekly check-in written too early to count for its week: the warning is said before anything
// is sent, to a person who reaches the Submit button with a screen reader as well as to one who sees it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { render, type Rendered } from '../../editor/test-support/render'
import type { CheckInFormSubject } from './check-in-subject'
import { CheckInForm } from './CheckInForm'

const day = 86_400_000

const project = (nextCheckInDue: string): CheckInFormSubject => ({
  kind: 'project',
  id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
  name: 'Launch site',
  status: 'on_track',
  canEdit: true,
  championName: 'Ada Lovelace',
  reviewerName: null,
  potentialSubscribers: [],
  dueDate: null,
  targets: [],
  checklist: [],
  nextCheckInDue,
})

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  delete (window as { operately?: unknown }).operately
})

async function renderForm(subject: CheckInFormSubject): Promise<HTMLElement> {
  // Main never answers here: the form itself is what is looked at.
  const pending = new Proxy({}, { get: () => () => new Promise(() => undefined) })
  ;(window as { operately?: unknown }).operately = new Proxy({}, { get: () => pending })
  rendered = await render(
    <QueryClientProvider client={new QueryClient()}>
      <CheckInForm
        goal={subject}
        canWrite
        takes={null}
        personId="ada"
        locale="en-US"
        stored={null}
        draftProblem={null}
        freshness={{ fetchedAt: new Date().toISOString(), fromCache: false, lastError: null }}
        onSubmitted={() => {}}
        onBack={() => {}}
        backLabel="Project"
      />
    </QueryClientProvider>,
  )
  return rendered.container
}

const submitButton = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Submit check-in'))!

const describedBy = (container: HTMLElement, element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => container.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')

describe("a project's check-in too early to count for its week", () => {
  it('the Submit button is described by the warning, not only the shortcut', async () => {
    const container = await renderForm(project(new Date(Date.now() + 5 * day).toISOString()))
    expect(container.textContent).toMatch(/the project stays due/)
    expect(describedBy(container, submitButton(container))).toMatch(/the project stays due/)
  })

  it('one that counts says nothing more on the button', async () => {
    const container = await renderForm(project(new Date(Date.now() - day).toISOString()))
    expect(describedBy(container, submitButton(container))).not.toMatch(/stays due/)
  })
})
