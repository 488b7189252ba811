// jsdom builds a real DOM but does no layout: ranges have no rectangles and there is no hit testing.
// ProseMirror asks for both when it scrolls the cursor into view. These stand-ins answer "nothing is
// anywhere", which is all a test needs; they never replace behaviour a user would see.

function emptyRect(): DOMRect {
  return new DOMRect(0, 0, 0, 0)
}

export function installLayoutStandIns(): void {
  const rangeProto = Range.prototype as Partial<Range>
  if (!rangeProto.getClientRects) {
    Range.prototype.getClientRects = function getClientRects() {
      return Object.assign([], { item: () => null }) as unknown as DOMRectList
    }
  }
  if (!rangeProto.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect
  const documentProto = Document.prototype as Partial<Document>
  if (!documentProto.elementFromPoint) Document.prototype.elementFromPoint = () => null
}
