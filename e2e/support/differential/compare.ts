import type { EditorKind, Json, RecordedSelection } from './page-api'
import type { EditorRun } from './runner'
import { describeStep, type Step } from './steps'

/**
 * The references the app is compared with: itself without chunks (any document) and stock TipTap (the
 * documents here are StarterKit's alone).
 */
const REFERENCES = ['flat', 'stock'] as const
type Reference = (typeof REFERENCES)[number]

const NAMES: Record<EditorKind, string> = {
  app: 'app',
  flat: 'flat (the app without chunks)',
  stock: 'stock TipTap',
}

export interface Verdict {
  /** Everything that makes the test fail, each a paragraph naming the step, the editors and what they did. */
  problems: string[]
  /** Steps from which a reference was no longer compared with, and sessions cut short, and why. */
  notes: string[]
}

const point = ({ block, offset }: { block: number; offset: number }) => `${block}:${offset}`
export const formatSelection = (selection: RecordedSelection | null): string =>
  selection
    ? `anchor ${point(selection.anchor)} → head ${point(selection.head)} (${selection.type})`
    : 'no selection'

const sameSelection = (a: RecordedSelection | null, b: RecordedSelection | null) =>
  JSON.stringify(a) === JSON.stringify(b)

const truncate = (text: string, length = 400) => (text.length > length ? `${text.slice(0, length)}…` : text)

/** Where two documents first differ, in words; null when they are the same. */
export function documentDifference(a: Json | null, b: Json | null): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null
  const blocksOf = (doc: Json | null): Json[] =>
    doc && typeof doc === 'object' && !Array.isArray(doc) && Array.isArray(doc.content) ? doc.content : []
  const [left, right] = [blocksOf(a), blocksOf(b)]
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const [x, y] = [JSON.stringify(left[index] ?? null), JSON.stringify(right[index] ?? null)]
    if (x !== y) {
      return `${left.length} and ${right.length} blocks; first difference at block ${index}:\n      ${truncate(x)}\n    vs ${truncate(y)}`
    }
  }
  return `the document nodes differ: ${truncate(JSON.stringify(a))} vs ${truncate(JSON.stringify(b))}`
}

/**
 * Compares the app's run with each reference's, step by step. Selections read (top-level block):(position
 * inside it). A pair is reported at its first differing step only (what follows a difference says
 * little), and by its final documents. Where a reference plainly failed the person (a step's intent
 * check: text typed out of order, Ctrl+End short of the end), it stops being a reference from that step
 * on, and the app is held to the intended result instead.
 */
export function compareRuns(
  name: string,
  steps: readonly Step[],
  runs: Record<EditorKind, EditorRun>,
): Verdict {
  const problems: string[] = []
  const notes: string[] = []
  const compared = new Set<Reference>(REFERENCES)
  const diverged = new Set<Reference>()
  const stepTitle = (index: number) =>
    `${name}, step ${index + 1} of ${steps.length}: ${describeStep(steps[index]!)}`

  for (let index = 0; index < steps.length; index++) {
    const app = runs.app.steps[index]
    const errors = [app?.error, runs.flat.steps[index]?.error, runs.stock.steps[index]?.error]
    if (errors[0] !== undefined && errors.every((error) => error === errors[0])) {
      // Not a difference: the session asked for something no editor's page allowed (a drop target out of
      // view after earlier steps). Nothing after it ran.
      notes.push(
        `${stepTitle(index)} — could not be carried out in any editor (${errors[0]}); the session ends there`,
      )
      return { problems, notes }
    }
    if (app?.error !== undefined)
      problems.push(`${stepTitle(index)}\n  the app could not carry it out: ${app.error}`)
    // When no editor at all did what the step's check expects, the check asked for more than the browser
    // gives (Shift+click after a double click extends by words and moves the anchor in every editor):
    // the editors are compared with each other as usual.
    const nobodyMeantIt =
      typeof app?.intent === 'string' &&
      REFERENCES.every((reference) => typeof runs[reference].steps[index]?.intent === 'string')
    if (nobodyMeantIt) {
      notes.push(
        `${stepTitle(index)} — no editor did what its check expects (${app.intent}); compared as usual`,
      )
    } else if (typeof app?.intent === 'string') {
      problems.push(`${stepTitle(index)}\n  the app did not do what the person meant: ${app.intent}`)
    }
    for (const reference of REFERENCES) {
      if (!compared.has(reference)) continue
      const record = runs[reference].steps[index]
      if (record?.error !== undefined || (typeof record?.intent === 'string' && !nobodyMeantIt)) {
        compared.delete(reference)
        const why =
          record.error !== undefined
            ? `could not carry it out (${record.error})`
            : `did not do what the person meant (${record.intent})`
        notes.push(`${stepTitle(index)} — ${NAMES[reference]} ${why}; not compared with from here on`)
        continue
      }
      if (diverged.has(reference) || !app || !record || app.error !== undefined) continue
      if (!sameSelection(app.selection, record.selection)) {
        diverged.add(reference)
        problems.push(
          `${stepTitle(index)}\n  selection differs between the app and ${NAMES[reference]}:\n    ${'app'.padEnd(5)} ${formatSelection(app.selection)}\n    ${reference.padEnd(5)} ${formatSelection(record.selection)}`,
        )
      }
    }
  }
  for (const reference of compared) {
    if (runs.app.document === null || runs[reference].document === null) continue
    const difference = documentDifference(runs.app.document, runs[reference].document)
    if (difference)
      problems.push(`${name}, final document differs between the app and ${NAMES[reference]}: ${difference}`)
  }
  return { problems, notes }
}
