// @vitest-environment jsdom
// A project's weekly check-in that waits for the person ("Needs you"), a request for it perhaps on
// Operately already: discarding it sends the person to look at the project, never at a goal it has not.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProjectCheckInInput, QueuedCheckIn } from '@shared/domain/check-ins'
import { render, type Rendered } from '../../editor/test-support/render'
import { CheckInQueuedView } from './CheckInQueuedView'

const submitted: ProjectCheckInInput = {
  submissionId: '6f1c1c52-3a7e-4c43-9d1b-5a0f3c1d2e4f',
  projectId: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
  status: 'caution',
  message: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Pad poured.' }] }],
  }),
  notify: { mode: 'everyone' },
}

const queued: QueuedCheckIn = {
  outcome: 'queued',
  entryId: '0b7f1a8e-0c51-4d36-9c6c-2f3b8a1d9e70',
  subject: { kind: 'project', id: submitted.projectId },
  submissionId: submitted.submissionId,
  queuedAt: '2026-12-07T09:00:00Z',
  state: 'needs_you',
  maybeSaved: true,
  reason: 'Not on Operately 2 minutes after it was sent.',
}

let rendered: Rendered | null = null
afterEach(async () => {
  await rendered?.unmount()
  rendered = null
  delete (window as { operately?: unknown }).operately
})

describe("a project's check-in that needs the person", () => {
  it('asks them to look at the project in Operately before writing it again', async () => {
    // Main answers that the submission still waits.
    ;(window as { operately?: unknown }).operately = {
      checkIns: {
        submission: () => Promise.resolve({ ok: true, value: { status: 'waiting', queued, submitted } }),
      },
    }
    rendered = await render(
      <QueryClientProvider client={new QueryClient()}>
        <CheckInQueuedView
          queued={queued}
          submitted={submitted}
          goalName="Launch site"
          onNext={() => {}}
          onBack={() => {}}
          backLabel="Back to the project"
          onOpenSync={() => {}}
          onSent={() => {}}
          onBackToForm={() => {}}
          keepAsDraft={() => Promise.resolve()}
        />
      </QueryClientProvider>,
    )
    const discard = [...rendered.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Discard…',
    )!
    await act(async () => discard.click())
    const text = rendered.container.textContent ?? ''
    expect(text).toMatch(/Discard this check-in for good\?/)
    expect(text).toMatch(/Look at the project in Operately/)
    expect(text).not.toMatch(/the goal/)
  })
})
