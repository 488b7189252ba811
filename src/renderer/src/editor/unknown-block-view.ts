import type { Node as PMNode } from '@tiptap/pm/model'
import type { EditorView, NodeView } from '@tiptap/pm/view'
import { REMOVE_UNKNOWN_META } from './extensions/read-only-guard'
import { UNSUPPORTED_LABEL, UNSUPPORTED_TITLE } from './extensions/unknown-block'
import { unsupportedPreview } from './unsupported-preview'

export const REMOVE_BLOCK_LABEL = 'Remove this unsupported block…'

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag)
  made.className = className
  if (text !== undefined) made.textContent = text
  return made
}

/**
 * How an unsupported block looks in the editable editor: its label and preview (as in the read-only
 * view) plus the one way to remove it, "Remove…", which asks once more and can be undone. No key removes
 * it (UnknownContentGuard); this button is the explicit action. Hidden while the editor is read-only.
 */
export class UnknownBlockView implements NodeView {
  readonly dom: HTMLElement
  private node: PMNode
  private readonly preview: HTMLElement
  private readonly actions: HTMLElement

  constructor(
    node: PMNode,
    private readonly view: EditorView,
    private readonly getPos: () => number | undefined,
    private readonly onRemoved: () => void,
  ) {
    this.node = node
    this.dom = element('div', 'ot-unsupported ot-unsupported--block')
    this.dom.dataset.otUnknown = 'block'
    this.dom.title = UNSUPPORTED_TITLE
    this.dom.append(element('span', 'ot-unsupported__label', UNSUPPORTED_LABEL))
    this.preview = element('span', 'ot-unsupported__preview')
    this.dom.append(this.preview)
    this.actions = element('span', 'ot-unsupported__actions')
    this.dom.append(this.actions)
    this.showPreview()
    this.showRemoveButton(false)
  }

  private showPreview(): void {
    const text = unsupportedPreview(this.node.attrs.original)
    this.preview.textContent = text
    this.preview.hidden = text === ''
  }

  private showRemoveButton(focus: boolean): void {
    const remove = element('button', 'ot-unsupported__action', 'Remove…')
    remove.type = 'button'
    remove.setAttribute('aria-label', REMOVE_BLOCK_LABEL)
    remove.addEventListener('click', () => this.confirm())
    this.actions.replaceChildren(remove)
    if (focus) remove.focus()
  }

  private confirm(): void {
    const question = element('span', 'ot-unsupported__question', 'Remove it from the description?')
    const yes = element('button', 'ot-unsupported__action ot-unsupported__action--danger', 'Remove')
    yes.type = 'button'
    yes.addEventListener('click', () => this.remove())
    const no = element('button', 'ot-unsupported__action', 'Keep it')
    no.type = 'button'
    no.addEventListener('click', () => this.showRemoveButton(true))
    this.actions.replaceChildren(question, yes, no)
    // The safe answer has the focus: a held or doubled Enter, whose repeats land on whatever is focused
    // after the first, must not answer "Remove" for the person.
    no.focus()
  }

  private remove(): void {
    const pos = this.getPos()
    if (pos === undefined || !this.view.editable) return
    const { state } = this.view
    this.view.dispatch(
      state.tr
        .delete(pos, pos + this.node.nodeSize)
        .setMeta(REMOVE_UNKNOWN_META, true)
        .scrollIntoView(),
    )
    this.view.focus()
    this.onRemoved()
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false
    const changed = node.attrs.original !== this.node.attrs.original
    this.node = node
    if (changed) this.showPreview()
    return true
  }

  /** The buttons are this view's own: ProseMirror must not take their clicks and keys as edits. */
  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.actions.contains(event.target)
  }

  ignoreMutation(): boolean {
    return true
  }
}
