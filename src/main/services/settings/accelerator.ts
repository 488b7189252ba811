/**
 * Checks a keyboard shortcut written in Electron's accelerator syntax ("CommandOrControl+Shift+O") before
 * it reaches globalShortcut.register, which would otherwise fail silently or, worse, take over a plain
 * key system-wide. Used for the user's setting and for the GlobalShortcut policy alike. Pure: no Electron.
 */

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; problem: string }

/** Canonical spelling of each modifier, keyed by its lower-case form. */
const modifiers = new Map<string, string>(
  [
    'Command',
    'Cmd',
    'Control',
    'Ctrl',
    'CommandOrControl',
    'CmdOrCtrl',
    'Alt',
    'Option',
    'AltGr',
    'Shift',
    'Super',
    'Meta',
  ].map((name) => [name.toLowerCase(), name]),
)

const namedKeys = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
  ...Array.from({ length: 10 }, (_, i) => `num${i}`),
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
]
const keys = new Map<string, string>(namedKeys.map((name) => [name.toLowerCase(), name]))
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') keys.set(c.toLowerCase(), c)
// Punctuation keys are written as themselves; "+" must be written "Plus" because it separates the parts.
for (const c of ')!@#$%^&*(:;\'=<,_->.?/~`{][|\\}"') keys.set(c, c)

/** Keys that may be used without a modifier: nothing types them, so taking them system-wide is harmless. */
const standaloneKeys = new Set([
  ...Array.from({ length: 12 }, (_, i) => `F${i + 13}`),
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
])

const example = 'for example CommandOrControl+Shift+O'

export function checkAccelerator(input: string): AcceleratorCheck {
  const text = input.trim()
  if (text === '') return { ok: false, problem: `The shortcut is empty. Enter one, ${example}.` }
  if (text.length > 100) return { ok: false, problem: 'The shortcut is too long to be a key combination.' }
  const parts = text.split('+').map((part) => part.trim())
  if (parts.some((part) => part === '')) {
    return {
      ok: false,
      problem: `“${text}” has an empty part. Write the plus key as “Plus”, ${example}.`,
    }
  }
  const keyPart = parts.at(-1) ?? ''
  const key = keys.get(keyPart.toLowerCase()) ?? keys.get(keyPart)
  if (!key) {
    if (modifiers.has(keyPart.toLowerCase())) {
      return { ok: false, problem: `“${text}” has no key after the modifiers, ${example}.` }
    }
    return { ok: false, problem: `“${keyPart}” is not a key Operately Tray knows, ${example}.` }
  }
  const seen = new Set<string>()
  const chosen: string[] = []
  for (const part of parts.slice(0, -1)) {
    const modifier = modifiers.get(part.toLowerCase())
    if (!modifier)
      return { ok: false, problem: `“${part}” is not a modifier key (Ctrl, Alt, Shift, Command…).` }
    if (seen.has(modifier)) return { ok: false, problem: `“${text}” names ${modifier} twice.` }
    seen.add(modifier)
    chosen.push(modifier)
  }
  // A global shortcut applies in every app: a bare letter or Shift+letter would stop people typing it.
  const hasRealModifier = chosen.some((modifier) => modifier !== 'Shift')
  if (!hasRealModifier && !standaloneKeys.has(key)) {
    return {
      ok: false,
      problem: `“${text}” would take over that key in every app. Add Ctrl, Alt or Command, ${example}.`,
    }
  }
  return { ok: true, accelerator: [...chosen, key].join('+') }
}
