/*
 * What a person does in a session, one step at a time. Every place is a block and a character offset in
 * that block's text, resolved in each editor from its own layout when the step runs (never fixed pixels).
 */

/** `offset` characters into the text of top-level block `block`. */
export interface Aim {
  block: number
  offset: number
}

/** Where the person first scrolls to: `at` shown at `fraction` of the surface's height (0.5: the middle). */
export interface View {
  at: Aim
  fraction: number
}

export type Step =
  | { kind: 'scroll'; view: View }
  | { kind: 'click'; at: Aim; view?: View }
  | { kind: 'shiftClick'; at: Aim; view?: View }
  | { kind: 'doubleClick'; at: Aim; view?: View }
  | { kind: 'tripleClick'; at: Aim; view?: View }
  /** Press at `from`, move to `to` in small moves, release. The wheel scrolls on the way when `to` is out of view. */
  | { kind: 'drag'; from: Aim; to: Aim; view?: View }
  /** Press at `from`, move out past the surface's edge and hold there until it has scrolled all the way. */
  | { kind: 'dragOut'; from: Aim; edge: 'top' | 'bottom'; view?: View }
  /** Press inside the selection and drag it to `to` (drag and drop of the selected range). */
  | { kind: 'dragSelection'; to: Aim }
  /** Keys pressed one after the other, as Playwright names them ("Shift+ArrowDown", "Control+z"). */
  | { kind: 'keys'; keys: string[] }
  | { kind: 'type'; text: string }
  /** Click, then type at once: the first key with no pause after the mouse-up, the rest 80 ms apart. */
  | { kind: 'clickType'; at: Aim; text: string; view?: View }
  /** Tab from the control before the editor into it, then type at once as above. */
  | { kind: 'tabType'; text: string }
  /** Undo or Redo from the application menu: a beforeinput event, no key. */
  | { kind: 'historyInput'; inputType: 'historyUndo' | 'historyRedo' }
  /** A paste from another application (its HTML), as a paste event. */
  | { kind: 'pasteForeign'; html: string; plain: string }
  /** An input method composing `stages` one after the other, then committing `commit`. */
  | { kind: 'compose'; stages: string[]; commit: string }
  /** A spelling fix: `length` characters at `at` replaced by `replacement` (beforeinput insertReplacementText). */
  | { kind: 'spellFix'; at: Aim; length: number; replacement: string }
  /**
   * A person pausing longer than the history's grouping delay (500 ms): the next edit starts an undo
   * step of its own in every editor, however fast or slow each one ran the steps before.
   */
  | { kind: 'pause' }

const aim = ({ block, offset }: Aim) => `block ${block} char ${offset}`
const view = (step: { view?: View }) =>
  step.view
    ? ` (${aim(step.view.at)} scrolled to ${Math.round(step.view.fraction * 100)}% of the surface)`
    : ''

/** A step in words, for failure messages. */
export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'scroll':
      return `scroll so ${aim(step.view.at)} is at ${Math.round(step.view.fraction * 100)}% of the surface`
    case 'click':
    case 'shiftClick':
    case 'doubleClick':
    case 'tripleClick':
      return `${step.kind} at ${aim(step.at)}${view(step)}`
    case 'drag':
      return `mouse drag from ${aim(step.from)} to ${aim(step.to)}${view(step)}`
    case 'dragOut':
      return `mouse drag from ${aim(step.from)} out past the surface's ${step.edge} edge, held until it stops scrolling${view(step)}`
    case 'dragSelection':
      return `drag the selection and drop it at ${aim(step.to)}`
    case 'pause':
      return 'pause (a new undo step begins)'
    case 'keys':
      return `keys ${step.keys.join(', ')}`
    case 'type':
      return `type ${JSON.stringify(step.text)}`
    case 'clickType':
      return `click at ${aim(step.at)} and type ${JSON.stringify(step.text)} at once${view(step)}`
    case 'tabType':
      return `Tab into the editor and type ${JSON.stringify(step.text)} at once`
    case 'historyInput':
      return `${step.inputType} from the Edit menu (beforeinput)`
    case 'pasteForeign':
      return `paste HTML from another application (${JSON.stringify(step.plain.slice(0, 30))}…)`
    case 'compose':
      return `input method composes ${step.stages.map((stage) => JSON.stringify(stage)).join(' → ')}, commits ${JSON.stringify(step.commit)}`
    case 'spellFix':
      return `spelling fix: ${step.length} characters at ${aim(step.at)} → ${JSON.stringify(step.replacement)}`
  }
}
