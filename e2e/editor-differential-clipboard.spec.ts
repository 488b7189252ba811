import { test } from './support/differential/fixtures'
import { copyPaste, foreignPaste } from './support/differential/sessions-clipboard'
import { timeoutFor } from './support/differential/timeouts'

// The editor (in chunks), the same editor without chunks and stock TipTap must agree on cut, copy and
// paste (the editor's own copy through the system clipboard) and on pasting another application's HTML.

test.describe.configure({ mode: 'parallel' })

const sessions = [copyPaste(41), copyPaste(200), copyPaste(5000), foreignPaste(200)]

for (const session of sessions) {
  test(`${session.size} blocks: ${session.name}`, async ({ differential }) => {
    test.setTimeout(timeoutFor(session))
    await differential.check(session)
  })
}
