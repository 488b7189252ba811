import { DOCUMENT_SIZES } from './support/differential/documents'
import { test } from './support/differential/fixtures'
import {
  documentEdges,
  doubleAndTripleClick,
  editingAtBoundary,
  inputMethod,
  selectAll,
  selectAllThenExtend,
  shiftArrows,
  shiftClickAcrossBoundary,
  shiftPageKeys,
  spellingFix,
  toTheEnd,
  typeRightAfterClick,
  typeRightAfterTab,
  undoRedo,
} from './support/differential/sessions-keys'
import { timeoutFor } from './support/differential/timeouts'

// The editor (in chunks), the same editor without chunks and stock TipTap must agree on clicks, keys and
// text input around chunk boundaries: the selection after each step and the final document. Every case
// runs on the 200-block document; select all (and extending it), the document's end, typing right
// after a click and undo/redo on all three sizes.

// No retries (issue 39): the security gate counts a proof that passed only on retry as failed, so a
// retry here would only turn a busy runner's hiccup into a red release. Flakiness is fixed, not retried.
test.describe.configure({ mode: 'parallel', retries: 0 })

const sessions = [
  ...DOCUMENT_SIZES.flatMap(
    (size) =>
      [
        selectAll(size),
        selectAllThenExtend(size),
        toTheEnd(size),
        typeRightAfterClick(size),
        undoRedo(size),
      ] as const,
  ),
  editingAtBoundary(200),
  shiftClickAcrossBoundary(200),
  doubleAndTripleClick(200),
  shiftArrows(200),
  shiftPageKeys(200),
  documentEdges(200),
  typeRightAfterTab(200),
  inputMethod(200),
  spellingFix(200),
]

for (const session of sessions) {
  test(`${session.size} blocks: ${session.name}`, async ({ differential }) => {
    test.setTimeout(timeoutFor(session))
    await differential.check(session)
  })
}
