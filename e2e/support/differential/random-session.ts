import type { DocumentSize } from './documents'
import { seededRandom, type Random } from './prng'
import { at, type Session } from './session'
import { FOREIGN_HTML, FOREIGN_TEXT } from './sessions-clipboard'
import type { Aim, Step } from './steps'

/*
 * Seeded random sessions drawn from the same kinds of steps as the fixed ones, but for the drag out to
 * the document's edge (seconds of autoscrolling in each editor; the fixed sessions have it). They stay
 * near chunk boundaries (a few blocks either side of a multiple of 40), where chunks could show, and move
 * to another boundary now and then. The same seed gives the same steps; the test prints it.
 */

const WORDS = ['x', 'new ', 'Hello world', ' and ', 'typed text ', 'A', '- ', '1. ', '> ']
const KEYS = [
  'Shift+ArrowDown',
  'Shift+ArrowUp',
  'Shift+ArrowLeft',
  'Shift+ArrowRight',
  'Shift+PageDown',
  'Shift+PageUp',
  'Control+a',
  'Control+Shift+End',
  'Control+Shift+Home',
  'Backspace',
  'Delete',
  'Enter',
  'Control+z',
  'Control+Shift+Z',
  'Control+c',
  'Control+x',
  'Control+v',
  'ArrowDown',
  'ArrowUp',
  'End',
  'Home',
]

type Draw = (random: Random, near: () => Aim, size: DocumentSize) => Step[]

/** Each kind of step with how often it is drawn (weights) and how its details are drawn. */
const KINDS: [number, Draw][] = [
  [6, (_r, near) => [{ kind: 'click', at: near() }]],
  [3, (_r, near) => [{ kind: 'shiftClick', at: near() }]],
  [2, (_r, near) => [{ kind: 'doubleClick', at: near() }]],
  [1, (_r, near) => [{ kind: 'tripleClick', at: near() }]],
  [4, (_r, near) => [{ kind: 'drag', from: near(), to: near() }]],
  [
    2,
    (random, near) => {
      const word = near()
      const target = random.chance(0.5) ? at(word.block, word.offset + 25) : at(word.block - 1, 12)
      return [
        { kind: 'doubleClick', at: word },
        { kind: 'dragSelection', to: target },
      ]
    },
  ],
  [8, (random) => [{ kind: 'keys', keys: [random.pick(KEYS)] }]],
  [5, (random) => [{ kind: 'type', text: random.pick(WORDS) }]],
  [2, (random, near) => [{ kind: 'clickType', at: near(), text: random.pick(['Quick ', 'ab', 'Now ']) }]],
  [1, () => [{ kind: 'tabType', text: 'Tab ' }]],
  [2, (random) => [{ kind: 'historyInput', inputType: random.chance(0.6) ? 'historyUndo' : 'historyRedo' }]],
  [1, () => [{ kind: 'pasteForeign', html: FOREIGN_HTML, plain: FOREIGN_TEXT }]],
  [1, () => [{ kind: 'compose', stages: ['s', 'su', 'すし'], commit: '寿司' }]],
  [1, (random, near) => [{ kind: 'spellFix', at: at(near().block, 0), length: 5, replacement: 'Blocks' }]],
]

const TOTAL_WEIGHT = KINDS.reduce((sum, [weight]) => sum + weight, 0)

function drawKind(random: Random): Draw {
  let roll = random.next() * TOTAL_WEIGHT
  for (const [weight, draw] of KINDS) {
    roll -= weight
    if (roll < 0) return draw
  }
  return KINDS[0]![1]
}

/** `steps` random steps on the document of `size` blocks, from `seed`. */
export function randomSession(seed: number, size: DocumentSize, steps: number): Session {
  const random = seededRandom(seed)
  const boundaries = Array.from({ length: Math.floor((size - 1) / 40) }, (_, index) => (index + 1) * 40)
  // The long document's boundaries used are a handful in its middle, so the session stays in one place.
  const pool = size === 5000 ? boundaries.filter((b) => b >= 2000 && b <= 2160) : boundaries
  let boundary = random.pick(pool)
  const near = (): Aim => at(Math.min(size - 1, Math.max(0, boundary + random.int(-3, 2))), random.int(0, 60))
  // A click first: the editor is not focused when it opens.
  const drawn: Step[] = [{ kind: 'click', at: near() }]
  while (drawn.length < steps) {
    if (random.chance(0.15)) boundary = random.pick(pool)
    drawn.push(...drawKind(random)(random, near, size))
  }
  return { name: `random session, seed ${seed}`, size, steps: drawn.slice(0, steps) }
}
